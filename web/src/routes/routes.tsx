import { observer } from 'mobx-react-lite';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { AppArea, RootLayout } from '../shell/layouts';
import { RouteError } from '../shell/RouteError';
import { useStores } from '../stores/StoresContext';
import { RequireAdmin, RequireAuth } from './guards';

// Every screen is its own chunk: a visitor on the landing page downloads none of the signed-in app.
const LandingPage = lazy(() => import('../pages/landing/LandingPage'));
const PlayersPage = lazy(() => import('../pages/players/PlayersPage'));
const AboutPage = lazy(() => import('../pages/about/AboutPage'));
const PrivacyPage = lazy(() => import('../pages/privacy/PrivacyPage'));
const ContactPage = lazy(() => import('../pages/contact/ContactPage'));
const LoginPage = lazy(() => import('../pages/auth/LoginPage'));
const SignupPage = lazy(() => import('../pages/auth/SignupPage'));
const ResetPasswordPage = lazy(() => import('../pages/auth/ResetPasswordPage'));
const SetPasswordPage = lazy(() => import('../pages/auth/SetPasswordPage'));
const PlayPage = lazy(() => import('../pages/play/PlayPage'));
const SchedulePage = lazy(() => import('../pages/schedule/SchedulePage'));
const SettingsPage = lazy(() => import('../pages/settings/SettingsPage'));
const TopUpPage = lazy(() => import('../pages/topup/TopUpPage'));
const AdminPage = lazy(() => import('../pages/admin/AdminPage'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'));

/** `/`: the app shell with the play screen when signed in, the landing page otherwise. */
const Home = observer(function Home() {
  const { session } = useStores();
  return session.signedIn ? (
    <AppArea>
      <PlayPage />
    </AppArea>
  ) : (
    <LandingPage />
  );
});

/**
 * Every route renders inside one error boundary under the layout, so a page that fails (its code file did not
 * load, or it threw) shows our own screen with the header still there; the root's boundary covers the layout.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Home /> },
          {
            element: <AppArea />,
            children: [
              { path: 'play', element: <PlayPage /> },
              { path: 'schedule', element: <SchedulePage /> },
              { path: 'settings', element: <RequireAuth><SettingsPage /></RequireAuth> },
              { path: 'topup', element: <RequireAuth><TopUpPage /></RequireAuth> },
              { path: 'admin/*', element: <RequireAdmin><AdminPage /></RequireAdmin> },
            ],
          },
          { path: 'landing', element: <LandingPage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'players', element: <PlayersPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'signup', element: <SignupPage /> },
          { path: 'reset_password', element: <ResetPasswordPage /> },
          { path: 'set_password', element: <SetPasswordPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
