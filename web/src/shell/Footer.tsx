import { Link } from 'react-router';
import { SOCIAL_LINKS } from './nav';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <span className="brand__mark" aria-hidden="true">
            ♔
          </span>{' '}
          Titled Chess
          <p className="site-footer__tag">Train with verified titled players, on your schedule.</p>
        </div>
        <nav aria-label="Footer" className="site-footer__links">
          <Link to="/about">About</Link>
          <Link to="/contact">Contact</Link>
          <Link to="/privacy">Privacy</Link>
        </nav>
        <nav aria-label="Social" className="site-footer__links">
          {SOCIAL_LINKS.map((s) => (
            <a key={s.to} href={s.to} target="_blank" rel="noopener noreferrer">
              {s.label}
            </a>
          ))}
        </nav>
      </div>
      <p className="site-footer__copy">© {new Date().getFullYear()} Titled Chess. All rights reserved.</p>
    </footer>
  );
}
