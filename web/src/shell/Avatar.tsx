import { profileImageUrl, type User } from '../api/user';

/** The profile picture (or initials) at a fixed size: 44 px in the header, 100 px on My Account. */
export function Avatar({ user, size }: { user: Pick<User, 'profileFilename' | 'firstName' | 'lastName' | 'email'>; size: number }) {
  const src = profileImageUrl(user.profileFilename);
  const initials = ((user.firstName[0] ?? '') + (user.lastName[0] ?? '')).toUpperCase() || (user.email[0] ?? '?').toUpperCase();
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  return src ? (
    <img className="avatar" src={src} alt="" width={size} height={size} style={style} />
  ) : (
    <span className="avatar avatar--initials" style={style} aria-hidden="true">
      {initials}
    </span>
  );
}
