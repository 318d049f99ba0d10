import { UserRepository } from '../../application/ports/users';
import { unsafeTextIssues, MAX_BODY_DEPTH } from '../../adapters/http/middleware/text-safety';
import { describeEachDialect } from '../support/databases';
import { signUp, startTestServer, type TestServer } from '../support/http';

describe('unsafeTextIssues', () => {
  it('names the field of a NUL, a control character or a lone surrogate, in values and keys', () => {
    expect(unsafeTextIssues({ email: 'nul\u0000@x.example' })).toEqual([{ path: 'email', message: 'Must not contain control characters' }]);
    expect(unsafeTextIssues({ logs: [{ message: 'ok' }, { message: 'bell\u0007' }] })).toEqual([{ path: 'logs.1.message', message: 'Must not contain control characters' }]);
    expect(unsafeTextIssues({ name: 'x\uD800y' })).toEqual([{ path: 'name', message: 'Must not contain invalid characters' }]);
    expect(unsafeTextIssues({ 'k\u0000': 1 })).toEqual([{ path: 'k\u0000', message: 'Must not contain control characters' }]);
  });

  it('lets tabs, newlines, emoji and every script through', () => {
    expect(unsafeTextIssues({ message: 'Line one\n\tLine two\r\n♞ 世界 😀 Müller' })).toEqual([]);
  });

  it('refuses nesting deeper than the limit without recursing into it', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 5000; i += 1) deep = [deep];
    expect(unsafeTextIssues({ context: deep })[0]!.message).toBe(`Nested more than ${MAX_BODY_DEPTH} levels deep`);
  });
});

describeEachDialect('text that cannot be stored is refused at the edge, never a 500', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => server.close());

  it('a NUL in the sign-up e-mail is 400 naming the field, and no account is created', async () => {
    const result = await server.call('/api/signup', { body: { email: 'nul\u0000@x.example', password: 'correct horse battery', timezone: 'UTC' } });
    expect([result.status, result.body.error, result.body.issues]).toEqual([400, 'ERR_VALIDATION', [{ path: 'email', message: 'Must not contain control characters' }]]);
    expect(await server.container.get<UserRepository>(UserRepository).search({ query: 'nul', limit: 10 })).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['/api/login', { email: 'a\u0000@b.example', password: 'x' }],
    ['/api/reset_password', { email: '\u0000' }],
    ['/api/contact_us', { name: 'N\u0000', email: 'a@b.example', lichess: '', chesscom: '', message: 'hi' }],
    ['/api/contact_us', { name: 'N', email: 'a@b.example', lichess: 'x\uDC00', chesscom: '', message: 'hi' }],
    ['/api/save_logs', { logs: [{ uuid: '00000000-0000-4000-8000-000000000000', level: 'info', message: 'a\u0000', timestamp: 1, app_load_uuid: 'x' }] }],
    ['/api/save_logs', { logs: [{ uuid: '00000000-0000-4000-8000-000000000000', level: 'info', message: 'ok', timestamp: -8.64e15, app_load_uuid: 'x' }] }],
    ['/api/save_logs', { logs: [{ uuid: '00000000-0000-4000-8000-000000000000', level: 'info', message: 'ok', timestamp: '+275760-09-13T00:00:00.000Z', app_load_uuid: 'x' }] }],
  ])('%s with %j is 400 ERR_VALIDATION', async (path, body) => {
    const result = await server.call(path, { body });
    expect([result.status, result.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });

  it('profile names with a NUL, and a context nested 5,000 deep, are 400', async () => {
    const { token } = await signUp(server, 'names@example.com');
    expect((await server.call('/api/update_profile', { token, body: { firstName: 'Ann\u0000' } })).status).toBe(400);
    // Written as text: even JSON.stringify of 5,000 levels can overflow a test runner's stack.
    const deep = `${'{"d":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    const body = `{"logs":[{"uuid":"00000000-0000-4000-8000-000000000000","level":"info","message":"m","context":${deep},"timestamp":1,"app_load_uuid":"x"}]}`;
    const result = await server.call('/api/save_logs', { rawBody: body, headers: { 'Content-Type': 'application/json' } });
    expect([result.status, result.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });

  it('a NUL in a query string is 400 too', async () => {
    const result = await server.call('/api/get_app_state?t=%00');
    expect([result.status, result.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });
});
