import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { displayName } from '../api/user';
import { useStores } from '../stores/StoresContext';
import { Avatar } from './Avatar';

/** The signed-in user's menu: Edit My Account and Log out. */
export const ProfileMenu = observer(function ProfileMenu() {
  const { session, auth } = useStores();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const user = session.user;
  if (!user) return null;

  const logOut = async () => {
    setOpen(false);
    await auth.logout();
    navigate('/');
  };

  return (
    <div className="profile-menu" ref={ref}>
      <button
        type="button"
        className="profile-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar user={user} size={44} />
        <span className="visually-hidden">Profile menu for {displayName(user)}</span>
      </button>
      {open && (
        <div className="profile-menu__list" id={menuId} role="menu">
          <div className="profile-menu__who">
            <strong>{displayName(user)}</strong>
            {displayName(user) !== user.email && <span className="muted">{user.email}</span>}
          </div>
          <Link role="menuitem" className="profile-menu__item" to="/settings" onClick={() => setOpen(false)}>
            Edit My Account
          </Link>
          <button role="menuitem" type="button" className="profile-menu__item" onClick={() => void logOut()}>
            Log out
          </button>
        </div>
      )}
    </div>
  );
});
