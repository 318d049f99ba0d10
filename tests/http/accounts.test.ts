import { OutboxMailer } from '../../adapters/mail/OutboxMailer';
import { UserRepository } from '../../application/ports/users';
import { describeEachDialect } from '../support/databases';
import { signUp, startTestServer, type TestServer } from '../support/http';

async function resetLinkFor(server: TestServer, email: string): Promise<string> {
  const [message] = await server.container.get(OutboxMailer).listMessages({ to: email });
  const match = /\/set_password\?token=([A-Za-z0-9_%-]+)/.exec(message?.text ?? '');
  if (!match?.[1]) throw new Error(`no reset link e-mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

async function userCount(server: TestServer): Promise<number> {
  return (await server.container.get<UserRepository>(UserRepository).search({ query: '', limit: 1000 })).length;
}

describeEachDialect('accounts over HTTP', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => server.close());

  describe('signup', () => {
    it('creates a regular user with 0 credits, a normalised e-mail and the sent timezone, and returns a token', async () => {
      const result = await server.call('/api/signup', {
        body: { email: '  Ana.Kovac@Example.com ', password: 'longenough', timezone: 'Europe/Zagreb' },
      });
      expect(result.status).toBe(200);
      expect(result.body.success).toBe(true);
      expect(typeof result.body.token).toBe('string');
      expect((result.body.token as string).length).toBeGreaterThanOrEqual(43);
      expect(result.body.user).toMatchObject({ email: 'ana.kovac@example.com', role: 'regular', credits: 0, timezone: 'Europe/Zagreb', online: false, pricePerMin: 0, minsPerSideMin: 1, minsPerSideMax: 120, availableForScheduledChallenges: true });
      expect(result.body.user).not.toHaveProperty('passwordHash');
    });

    it('ignores an invalid timezone instead of storing it', async () => {
      const result = await server.call('/api/signup', { body: { email: 'tz@example.com', password: 'longenough', timezone: 'Mars/Olympus' } });
      expect(result.status).toBe(200);
      expect((result.body.user as { timezone: unknown }).timezone).toBeNull();
    });

    it('refuses a taken e-mail (any case) with 409 ERR_USER_EXISTS and creates nothing', async () => {
      await signUp(server, 'taken@example.com');
      const before = await userCount(server);
      const result = await server.call('/api/signup', { body: { email: 'TAKEN@example.com', password: 'longenough' } });
      expect(result.status).toBe(409);
      expect(result.body).toMatchObject({ success: false, error: 'ERR_USER_EXISTS' });
      expect(await userCount(server)).toBe(before);
    });

    it('lets exactly one of 8 simultaneous sign-ups with one e-mail succeed', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => server.call('/api/signup', { body: { email: 'race@example.com', password: 'longenough' } })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.body.error === 'ERR_USER_EXISTS')).toHaveLength(7);
    });

    it.each([
      [{ email: '', password: 'longenough' }, 'email', 'Email is required'],
      [{ email: 'not-an-email', password: 'longenough' }, 'email', 'Email is not valid'],
      [{ email: 'short@example.com', password: '' }, 'password', 'Password is required'],
      [{ email: 'short@example.com', password: 'seven77' }, 'password', 'Password must be at least 8 characters'],
      [{ email: 'long@example.com', password: 'x'.repeat(257) }, 'password', 'Password must be at most 256 characters'],
    ])('refuses %j with ERR_VALIDATION naming the field', async (body, path, message) => {
      const before = await userCount(server);
      const result = await server.call('/api/signup', { body });
      expect(result.status).toBe(400);
      expect(result.body.error).toBe('ERR_VALIDATION');
      expect(result.body.issues).toEqual(expect.arrayContaining([{ path, message }]));
      expect(await userCount(server)).toBe(before);
    });

    it('refuses unknown fields and wrong types', async () => {
      const extra = await server.call('/api/signup', { body: { email: 'x@example.com', password: 'longenough', role: 'admin' } });
      expect(extra.status).toBe(400);
      expect(extra.body.error).toBe('ERR_VALIDATION');
      const wrongType = await server.call('/api/signup', { body: { email: 12, password: 'longenough' } });
      expect(wrongType.body.error).toBe('ERR_VALIDATION');
    });
  });

  describe('login, sessions and logout', () => {
    it('logs in with the right password (e-mail in any case) and the token loads the user', async () => {
      await signUp(server, 'login@example.com', 'the-password');
      const login = await server.call('/api/login', { body: { email: 'LOGIN@example.com', password: 'the-password' } });
      expect(login.status).toBe(200);
      const load = await server.call('/api/load_user', { method: 'POST', token: login.body.token as string });
      expect(load.status).toBe(200);
      expect((load.body.user as { email: string }).email).toBe('login@example.com');
    });

    it('accepts the token with a Bearer prefix', async () => {
      const { token } = await signUp(server, 'bearer@example.com');
      const load = await server.call('/api/load_user', { method: 'POST', token: `Bearer ${token}` });
      expect(load.status).toBe(200);
    });

    it('answers a wrong password and an unknown e-mail alike: 401 ERR_USER_PASS', async () => {
      await signUp(server, 'wrongpw@example.com', 'the-password');
      const wrong = await server.call('/api/login', { body: { email: 'wrongpw@example.com', password: 'not-the-password' } });
      const unknown = await server.call('/api/login', { body: { email: 'nobody@example.com', password: 'the-password' } });
      for (const result of [wrong, unknown]) {
        expect(result.status).toBe(401);
        expect(result.body).toMatchObject({ success: false, error: 'ERR_USER_PASS' });
        expect(result.body).not.toHaveProperty('token');
      }
    });

    it('gives 401 ERR_UNAUTHORIZED without a token and ERR_TOKEN_EXPIRED with an unknown one', async () => {
      const none = await server.call('/api/load_user', { method: 'POST' });
      expect(none.status).toBe(401);
      expect(none.body.error).toBe('ERR_UNAUTHORIZED');
      const unknown = await server.call('/api/load_user', { method: 'POST', token: 'not-a-real-token' });
      expect(unknown.status).toBe(401);
      expect(unknown.body.error).toBe('ERR_TOKEN_EXPIRED');
    });

    it('revokes the token on logout, and only that token', async () => {
      const first = await signUp(server, 'logout@example.com', 'the-password');
      const second = await server.call('/api/login', { body: { email: 'logout@example.com', password: 'the-password' } });
      const out = await server.call('/api/logout', { method: 'POST', token: first.token });
      expect(out.status).toBe(200);
      const revoked = await server.call('/api/load_user', { method: 'POST', token: first.token });
      expect(revoked.body.error).toBe('ERR_TOKEN_EXPIRED');
      const other = await server.call('/api/load_user', { method: 'POST', token: second.body.token as string });
      expect(other.status).toBe(200);
    });

    it('expires a token after 30 days without use, and use renews it', async () => {
      const { token } = await signUp(server, 'expiry@example.com');
      const { token: idle } = await signUp(server, 'idle@example.com');
      server.clock.advance(20 * 24 * 60 * 60 * 1000);
      expect((await server.call('/api/load_user', { method: 'POST', token })).status).toBe(200);
      server.clock.advance(20 * 24 * 60 * 60 * 1000);
      expect((await server.call('/api/load_user', { method: 'POST', token })).status).toBe(200);
      const expired = await server.call('/api/load_user', { method: 'POST', token: idle });
      expect(expired.status).toBe(401);
      expect(expired.body.error).toBe('ERR_TOKEN_EXPIRED');
    });
  });

  describe('password reset', () => {
    it('refuses an unknown e-mail with ERR_NO_USER and sends nothing', async () => {
      const result = await server.call('/api/reset_password', { body: { email: 'ghost@example.com' } });
      expect(result.status).toBe(404);
      expect(result.body.error).toBe('ERR_NO_USER');
      expect(await server.container.get(OutboxMailer).listMessages({ to: 'ghost@example.com' })).toHaveLength(0);
    });

    it('e-mails a link that sets the password once, signs in, and revokes every other session', async () => {
      const { token: oldSession } = await signUp(server, 'reset@example.com', 'old-password');
      const request = await server.call('/api/reset_password', { body: { email: 'reset@example.com' } });
      expect(request.status).toBe(200);
      const resetToken = await resetLinkFor(server, 'reset@example.com');

      const tooShort = await server.call('/api/set_password', { body: { token: resetToken, password: 'short' } });
      expect(tooShort.body.error).toBe('ERR_VALIDATION');

      const set = await server.call('/api/set_password', { body: { token: resetToken, password: 'new-password' } });
      expect(set.status).toBe(200);
      expect((set.body.user as { email: string }).email).toBe('reset@example.com');
      expect((await server.call('/api/load_user', { method: 'POST', token: set.body.token as string })).status).toBe(200);
      expect((await server.call('/api/load_user', { method: 'POST', token: oldSession })).body.error).toBe('ERR_TOKEN_EXPIRED');

      const again = await server.call('/api/set_password', { body: { token: resetToken, password: 'another-password' } });
      expect(again.status).toBe(400);
      expect(again.body.error).toBe('ERR_INVALID_TOKEN');
      expect((await server.call('/api/login', { body: { email: 'reset@example.com', password: 'new-password' } })).status).toBe(200);
      expect((await server.call('/api/login', { body: { email: 'reset@example.com', password: 'old-password' } })).body.error).toBe('ERR_USER_PASS');
    });

    it('using one link spends every other open link of that user (an older e-mail cannot reset again)', async () => {
      await signUp(server, 'twolinks@example.com', 'old-password');
      await server.call('/api/reset_password', { body: { email: 'twolinks@example.com' } });
      const first = await resetLinkFor(server, 'twolinks@example.com');
      server.clock.advanceSeconds(1);
      await server.call('/api/reset_password', { body: { email: 'twolinks@example.com' } });
      const links = (await server.container.get(OutboxMailer).listMessages({ to: 'twolinks@example.com' }))
        .map((m) => /\/set_password\?token=([A-Za-z0-9_%-]+)/.exec(m.text)?.[1])
        .filter((t): t is string => Boolean(t))
        .map(decodeURIComponent);
      expect(new Set(links).size).toBe(2);
      const second = links.find((t) => t !== first)!;
      expect((await server.call('/api/set_password', { body: { token: second, password: 'newest-password' } })).status).toBe(200);
      const old = await server.call('/api/set_password', { body: { token: first, password: 'attacker-password' } });
      expect([old.status, old.body.error]).toEqual([400, 'ERR_INVALID_TOKEN']);
      expect((await server.call('/api/login', { body: { email: 'twolinks@example.com', password: 'newest-password' } })).status).toBe(200);
    });

    it('refuses an expired link (after 1 hour) and an unknown one with ERR_INVALID_TOKEN', async () => {
      await signUp(server, 'late@example.com', 'old-password');
      await server.call('/api/reset_password', { body: { email: 'late@example.com' } });
      const resetToken = await resetLinkFor(server, 'late@example.com');
      server.clock.advance(61 * 60 * 1000);
      const late = await server.call('/api/set_password', { body: { token: resetToken, password: 'new-password' } });
      expect(late.body.error).toBe('ERR_INVALID_TOKEN');
      const unknown = await server.call('/api/set_password', { body: { token: 'made-up', password: 'new-password' } });
      expect(unknown.body.error).toBe('ERR_INVALID_TOKEN');
      expect((await server.call('/api/login', { body: { email: 'late@example.com', password: 'old-password' } })).status).toBe(200);
    });

    it('lets only one of 6 simultaneous uses of one link succeed', async () => {
      await signUp(server, 'double@example.com', 'old-password');
      await server.call('/api/reset_password', { body: { email: 'double@example.com' } });
      const resetToken = await resetLinkFor(server, 'double@example.com');
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => server.call('/api/set_password', { body: { token: resetToken, password: `password-${i}` } })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.body.error === 'ERR_INVALID_TOKEN')).toHaveLength(5);
    });
  });
});
