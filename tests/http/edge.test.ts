import { UserRepository } from '../../application/ports/users';
import { AuditLogRepository } from '../../application/ports/records';
import { AccountService } from '../../application/accounts/accounts';
import { signUp, startTestServer, type TestServer } from '../support/http';

describe('the HTTP edge', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('answers malformed JSON with 400 ERR_VALIDATION', async () => {
    const result = await server.call('/api/login', { rawBody: '{"email": "a@b.c",', headers: { 'Content-Type': 'application/json' } });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ success: false, error: 'ERR_VALIDATION' });
  });

  it('answers a body over 1 MB with 413 ERR_PAYLOAD_TOO_LARGE', async () => {
    const result = await server.call('/api/contact_us', {
      rawBody: JSON.stringify({ name: 'x', email: 'a@b.co', message: 'y'.repeat(1024 * 1024 + 1) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(result.status).toBe(413);
    expect(result.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
  });

  it('refuses an unsupported content type', async () => {
    const result = await server.call('/api/login', { rawBody: '<xml/>', headers: { 'Content-Type': 'application/xml' } });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe('ERR_VALIDATION');
  });

  it('answers unknown API paths with 404 ERR_NOT_FOUND in the envelope', async () => {
    const result = await server.call('/api/no_such_call', { method: 'POST', body: {} });
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ success: false, error: 'ERR_NOT_FOUND' });
  });

  it('ignores the cache-busting t parameter on every call', async () => {
    const { token } = await signUp(server, 'tparam@example.com');
    const result = await server.call('/api/load_user?t=1737000000000', { method: 'POST', token });
    expect(result.status).toBe(200);
  });

  it('masks an unexpected error as 500 ERR_INTERNAL with a request id and no stack', async () => {
    const accounts = server.container.get(AccountService);
    const spy = jest.spyOn(accounts, 'logIn').mockRejectedValueOnce(new Error('database exploded at /secret/path'));
    const result = await server.call('/api/login', { body: { email: 'a@example.com', password: 'whatever1' } });
    spy.mockRestore();
    expect(result.status).toBe(500);
    expect(result.body.error).toBe('ERR_INTERNAL');
    expect(result.text).not.toContain('exploded');
    expect(result.text).not.toContain('/secret/path');
    expect(result.body.request_id).toBe(result.headers.get('x-request-id'));
  });

  it('sends security headers and a request id', async () => {
    const result = await server.call('/api/health');
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    expect(result.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(result.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(result.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('admin calls', () => {
  let server: TestServer;
  let adminToken: string;
  beforeAll(async () => {
    server = await startTestServer();
    const admin = await signUp(server, 'admin@example.com');
    await server.container.get<UserRepository>(UserRepository).setRole(admin.user.id as number, 'admin', null);
    adminToken = admin.token;
  });
  afterAll(async () => server.close());

  it('finds users by part of their e-mail or name', async () => {
    await signUp(server, 'magnus.fan@example.com');
    const result = await server.call('/api/admin/users?query=MAGNUS', { token: adminToken });
    expect(result.status).toBe(200);
    expect((result.body.users as { email: string }[]).map((u) => u.email)).toEqual(['magnus.fan@example.com']);
  });

  it('makes a user a titled player with a title and records who did it', async () => {
    const { user } = await signUp(server, 'future.gm@example.com');
    const result = await server.call('/api/admin/set_role', { token: adminToken, body: { user_id: user.id, role: 'pro', title: 'GM' } });
    expect(result.status).toBe(200);
    expect(result.body.user).toMatchObject({ role: 'pro', title: 'GM' });
    // The admin sees at once why the new titled player is not listed yet.
    expect((result.body.user as { listingGaps: string[] }).listingGaps).toEqual(['price per minute']);
    const [audit] = await server.container.get<AuditLogRepository>(AuditLogRepository).list(1);
    expect(audit).toMatchObject({ action: 'set_role', targetUserId: user.id });
    expect(JSON.parse(audit!.details)).toEqual({ from: { role: 'regular', title: null }, to: { role: 'pro', title: 'GM' } });
  });

  it('refuses to make a pro without a title, and unknown users', async () => {
    const { user } = await signUp(server, 'untitled@example.com');
    const noTitle = await server.call('/api/admin/set_role', { token: adminToken, body: { user_id: user.id, role: 'pro' } });
    expect(noTitle.body.error).toBe('ERR_VALIDATION');
    const unknown = await server.call('/api/admin/set_role', { token: adminToken, body: { user_id: 999999, role: 'regular' } });
    expect(unknown.status).toBe(404);
  });

  it('refuses non-admins with 403 and visitors with 401, changing nothing', async () => {
    const { token, user } = await signUp(server, 'wannabe@example.com');
    const forbidden = await server.call('/api/admin/set_role', { token, body: { user_id: user.id, role: 'admin' } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('ERR_FORBIDDEN');
    expect((await server.call('/api/admin/users', { token })).status).toBe(403);
    expect((await server.call('/api/admin/users')).status).toBe(401);
    const again = (await server.call('/api/load_user', { method: 'POST', token })).body.user as { role: string };
    expect(again.role).toBe('regular');
  });
});

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMITS: 'on', RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MINUTES: '15' } });
  });
  afterAll(async () => server.close());

  it('allows 3 logins per e-mail in 15 minutes, then 429 with Retry-After, and again after the window', async () => {
    const attempt = () => server.call('/api/login', { body: { email: 'target@example.com', password: 'guess-guess' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).body.error).toBe('ERR_USER_PASS');
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('ERR_RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    server.clock.advance(15 * 60 * 1000 + 1);
    expect((await attempt()).body.error).toBe('ERR_USER_PASS');
  });
});
