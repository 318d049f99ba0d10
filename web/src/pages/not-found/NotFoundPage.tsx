import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SITE_NAME } from '../../../../content/route-meta';
import { ButtonLink } from '../../design';

/** The title every tab and bookmark shows for a page that does not exist. */
export const NOT_FOUND_TITLE = `Page not found | ${SITE_NAME}`;

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    // The layout names every route by its path (an unknown one gets the default title) in its own effect, which
    // React runs after this child's; set ours just after it.
    const timer = setTimeout(() => (document.title = NOT_FOUND_TITLE), 0);
    return () => clearTimeout(timer);
  }, [pathname]);
  return (
    <div className="page page--narrow" style={{ textAlign: 'center' }}>
      <h1>Page not found</h1>
      <p className="page__lead">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/">Go to the home page</ButtonLink>
    </div>
  );
}
