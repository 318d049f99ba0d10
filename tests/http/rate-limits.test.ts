import { AuthTokenRepository, PasswordResetRepository } from '../../application/ports/users';
import { OAuthAttemptRepository } from '../../application/ports/records';
import { ClientLogRepository } from '../../application/ports/records';
import { PurgeService } from '../../application/support/purge-service';
import { describeEachDialect } from '../support/databases';
import { signUp, startTestServer, type TestServer } from '../support/http';

/** Behind one trusted proxy, so each test can speak from the address it chooses. */
async function limitedServer(dialect: 'sqlite' | 'postgres' = 'sqlite'): Promise<TestServer> {
  return startTestServer({ dialect, trustProxy: true, env: { RATE_LIMITS: 'on', RATE_LIMIT_MAX: '10', RATE_LIMIT_WINDOW_MINUTES: '15' } });
}

const from = (ip: string) => ({ 'X-Forwarded-For': ip });

describe('login limits count failures, and cannot lock the owner out', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await limitedServer();
  });
  afterEach(async () => server.close());

  const login = (email: string, password: string, ip: string) => server.call('/api/login', { body: { email, password }, headers: from(ip) });

  it('ten wrong passwords from one address: that address waits (429, Retry-After, the wait in words); the owner elsewhere gets in', async () => {
    await signUp(server, 'owner@example.com', 'the-right-password');
    for (let i = 0; i < 10; i += 1) expect((await login('owner@example.com', `wrong-${i}`, '203.0.113.66')).status).toBe(401);
    const blocked = await login('owner@example.com', 'the-right-password', '203.0.113.66');
    expect([blocked.status, blocked.body.error, blocked.body.message]).toEqual([429, 'ERR_RATE_LIMITED', 'Too many attempts. Please try again in 15 minutes.']);
    expect(blocked.headers.get('retry-after')).toBe('900');
    expect((await login('owner@example.com', 'the-right-password', '198.51.100.7')).status).toBe(200);
  });

  it('successful logins do not count: thirty colleagues behind one office address all get in', async () => {
    // Sign-ups from their homes (sign-up has its own per-address limit), then thirty logins from the office.
    for (let i = 0; i < 30; i += 1) {
      const result = await server.call('/api/signup', { body: { email: `colleague${i}@example.com`, password: 'office-password', timezone: 'UTC' }, headers: from(`198.51.100.${i + 1}`) });
      expect(result.status).toBe(200);
    }
    for (let i = 0; i < 30; i += 1) expect((await login(`colleague${i}@example.com`, 'office-password', '192.0.2.10')).status).toBe(200);
  });

  it('an address guessing many accounts is limited after ten failures', async () => {
    const statuses = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await login(`nobody${i}@example.com`, 'guess', '203.0.113.99')).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it('an address that has failed for an account is held to that account\'s limit', async () => {
    await signUp(server, 'target@example.com', 'target-password');
    // Ten failures for the account, spread over ten addresses (each still under its own limit).
    for (let i = 0; i < 10; i += 1) await login('target@example.com', 'wrong', `198.18.0.${i}`);
    expect((await login('target@example.com', 'wrong', '198.18.0.1')).status).toBe(429);
    expect((await login('target@example.com', 'target-password', '198.18.0.1')).status).toBe(429);
    // A fresh address is not: the owner is never locked out by someone else's guessing.
    expect((await login('target@example.com', 'target-password', '198.19.0.1')).status).toBe(200);
  });
});

describe('anonymous writes are bounded', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await limitedServer();
  });
  afterEach(async () => server.close());

  const entry = (n: number, message = 'ok') => ({ uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, level: 'info', message, timestamp: 1_700_000_000_000, app_load_uuid: 'app' });
  const saveLogs = (ip: string, logs: unknown[]) => server.call('/api/save_logs', { body: { logs }, headers: from(ip) });

  it('a flood of log calls is refused while a normal client\'s logs are kept', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) statuses.push((await saveLogs('203.0.113.5', [entry(i)])).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.slice(120).every((s) => s === 429)).toBe(true);
    const normal = await saveLogs('198.51.100.20', [entry(999, 'a normal client')]);
    expect(normal.status).toBe(200);
    const stored = await server.container.get<ClientLogRepository>(ClientLogRepository).list(500);
    expect(stored.some((l) => l.message === 'a normal client')).toBe(true);
    expect(stored.length).toBe(121);
  });

  it('a call over 128 KB is 413; more than 2 MB a day from one address is 429', async () => {
    const big = Array.from({ length: 80 }, (_, i) => entry(i, 'x'.repeat(1900)));
    expect((await saveLogs('203.0.113.6', big)).status).toBe(413);
    const medium = Array.from({ length: 60 }, (_, i) => entry(i, 'y'.repeat(1900)));
    const statuses = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await saveLogs('203.0.113.7', medium)).status);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(18);
  });

  it('sign-in starts are limited per address (each one writes a row)', async () => {
    const statuses = [];
    for (let i = 0; i < 32; i += 1) statuses.push((await server.call('/api/oauth/google', { headers: from('203.0.113.8') })).status);
    expect(statuses.slice(0, 30).every((s) => s === 302)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describeEachDialect('purging what nobody can use any more', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => server.close());

  it('deletes expired sign-in attempts, and sessions and reset links ended over a day ago; keeps live ones', async () => {
    const c = server.container;
    const now = server.clock.now();
    const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
    const { user } = await signUp(server, 'purge@example.com');
    const userId = user.id as number;
    const attempts = c.get<OAuthAttemptRepository>(OAuthAttemptRepository);
    await attempts.create({ state: 'old-state', codeVerifier: 'v', nonce: 'n', timezone: null, createdAt: at(-2), expiresAt: at(-1) });
    await attempts.create({ state: 'live-state', codeVerifier: 'v', nonce: 'n', timezone: null, createdAt: now, expiresAt: at(1) });
    const tokens = c.get<AuthTokenRepository>(AuthTokenRepository);
    await tokens.create({ tokenHash: 'expired-long-ago', userId, createdAt: at(-800), expiresAt: at(-48) });
    await tokens.create({ tokenHash: 'revoked-long-ago', userId, createdAt: at(-100), expiresAt: at(500) });
    await tokens.revoke('revoked-long-ago', at(-30));
    await tokens.create({ tokenHash: 'revoked-just-now', userId, createdAt: at(-1), expiresAt: at(500) });
    await tokens.revoke('revoked-just-now', at(-1));
    const resets = c.get<PasswordResetRepository>(PasswordResetRepository);
    await resets.create({ tokenHash: 'reset-old', userId, createdAt: at(-50), expiresAt: at(-49) });
    await resets.create({ tokenHash: 'reset-live', userId, createdAt: now, expiresAt: at(1) });

    expect(await c.get(PurgeService).purge()).toEqual({ oauthAttempts: 1, sessions: 2, resetLinks: 1 });
    expect(await c.get(PurgeService).purge()).toEqual({ oauthAttempts: 0, sessions: 0, resetLinks: 0 });
    expect(await attempts.consume('live-state', now)).not.toBeNull();
    expect(await tokens.find('revoked-just-now')).not.toBeNull();
    expect(await tokens.find('expired-long-ago')).toBeNull();
    expect(await resets.consume('reset-live', now)).toBe(userId);
  });
});
