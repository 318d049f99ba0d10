import { afterSignIn } from '../routes/guards';
import { makeStore, makeUser } from '../test-support/fakes';

/** A window stand-in with controllable popup and timers. */
function fakeWindow(popup: { closed: boolean } | null) {
  const intervals: Array<() => void> = [];
  const win = {
    screenX: 0,
    screenY: 0,
    outerWidth: 1200,
    outerHeight: 900,
    open: jest.fn(() => popup),
    location: { assign: jest.fn() },
    setInterval: jest.fn((fn: () => void, ms: number) => {
      expect(ms).toBe(1000);
      intervals.push(fn);
      return intervals.length;
    }),
    clearInterval: jest.fn(),
  };
  return { win: win as unknown as Window, raw: win, tick: () => intervals.forEach((fn) => fn()) };
}

describe('Google sign-in', () => {
  it('opens a 500x600 popup on /api/oauth/google with the timezone and polls it every second', () => {
    const { store } = makeStore();
    const { win, raw } = fakeWindow({ closed: false });
    store.auth.signInWithGoogle(() => undefined, win);
    const [url, , features] = raw.open.mock.calls[0] as unknown as [string, string, string];
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(url).toBe(`/api/oauth/google?timezone=${encodeURIComponent(timezone)}`);
    expect(features).toContain('width=500');
    expect(features).toContain('height=600');
    expect(raw.setInterval).toHaveBeenCalledTimes(1);
  });

  it('goes on only when the popup has closed and a token exists locally', () => {
    const { store } = makeStore();
    const popup = { closed: false };
    const { win, tick } = fakeWindow(popup);
    const onSignedIn = jest.fn();
    store.auth.signInWithGoogle(onSignedIn, win);
    tick();
    expect(onSignedIn).not.toHaveBeenCalled();
    // The callback page writes the session into localStorage, then the popup closes.
    window.localStorage.setItem('token', 'g-token');
    window.localStorage.setItem('user', JSON.stringify(makeUser()));
    popup.closed = true;
    tick();
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(store.session.token).toBe('g-token');
  });

  it('does not go on when the popup closed without signing in', () => {
    const { store } = makeStore();
    const { win, tick } = fakeWindow({ closed: true });
    const onSignedIn = jest.fn();
    store.auth.signInWithGoogle(onSignedIn, win);
    tick();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('navigates the same window when popups are blocked', () => {
    const { store } = makeStore();
    const { win, raw } = fakeWindow(null);
    store.auth.signInWithGoogle(() => undefined, win);
    expect(raw.location.assign).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/oauth\/google\?timezone=/));
    expect(raw.setInterval).not.toHaveBeenCalled();
  });
});

describe('afterSignIn', () => {
  it('returns to the page that required login, and never to another site', () => {
    expect(afterSignIn({ from: '/topup?status=success' })).toBe('/topup?status=success');
    expect(afterSignIn({ from: '//evil.example.com' })).toBe('/');
    expect(afterSignIn({ from: 'https://evil.example.com' })).toBe('/');
    expect(afterSignIn(null)).toBe('/');
  });
});

describe('logout', () => {
  it('revokes the token on the server and clears the session', async () => {
    const { store, calls } = makeStore({ user: makeUser(), replies: { 'POST /api/logout': { body: { success: true } } } });
    await store.auth.logout();
    expect(calls[0]).toMatchObject({ path: '/api/logout' });
    expect(calls[0]?.headers.Authorization).toBe('tok-123');
    expect(store.session.signedIn).toBe(false);
  });
});
