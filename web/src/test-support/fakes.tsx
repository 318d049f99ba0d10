import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import type { User } from '../api/user';
import { RootStore } from '../stores/RootStore';
import { StoresProvider } from '../stores/StoresContext';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; body: unknown } | ((call: FakeCall) => { status?: number; body: unknown });

/** A fetch stand-in: replies by "METHOD /path", records every call. */
export function fakeFetch(replies: Record<string, Reply>) {
  const calls: FakeCall[] = [];
  const impl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const call: FakeCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    const found = replies[`${method} ${url.pathname}`];
    const reply = typeof found === 'function' ? found(call) : (found ?? { status: 404, body: { success: false, error: 'ERR_NOT_FOUND' } });
    const status = reply.status ?? 200;
    return { ok: status >= 200 && status < 300, status, json: async () => reply.body } as Response;
  };
  return { impl: impl as typeof fetch, calls };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'ann',
    email: 'ann@example.com',
    role: 'regular',
    credits: 12.5,
    profileFilename: null,
    online: false,
    timezone: 'Europe/Zagreb',
    lichessUsername: '',
    lichessBulletRating: 0,
    lichessBlitzRating: 0,
    lichessRapidRating: 0,
    pricePerMin: 0,
    minsPerSideMin: 1,
    minsPerSideMax: 120,
    onlineSchedule: null,
    title: null,
    firstName: 'Ann',
    lastName: 'Lee',
    incomingChallengeAlertEnabled: false,
    providesPostgameAnalysis: false,
    availableForScheduledChallenges: true,
    ...overrides,
  };
}

export function makeStore(options: { user?: User | null; replies?: Record<string, Reply>; reload?: () => void } = {}) {
  window.localStorage.clear();
  if (options.user) {
    window.localStorage.setItem('token', 'tok-123');
    window.localStorage.setItem('user', JSON.stringify(options.user));
  }
  const fetch = fakeFetch(options.replies ?? {});
  const store = new RootStore({ fetchImpl: fetch.impl, reload: options.reload ?? (() => undefined), browserTimezone: () => 'Europe/Zagreb' });
  return { store, calls: fetch.calls };
}

/** Renders a page inside the stores and a memory router (extra routes let a test see where it navigated). */
export function renderPage(
  element: ReactElement,
  { path = '/', route = '/', store, extra = [] }: { path?: string; route?: string; store: RootStore; extra?: RouteObject[] },
) {
  // Declarative MemoryRouter: jsdom has no fetch Request, which data routers need to navigate.
  const utils = render(
    <StoresProvider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <Routed routes={[{ path, element }, ...extra]} />
      </MemoryRouter>
    </StoresProvider>,
  );
  return utils;
}

function Routed({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
