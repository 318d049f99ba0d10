import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { displayName } from '../api/user';
import { useStores } from '../stores/StoresContext';
import { Avatar } from './Avatar';
import { moveMenuFocus, useDismiss } from './useDismiss';

/** The signed-in user's menu: Edit My Account and Log out. */
export const ProfileMenu = observer(function ProfileMenu() {
  const { session, auth } = useStores();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, ref, buttonRef);
  // Opened from the keyboard or not, focus goes to the first item so the arrows work at once.
  const [focusFirst, setFocusFirst] = useState<'first' | 'last' | null>(null);
  useEffect(() => {
    if (!open || !focusFirst || !listRef.current) return;
    moveMenuFocus(listRef.current, focusFirst === 'first' ? 'Home' : 'End');
    setFocusFirst(null);
  }, [open, focusFirst]);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    setOpen(true);
    setFocusFirst(e.key === 'ArrowDown' ? 'first' : 'last');
  };
  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Tab') setOpen(false);
    else if (listRef.current && moveMenuFocus(listRef.current, e.key)) e.preventDefault();
  };

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
        ref={buttonRef}
        onKeyDown={onButtonKey}
        onClick={() => {
          setOpen((v) => !v);
          setFocusFirst('first');
        }}
      >
        <Avatar user={user} size={44} />
        <span className="visually-hidden">Profile menu for {displayName(user)}</span>
      </button>
      {open && (
        <div className="profile-menu__list" id={menuId} role="menu" ref={listRef} onKeyDown={onListKey} aria-label="Profile">
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
