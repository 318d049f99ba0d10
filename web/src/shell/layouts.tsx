import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { routeMeta } from '../../../content/route-meta';
import { Footer } from './Footer';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

/** Sets document.title and the meta description for every navigation. */
function useRouteMeta(pathname: string): void {
  useEffect(() => {
    const meta = routeMeta(pathname);
    document.title = meta.title;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = meta.description;
  }, [pathname]);
}

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" /> Loading…
    </div>
  );
}

/** Every page: header, content, footer. The header stays mounted across navigations. */
export function RootLayout() {
  const { pathname } = useLocation();
  useRouteMeta(pathname);
  // Braces matter: Chromium's scrollTo now returns a Promise, which React would take for a clean-up function.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return (
    <div className="app-root">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

/** The app shell's body: sidebar plus the screen (play, schedule, settings, topup, admin). */
export const AppArea = observer(function AppArea({ children }: { children?: ReactNode }) {
  return (
    <div className="app-area">
      <Sidebar />
      <div className="app-area__content">
        <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
      </div>
    </div>
  );
});
