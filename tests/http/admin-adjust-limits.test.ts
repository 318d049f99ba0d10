import { UserRepository } from '../../application/ports/users';
import { CreditsService } from '../../application/credits/credits-service';
import { userAccount } from '../../domain/ledger';
import type { Database } from '../../adapters/persistence/typeorm/database';
import { checkLedger } from '../../bin/admin-ledger';
import { describeEachDialect } from '../support/databases';
import { signUp, startTestServer, type TestServer } from '../support/http';

describeEachDialect('admin credit adjustments: bounds', (dialect) => {
  let server: TestServer;
  let adminToken: string;
  let memberId: number;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const admin = await signUp(server, 'admin@example.com');
    await server.container.get<UserRepository>(UserRepository).setRole(admin.user.id as number, 'admin', null);
    adminToken = admin.token;
    memberId = (await signUp(server, 'member@example.com')).user.id as number;
  });
  afterAll(async () => server.close());

  const adjust = (amount: number) =>
    server.call('/api/admin/adjust_credits', { token: adminToken, body: { user_id: memberId, amount, reason: 'Support case 42' } });
  const credits = async () => (await server.container.get<UserRepository>(UserRepository).findById(memberId))?.creditsCents;

  it('moves up to US$10,000 in one adjustment, to the cent', async () => {
    const result = await adjust(10_000);
    expect(result.status).toBe(200);
    expect(await credits()).toBe(1_000_000);
  });

  it.each([10_000.01, -10_000.01, 30_000_000])('refuses %d with ERR_VALIDATION naming the bound, and changes nothing', async (amount) => {
    const before = await credits();
    const result = await adjust(amount);
    expect(result.status).toBe(400);
    expect(result.body.error).toBe('ERR_VALIDATION');
    expect(result.body.issues).toEqual([{ path: 'amount', message: 'One adjustment may move at most $10000.00' }]);
    expect(await credits()).toBe(before);
    expect(await checkLedger(server.database as Database)).toEqual({ ok: true, problems: [] });
  });

  it('keeps a balance beyond 32-bit cents (US$30,000,000) in the cached credits', async () => {
    await server.container.get(CreditsService).transfer(
      { from: 'platform:adjustments', to: userAccount(memberId, 'available'), amountCents: 3_000_000_000, reason: 'admin_adjustment', description: 'Large', reference: null },
      'large-balance-test',
    );
    expect(await credits()).toBe(3_001_000_000);
    const load = await server.call('/api/load_user', { method: 'POST', token: (await server.call('/api/login', { body: { email: 'member@example.com', password: 'correct horse battery' } })).body.token as string });
    expect((load.body.user as { credits: number }).credits).toBe(30_010_000);
    expect(await checkLedger(server.database as Database)).toEqual({ ok: true, problems: [] });
  });
});
