import { UserRepository } from '../../application/ports/users';
import { signUp, startTestServer, type TestServer } from '../support/http';

/**
 * Every write call, fed shapes a careless or hostile client sends, answers a 4xx with a code from the error
 * table: never a 500, never a success.
 */
const CALLS = [
  '/api/signup',
  '/api/login',
  '/api/logout',
  '/api/reset_password',
  '/api/set_password',
  '/api/load_user',
  '/api/update_profile',
  '/api/contact_us',
  '/api/save_logs',
  '/api/create_checkout_session',
  '/api/admin/set_role',
  '/api/admin/adjust_credits',
  '/api/send_challenges',
  '/api/accept_reject_challenge',
  '/api/cancel_challenges',
  '/api/finish_challenge',
  '/api/schedule_game',
  '/api/confirm_scheduled_game',
  '/api/decline_scheduled_game',
  '/api/cancel_scheduled_game',
  '/api/report_session_problem',
  '/api/admin/resolve_session',
];

const BODIES: [string, string][] = [
  ['an array', '[1,2,3]'],
  ['null', 'null'],
  ['a string', '"hello"'],
  ['a number', '12'],
  ['nested junk', '{"email":{"$ne":null},"password":["x"],"user_id":"1; DROP TABLE users","amount":1e308,"credits":-1}'],
  ['a huge number', '{"user_id":1e308,"amount":-1e308,"credits":1e308,"pricePerMin":1e308,"minsPerSideMin":1e308}'],
  ['prototype keys', '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}'],
];

describe('bad input never reaches a 500', () => {
  let server: TestServer;
  let adminToken: string;
  beforeAll(async () => {
    server = await startTestServer();
    const admin = await signUp(server, 'admin@example.com');
    await server.container.get<UserRepository>(UserRepository).setRole(admin.user.id as number, 'admin', null);
    adminToken = admin.token;
  });
  afterAll(async () => server.close());

  for (const path of CALLS) {
    it.each(BODIES)(`${path} with %s answers a 4xx error`, async (_name, body) => {
      for (const token of [null, adminToken]) {
        const result = await server.call(path, { rawBody: body, token, headers: { 'Content-Type': 'application/json' } });
        // The path and caller ride along so a failure names which call broke.
        expect({ path, token: Boolean(token), clientError: result.status >= 400 && result.status < 500 }).toEqual({ path, token: Boolean(token), clientError: true });
        expect(result.body.success).toBe(false);
        expect(result.body.error).toMatch(/^ERR_[A-Z_]+$/);
      }
    });
  }

  it('leaves the admin an admin and creates no account from any of it', async () => {
    const users = await server.container.get<UserRepository>(UserRepository).search({ query: '', limit: 100 });
    expect(users.map((u) => [u.email, u.role])).toEqual([['admin@example.com', 'admin']]);
  });
});
