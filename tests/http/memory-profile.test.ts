import { startTestServer, signUp, type TestServer } from '../support/http';
import { UserRepository } from '../../application/ports/users';

/** The in-memory profile (no database) runs the same app: accounts and credits behave as on SQLite. */
describe('the app on in-memory adapters', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect: 'memory' });
  });
  afterAll(async () => server.close());

  it('signs up, logs in and shows credits an admin adjusted through the in-memory ledger', async () => {
    const admin = await signUp(server, 'admin@example.com');
    await server.container.get<UserRepository>(UserRepository).setRole(admin.user.id as number, 'admin', null);
    const member = await signUp(server, 'member@example.com', 'member-password');
    const adjusted = await server.call('/api/admin/adjust_credits', {
      token: admin.token,
      body: { user_id: member.user.id, amount: 12.34, reason: 'Goodwill for a lost game' },
    });
    expect(adjusted.status).toBe(200);
    const login = await server.call('/api/login', { body: { email: 'member@example.com', password: 'member-password' } });
    expect((login.body.user as { credits: number }).credits).toBe(12.34);
  });
});
