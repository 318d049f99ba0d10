import { render, screen } from '@testing-library/react';
import { ClientLogger, LOG_QUEUE_CAP, type LogEntry } from '../logging/ClientLogger';
import { makeStore, makeUser } from '../test-support/fakes';
import { SessionStore } from './SessionStore';
import { settingsQuery } from './settings-query';
import { useStores } from './StoresContext';

describe('SessionStore', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the user and token under the keys `user` and `token` and removes both on logout', () => {
    const session = new SessionStore(window.localStorage);
    session.login(makeUser(), 'tok');
    expect(window.localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').email).toBe('ann@example.com');
    session.logout();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(session.signedIn).toBe(false);
  });

  it('drops a stored user that fails the shape check', () => {
    window.localStorage.setItem('token', 'tok');
    window.localStorage.setItem('user', JSON.stringify({ id: 'x', email: 3 }));
    expect(new SessionStore(window.localStorage).signedIn).toBe(false);
  });
});

describe('RootStore and AccountStore', () => {
  it('clears the session and reloads when a call answers ERR_TOKEN_EXPIRED', async () => {
    const reload = jest.fn();
    const { store } = makeStore({
      user: makeUser(),
      reload,
      replies: { 'POST /api/load_user': { status: 401, body: { success: false, error: 'ERR_TOKEN_EXPIRED' } } },
    });
    await store.account.refreshUser();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(store.session.signedIn).toBe(false);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('replaces the stored user with the refreshed one', async () => {
    const { store } = makeStore({
      user: makeUser(),
      replies: { 'POST /api/load_user': { body: { success: true, user: makeUser({ credits: 100 }) } } },
    });
    await store.account.refreshUser();
    expect(store.session.user?.credits).toBe(100);
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').credits).toBe(100);
  });

  it('sets the timezone from the browser only when the user has none', async () => {
    const { store, calls } = makeStore({
      user: makeUser({ timezone: null }),
      replies: { 'POST /api/update_profile': (c) => ({ body: { success: true, user: makeUser(c.body as object) } }) },
    });
    await store.account.ensureTimezone();
    expect(calls[0]).toMatchObject({ path: '/api/update_profile', body: { timezone: 'Europe/Zagreb' } });
    expect(store.session.user?.timezone).toBe('Europe/Zagreb');
    await store.account.ensureTimezone();
    expect(calls).toHaveLength(1);
  });

  it('rejects a profile image that is not an image without calling the server', async () => {
    const { store, calls } = makeStore({ user: makeUser() });
    await store.account.uploadProfileImage(new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(calls).toHaveLength(0);
    expect(store.account.uploadState).toBe('init');
  });

  it('goes uploading -> init around an upload and stores the new file name', async () => {
    const { store } = makeStore({
      user: makeUser(),
      replies: { 'POST /api/save_profile_image': { body: { success: true, profile_filename: 'abc.webp' } } },
    });
    const pending = store.account.uploadProfileImage(new File(['x'], 'a.png', { type: 'image/png' }));
    expect(store.account.uploadState).toBe('uploading');
    await pending;
    expect(store.account.uploadState).toBe('init');
    expect(store.session.user?.profileFilename).toBe('abc.webp');
  });

  it('shows an empty statement when get_transactions fails', async () => {
    const { store } = makeStore({ user: makeUser(), replies: { 'GET /api/get_transactions': { status: 500, body: { success: false } } } });
    await store.account.loadTransactions();
    expect(store.account.statement).toEqual([]);
    expect(store.account.transactionsLoaded).toBe(true);
  });

  it('keeps the grouped entries and drops the ones that fail the shape check', async () => {
    const good = { id: 2, created_at: '2026-11-23T10:00:00.000Z', kind: 'topup', description: 'Added 100.00 credits (paid US$90.00, 10% off)', amount: 100, lines: [] };
    const { store } = makeStore({
      user: makeUser(),
      replies: { 'GET /api/get_transactions': { body: { success: true, entries: [good, { id: 3, amount: '5' }, null] } } },
    });
    await store.account.loadTransactions();
    expect(store.account.statement).toEqual([good]);
  });
});

describe('settingsQuery', () => {
  const base = { firstName: 'A', lastName: 'B', lichessUsername: 'ab', incomingChallengeAlertEnabled: true };

  it('omits a null timezone and sends no pro fields for a regular user', () => {
    const q = settingsQuery({ ...base, timezone: null });
    expect(q).not.toHaveProperty('timezone');
    expect(q).not.toHaveProperty('pricePerMin');
    expect(q).not.toHaveProperty('onlineScheduleFrom');
  });

  it('sends onlineSchedule as onlineScheduleFrom/To, empty strings when cleared, price in US$', () => {
    const pro = {
      title: 'GM',
      lichessBulletRating: 1,
      lichessBlitzRating: 2,
      lichessRapidRating: 3,
      pricePerMin: 1.25,
      minsPerSideMin: 3,
      minsPerSideMax: 60,
      availableForScheduledChallenges: true,
      providesPostgameAnalysis: false,
    };
    expect(settingsQuery({ ...base, timezone: 'UTC', pro: { ...pro, onlineSchedule: { from: '08:00', to: '23:00' } } })).toMatchObject({
      timezone: 'UTC',
      onlineScheduleFrom: '08:00',
      onlineScheduleTo: '23:00',
      pricePerMin: 1.25,
    });
    expect(settingsQuery({ ...base, timezone: 'UTC', pro: { ...pro, onlineSchedule: null } })).toMatchObject({
      onlineScheduleFrom: '',
      onlineScheduleTo: '',
    });
  });
});


describe('ClientLogger', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps at most 10,000 entries, dropping the oldest', () => {
    const logger = new ClientLogger(() => 5, window.localStorage);
    for (let i = 0; i < LOG_QUEUE_CAP + 3; i++) logger.info(`m${i}`);
    expect(logger.size).toBe(LOG_QUEUE_CAP);
  });

  it('writes entries with uuid, level, message, context, timestamp, user_id and app_load_uuid', async () => {
    const sent: LogEntry[][] = [];
    const logger = new ClientLogger(() => 5, window.localStorage, () => new Date('2026-01-01T00:00:00Z'));
    logger.warn('hello', { a: 1 });
    await logger.start({ send: async (logs) => (sent.push(logs), true), beacon: () => true })();
    await logger.flush();
    expect(sent[0]?.[0]).toMatchObject({ level: 'warn', message: 'hello', context: { a: 1 }, timestamp: '2026-01-01T00:00:00.000Z', user_id: 5, app_load_uuid: logger.appLoadUuid });
    expect(logger.size).toBe(0);
  });

  it('keeps entries queued when the server does not take them', async () => {
    const logger = new ClientLogger(() => null, window.localStorage);
    logger.error('boom');
    const stop = logger.start({ send: async () => false, beacon: () => false });
    await logger.flush();
    stop();
    expect(logger.size).toBe(1);
  });

  it('flushes through the beacon when the page is hidden', () => {
    const logger = new ClientLogger(() => null, window.localStorage);
    const beacon = jest.fn(() => true);
    const stop = logger.start({ send: async () => false, beacon });
    logger.info('x');
    window.dispatchEvent(new Event('pagehide'));
    stop();
    expect(beacon).toHaveBeenCalled();
    expect(logger.size).toBe(0);
  });
});

describe('useStores', () => {
  it('throws outside the provider', () => {
    const Probe = () => {
      useStores();
      return <span>ok</span>;
    };
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow(/StoresProvider/);
    expect(screen.queryByText('ok')).toBeNull();
  });
});
