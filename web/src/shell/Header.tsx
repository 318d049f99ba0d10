import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ButtonLink } from '../design';
import { useStores } from '../stores/StoresContext';
import { formatCredits, headerNav, sidebarNav } from './nav';
import { ProfileMenu } from './ProfileMenu';
import { useDismiss } from './useDismiss';

/** The header: logo, nav items, credits (to /topup), profile menu or Log In / Sign Up, burger on mobile. */
export const Header = observer(function Header() {
  const { session, account } = useStores();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const signedIn = session.signedIn;

  // The user refresh on header load, then the timezone from the browser when the user has none.
  useEffect(() => {
    if (!signedIn) return;
    void account.refreshUser().then(() => account.ensureTimezone());
  }, [signedIn, account]);

  useEffect(() => setMenuOpen(false), [location.pathname]);
  // The burger and its menu together: a press anywhere else, or Escape, closes the menu.
  const headerRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDismiss(menuOpen, closeMenu, headerRef, burgerRef);

  return (
    <header className="site-header" ref={headerRef}>
      <div className="site-header__inner">
        <button
          type="button"
          className="burger"
          ref={burgerRef}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((v) => !v)}
        >
          <span className="burger__bar" />
          <span className="burger__bar" />
          <span className="burger__bar" />
        </button>
        <Link to="/" className="brand" aria-label="Titled Chess home">
          <span className="brand__mark" aria-hidden="true">
            ♔
          </span>
          <span className="brand__name">Titled Chess</span>
        </Link>
        <nav className="header-nav" aria-label="Main">
          {headerNav().map((item) => (
            <NavLink key={item.to} to={item.to} className="header-nav__link">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="site-header__actions">
          {signedIn && session.user ? (
            <>
              <Link to="/topup" className="credits-pill" title="Add credits">
                <span className="visually-hidden">Credits: </span>
                <span data-testid="header-credits">{formatCredits(session.user.credits)}</span>
                <span className="credits-pill__plus" aria-hidden="true">
                  +
                </span>
              </Link>
              <ProfileMenu />
            </>
          ) : (
            <>
              <ButtonLink to="/login" variant="ghost" size="sm" className="hide-xs">
                Log In
              </ButtonLink>
              <ButtonLink to="/signup" variant="primary" size="sm">
                Sign Up
              </ButtonLink>
            </>
          )}
        </div>
      </div>
      <nav id="mobile-menu" className="mobile-menu" aria-label="Menu" hidden={!menuOpen}>
        {sidebarNav(session.user).map((item) => (
          <NavLink key={item.to} to={item.to} className="mobile-menu__link">
            {item.label}
          </NavLink>
        ))}
      </nav>
    </header>
  );
});
