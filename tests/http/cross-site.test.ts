import { UserRepository } from '../../application/ports/users';
import { signUp, startTestServer, type TestServer } from '../support/http';

/**
 * A hostile page can make a visitor's browser send "simple" requests (form or text/plain bodies) to us without
 * asking. JSON calls therefore accept JSON only; the two deliberate simple requests (the top-up form, the log
 * beacon) are accepted only from this site.
 */
describe('cross-site simple requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const LOG = JSON.stringify({ logs: [{ uuid: '00000000-0000-4000-8000-000000000001', level: 'info', message: 'closing', timestamp: 1_700_000_000_000, app_load_uuid: 'a' }] });

  it.each<[string, string, string]>([
    ['/api/signup', 'text/plain', JSON.stringify({ email: 'csrf@example.com', password: 'correct horse battery', timezone: 'UTC' })],
    ['/api/signup', 'application/x-www-form-urlencoded', form({ email: 'csrf@example.com', password: 'correct horse battery' })],
    ['/api/reset_password', 'application/x-www-form-urlencoded', form({ email: 'someone@example.com' })],
    ['/api/contact_us', 'text/plain', JSON.stringify({ name: 'x', email: 'x@example.com', lichess: '', chesscom: '', message: 'spam' })],
  ])('%s with %s is 400 and does nothing', async (path, type, body) => {
    const result = await server.call(path, { rawBody: body, headers: { 'Content-Type': type } });
    expect([result.status, result.body.error]).toEqual([400, 'ERR_VALIDATION']);
    expect(result.body.issues).toEqual([{ path: '(body)', message: 'Send the body as JSON (Content-Type: application/json)' }]);
    expect(await server.container.get<UserRepository>(UserRepository).findByEmail('csrf@example.com')).toBeNull();
  });

  it('the top-up form: accepted from this site, 403 from another (Origin or Sec-Fetch-Site)', async () => {
    const { token } = await signUp(server, 'buyer@example.com');
    const post = (headers: Record<string, string>) =>
      server.call('/api/create_checkout_session', { rawBody: form({ token, credits: '10' }), headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } });
    expect((await post({ Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await post({ 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect((await post({ Origin: 'http://localhost:3999', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(303);
    // Under the site's no-referrer policy, a browser's own form post says `Origin: null`; Sec-Fetch-Site decides.
    expect((await post({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(303);
    expect((await post({ Origin: 'null', 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await post({ Origin: 'null' })).status).toBe(403); // no fetch metadata: an unknown origin is refused
    expect((await post({})).status).toBe(303); // a non-browser client sends neither header
  });

  it('the log beacon: text/plain from this site is stored, from another site refused', async () => {
    const beacon = (headers: Record<string, string>) => server.call('/api/save_logs', { rawBody: LOG, headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers } });
    expect((await beacon({ 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await beacon({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
  });
});
