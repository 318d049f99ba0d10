import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useStores } from '../stores/StoresContext';

export interface FromState {
  from?: string;
}

/** Sends visitors to /login, remembering where they wanted to go. */
export const RequireAuth = observer(function RequireAuth({ children }: { children: ReactNode }) {
  const { session } = useStores();
  const location = useLocation();
  if (!session.signedIn) {
    const from = location.pathname + location.search;
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  return <>{children}</>;
});

/** Admin screens: visitors go to /login, signed-in non-admins to /. */
export const RequireAdmin = observer(function RequireAdmin({ children }: { children: ReactNode }) {
  const { session } = useStores();
  const location = useLocation();
  if (!session.signedIn) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search } satisfies FromState} />;
  }
  if (session.user?.role !== 'admin') return <Navigate to="/" replace />;
  return <>{children}</>;
});

/** Where to go after signing in: back to the page that asked for it, else '/'. */
export function afterSignIn(state: unknown): string {
  const from = (state as FromState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
