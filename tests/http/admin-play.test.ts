/** The admin's games and sessions over HTTP (server.md 7): lists with filters and ledger lines, cancel a stuck game. */
import { UserRepository } from '../../application/ports/users';
import { CreditsService } from '../../application/credits/credits-service';
import { AuditLogRepository } from '../../application/ports/records';
import { checkLedger } from '../../bin/admin-ledger';
import { describeEachDialect } from '../support/databases';
import { signUp, startTestServer, type TestServer } from '../support/http';

jest.setTimeout(30_000);

type Json = Record<string, unknown>;
type Line = { from: string; to: string; amount: number; reason: string };
type AdminChallenge = Json & { id: number; status: string; price: number; ledger: Line[]; source: { id: number; email: string }; target: { id: number; name: string } };

describeEachDialect('admin: games and sessions over HTTP', (dialect) => {
  let server: TestServer;
  let users: UserRepository;
  let credits: CreditsService;
  let adminToken: string;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    users = server.container.get<UserRepository>(UserRepository);
    credits = server.container.get(CreditsService);
    const admin = await signUp(server, 'boss@example.com');
    await users.setRole(admin.user.id as number, 'admin', null);
    adminToken = admin.token;
  });
  afterAll(async () => {
    if (server.database) expect(await checkLedger(server.database)).toEqual({ ok: true, problems: [] });
    await server.close();
  });

  async function pro(): Promise<{ id: number; token: string }> {
    counter += 1;
    const { token, user } = await signUp(server, `pro${counter}@example.com`);
    const id = user.id as number;
    await users.setRole(id, 'pro', 'IM');
    await users.updateProfile(id, { firstName: 'Ivan', lastName: `Pro${counter}`, lichessUsername: `ivan${counter}`, online: true, pricePerMinCents: 150 });
    await users.markSeen(id, server.clock.now(), 0);
    return { id, token };
  }

  async function amateur(): Promise<{ id: number; token: string }> {
    counter += 1;
    const { token, user } = await signUp(server, `amateur${counter}@example.com`);
    const id = user.id as number;
    await users.updateProfile(id, { lichessUsername: `amateur${counter}` });
    await credits.transfer({ from: 'platform:adjustments', to: `user:${id}:available`, amountCents: 10_000, reason: 'admin_adjustment', description: 'test funds', reference: null }, `fund:${id}`);
    return { id, token };
  }

  /** An accepted game: 10+0 at $1.50/min = $15.00 captured into escrow. */
  async function acceptedGame(): Promise<{ challengeId: number; buyer: { id: number; token: string }; seller: { id: number; token: string } }> {
    const seller = await pro();
    const buyer = await amateur();
    const sent = await server.call('/api/send_challenges', { token: buyer.token, body: { target_user_ids: [seller.id], minsPerSide: 10, incrementInSecs: 0, playAs: 'white' } });
    expect(sent.status).toBe(200);
    const challengeId = (sent.body.challenges as { id: number }[])[0]!.id;
    const accepted = await server.call('/api/accept_reject_challenge', { token: seller.token, body: { challenge_id: challengeId, status: 'accepted' } });
    expect(accepted.status).toBe(200);
    return { challengeId, buyer, seller };
  }

  const list = async (query = '') => {
    const result = await server.call(`/api/admin/challenges${query}`, { token: adminToken });
    expect(result.status).toBe(200);
    return result.body.challenges as AdminChallenge[];
  };

  it('lists games filtered by status and user, each with its people and its ledger lines', async () => {
    const { challengeId, buyer, seller } = await acceptedGame();
    const mine = await list(`?user_id=${buyer.id}`);
    expect(mine.map((c) => [c.id, c.status, c.price])).toEqual([[challengeId, 'accepted', 15]]);
    expect(mine[0]!.source.email).toBe(`amateur${counter}@example.com`);
    expect(mine[0]!.target).toMatchObject({ id: seller.id, name: `IM Ivan Pro${counter - 1}` });
    // Hold of $15.00 into held, then the charge from held to escrow: exact amounts.
    expect(mine[0]!.ledger.map((l) => [l.reason, l.from, l.to, l.amount])).toEqual([
      ['hold', `user:${buyer.id}:available`, `user:${buyer.id}:held`, 15],
      ['capture', `user:${buyer.id}:held`, 'platform:escrow', 15],
    ]);
    expect((await list(`?user_id=${seller.id}&status=accepted`)).map((c) => c.id)).toEqual([challengeId]);
    expect(await list(`?user_id=${seller.id}&status=finished`)).toEqual([]);
  });

  it('cancels a stuck accepted game: the buyer gets the price back in cents, audited; twice is refused', async () => {
    const { challengeId, buyer } = await acceptedGame();
    expect(await credits.balance(`user:${buyer.id}:available`)).toBe(8_500);
    const canceled = await server.call('/api/admin/cancel_game', { token: adminToken, body: { challenge_id: challengeId } });
    expect(canceled.status).toBe(200);
    const challenge = canceled.body.challenge as AdminChallenge & { cancel_reason: string };
    expect([challenge.status, challenge.cancel_reason]).toEqual(['canceled', 'admin_canceled']);
    expect(challenge.ledger.at(-1)).toMatchObject({ reason: 'refund', from: 'platform:escrow', to: `user:${buyer.id}:available`, amount: 15 });
    expect(await credits.balance(`user:${buyer.id}:available`)).toBe(10_000);
    const again = await server.call('/api/admin/cancel_game', { token: adminToken, body: { challenge_id: challengeId } });
    expect([again.status, again.body.error]).toEqual([409, 'ERR_CHALLENGE_STATE']);
    expect(await credits.balance(`user:${buyer.id}:available`)).toBe(10_000);
    const audit = await server.container.get<AuditLogRepository>(AuditLogRepository).list(20);
    expect(audit.filter((r) => r.action === 'cancel_game' && JSON.parse(r.details).challengeId === challengeId)).toHaveLength(1);
  });

  it('two admins cancelling the same game at once refund it once', async () => {
    const { challengeId, buyer } = await acceptedGame();
    const results = await Promise.all([1, 2, 3].map(() => server.call('/api/admin/cancel_game', { token: adminToken, body: { challenge_id: challengeId } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await credits.balance(`user:${buyer.id}:available`)).toBe(10_000);
  });

  it('lists sessions with their ledger lines, filtered by status', async () => {
    const seller = await pro();
    const buyer = await amateur();
    const booked = await server.call('/api/schedule_game', {
      token: buyer.token,
      body: { opponentId: seller.id, lichessProfile: 'me', minsPerSide: 30, timezone: 'Europe/Zagreb', availableTimes: 'weekends', details: '', analysisRequested: false },
    });
    expect(booked.status).toBe(200);
    const result = await server.call(`/api/admin/sessions?status=pending_schedule&user_id=${buyer.id}`, { token: adminToken });
    expect(result.status).toBe(200);
    const sessions = result.body.sessions as (Json & { status: string; price: number; ledger: Line[] })[];
    expect(sessions.map((s) => [s.status, s.price])).toEqual([['pending_schedule', 45]]);
    expect(sessions[0]!.ledger.map((l) => [l.reason, l.amount])).toEqual([['hold', 45]]);
    expect((await server.call(`/api/admin/sessions?status=scheduled&user_id=${buyer.id}`, { token: adminToken })).body.sessions).toEqual([]);
  });

  it('refuses non-admins, unknown filters and bad ids with a code, changing nothing', async () => {
    const someone = await amateur();
    expect((await server.call('/api/admin/challenges', { token: someone.token })).status).toBe(403);
    expect((await server.call('/api/admin/sessions')).status).toBe(401);
    expect((await server.call('/api/admin/challenges?status=bogus', { token: adminToken })).body.error).toBe('ERR_VALIDATION');
    expect((await server.call('/api/admin/sessions?user_id=-1', { token: adminToken })).body.error).toBe('ERR_VALIDATION');
    expect((await server.call('/api/admin/challenges?limit=1e9', { token: adminToken })).status).toBe(400);
    expect((await server.call('/api/admin/cancel_game', { token: adminToken, body: { challenge_id: 99_999_999 } })).status).toBe(404);
    expect((await server.call('/api/admin/cancel_game', { token: adminToken, body: { challenge_id: '1' } })).status).toBe(400);
    expect((await server.call('/api/admin/cancel_game', { token: someone.token, body: { challenge_id: 1 } })).status).toBe(403);
  });
});
