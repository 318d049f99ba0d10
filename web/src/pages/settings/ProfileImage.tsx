import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { Button } from '../../design';
import { Avatar } from '../../shell/Avatar';
import { useStores } from '../../stores/StoresContext';

/** Profile picture (100 px) and its upload: only image files; states init / uploading. */
export const ProfileImage = observer(function ProfileImage() {
  const { session, account } = useStores();
  const input = useRef<HTMLInputElement>(null);
  const user = session.user;
  if (!user) return null;
  const uploading = account.uploadState === 'uploading';
  return (
    <div className="profile-image">
      <Avatar user={user} size={100} />
      <div>
        <input
          ref={input}
          id="profile-image-input"
          className="visually-hidden"
          type="file"
          accept="image/*"
          aria-label="Profile image"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void account.uploadProfileImage(file);
          }}
        />
        <Button variant="secondary" size="sm" busy={uploading} disabled={uploading} onClick={() => input.current?.click()}>
          {uploading ? 'Uploading…' : 'Change picture'}
        </Button>
        <p className="field__hint" style={{ marginTop: 8 }}>
          PNG, JPEG, WebP or GIF, up to 5 MB.
        </p>
      </div>
    </div>
  );
});
