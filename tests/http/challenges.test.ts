import { ChessSite, type ChessSite as ChessSitePort } from '../../application/ports/challenges';
import { UnitOfWork } from '../../application/ports/system';
import { UserRepository } from '../../application/ports/users';
import { CreditsService } from '../../application/credits/credits-service';
import { ChallengeJobs } from '../../application/play/challenge-jobs';
import { DevChessSite } from '../../adapters/chess-site/DevChessSite';
import { outsideUnitOfWork } from '../../adapters/system/outside-unit-of-work';
import { checkLedger } from '../../bin/admin-ledger';
import { AppError } from '../../domain/errors';
import type { ProfilePatch } from '../../domain/user';
import { describeEachDialect } from '../support/databases';
import { signUp, startTestServer, type TestServer } from '../support/http';

jest.setTimeout(30_000);

type Json = Record<string, unknown>;
type ChallengeJson = Json & { id: number; status: string; url: string | null; price: number; target_user_id: number };

/** The wire's Challenge fields: the spec's plus price, created_at and expires_at (docs/decisions.md). */
const CHALLENGE_KEYS = [
  'analysis_requested',
  'created_at',
  'expires_at',
  'id',
  'increment_in_secs',
  'is_scheduled',
  'mins_per_side',
  'price',
  'price_per_min',
  'scheduled_at_utc',
  'source_name',
  'source_user_id',
  'starting_fen',
  'starting_position_type',
  'status',
  'target_name',
  'target_opponent',
  'target_user_id',
  'url',
  'video_call_url',
];

const GAME = { minsPerSide: 10, incrementInSecs: 0, playAs: 'white' };

/** Set to make the chess site fail for the next createGame calls. */
let chessSiteDown = false;

describeEachDialect('live challenges over HTTP', (dialect) => {
  let server: TestServer;
  let users: UserRepository;
  let credits: CreditsService;
  let jobs: ChallengeJobs;
  let devSite: DevChessSite;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      override: (c) => {
        // The dev chess site, with a switch that makes game creation fail like an unreachable Lichess.
        c.rebindSync<ChessSitePort>(ChessSite).toDynamicValue((ctx) => {
          const dev = ctx.get(DevChessSite);
          const switchable: ChessSitePort = {
            createGame: (game) => (chessSiteDown ? Promise.reject(new AppError('chess_site', 'down')) : dev.createGame(game)),
            gameStatus: (id) => dev.gameStatus(id),
          };
          return outsideUnitOfWork(switchable, ctx.get<UnitOfWork>(UnitOfWork), 'ChessSite');
        });
      },
    });
    users = server.container.get<UserRepository>(UserRepository);
    credits = server.container.get(CreditsService);
    jobs = server.container.get(ChallengeJobs);
    devSite = server.container.get(DevChessSite);
  });
  afterEach(() => {
    chessSiteDown = false;
  });
  afterAll(async () => {
    if (server.database) expect(await checkLedger(server.database)).toEqual({ ok: true, problems: [] });
    await server.close();
  });

  /** A titled player as an admin makes one: pro, priced, online and seen just now. */
  async function pro(patch: ProfilePatch = {}): Promise<{ id: number; token: string }> {
    counter += 1;
    const { token, user } = await signUp(server, `pro${counter}@example.com`);
    const id = user.id as number;
    await users.setRole(id, 'pro', 'GM');
    await users.updateProfile(id, { firstName: 'Pro', lastName: `Number${counter}`, lichessUsername: `pro${counter}`, online: true, pricePerMinCents: 150, ...patch });
    await users.markSeen(id, server.clock.now(), 0);
    return { id, token };
  }

  async function amateur(cents = 10_000): Promise<{ id: number; token: string }> {
    counter += 1;
    const { token, user } = await signUp(server, `amateur${counter}@example.com`);
    const id = user.id as number;
    await users.updateProfile(id, { lichessUsername: `amateur${counter}` });
    if (cents > 0) {
      await credits.transfer(
        { from: 'platform:adjustments', to: `user:${id}:available`, amountCents: cents, reason: 'admin_adjustment', description: 'test funds', reference: null },
        `fund:${id}`,
      );
    }
    return { id, token };
  }

  const available = (id: number) => credits.balance(`user:${id}:available`);
  const held = (id: number) => credits.balance(`user:${id}:held`);

  function send(token: string | null, body: Json) {
    return server.call('/api/send_challenges', { token, body });
  }
  function answer(token: string, challengeId: number, status: 'accepted' | 'rejected') {
    return server.call('/api/accept_reject_challenge', { token, body: { challenge_id: challengeId, status } });
  }
  function challengesOf(result: { body: Json }): ChallengeJson[] {
    return result.body.challenges as ChallengeJson[];
  }
  async function appState(token: string): Promise<ChallengeJson[]> {
    const result = await server.call('/api/get_app_state', { token });
    expect(result.status).toBe(200);
    return result.body.challenges as ChallengeJson[];
  }

  describe('send_challenges', () => {
    it('sends to two available pros: one pending challenge each, one hold for the highest price, exact cents', async () => {
      const a = await pro({ pricePerMinCents: 150 });
      const b = await pro({ pricePerMinCents: 275 });
      const me = await amateur(10_000);
      const result = await send(me.token, { target_user_ids: [a.id, b.id], ...GAME });
      expect(result.status).toBe(200);
      const list = challengesOf(result);
      expect(list.map((c) => [c.target_user_id, c.status, c.price])).toEqual([
        [b.id, 'pending', 27.5],
        [a.id, 'pending', 15],
      ]);
      expect(Object.keys(list[0]!).sort()).toEqual(CHALLENGE_KEYS);
      expect(list[0]).toMatchObject({ source_user_id: me.id, mins_per_side: 10, increment_in_secs: 0, is_scheduled: false, url: null, price_per_min: 2.75 });
      expect(await available(me.id)).toBe(10_000 - 2750);
      expect(await held(me.id)).toBe(2750);
      // Both targets see it as incoming in their poll; the sender sees both.
      expect((await appState(a.token)).map((c) => c.status)).toEqual(['pending']);
      expect((await appState(me.token))).toHaveLength(2);
      // The statement shows the hold.
      const statement = await server.call('/api/get_transactions', { token: me.token });
      expect((statement.body.transactions as Json[]).filter((t) => t.reason === 'hold').map((t) => t.amount)).toEqual([-27.5]);
    });

    it('a classical game costs 20% less (45 min x $4.50 = $162.00)', async () => {
      const gm = await pro({ pricePerMinCents: 450, minsPerSideMax: 120 });
      const me = await amateur(20_000);
      const result = await send(me.token, { target_user_ids: [gm.id], minsPerSide: 45, incrementInSecs: 0, playAs: 'random' });
      expect(challengesOf(result)[0]!.price).toBe(162);
      expect(await held(me.id)).toBe(16_200);
    });

    it('a visitor gets 401 ERR_UNAUTHORIZED', async () => {
      const a = await pro();
      const result = await send(null, { target_user_ids: [a.id], ...GAME });
      expect(result.status).toBe(401);
      expect(result.body.error).toBe('ERR_UNAUTHORIZED');
    });

    it('refuses unavailable targets with 409 ERR_TARGET_UNAVAILABLE naming them, and changes nothing', async () => {
      const ok = await pro();
      const offline = await pro({ online: false });
      const stale = await pro();
      const outOfRange = await pro({ minsPerSideMin: 15, minsPerSideMax: 60 });
      const unpriced = await pro({ pricePerMinCents: 0 });
      const me = await amateur();
      const regular = await amateur(0);
      for (const [bad, ids] of [
        [offline.id, [offline.id]],
        [outOfRange.id, [outOfRange.id]],
        [unpriced.id, [unpriced.id]],
        [me.id, [me.id]],
        [regular.id, [regular.id]],
        [999_999, [999_999]],
      ] as const) {
        const result = await send(me.token, { target_user_ids: [ok.id, bad], ...GAME });
        expect([bad, result.status, result.body.error]).toEqual([bad, 409, 'ERR_TARGET_UNAVAILABLE']);
        expect(result.body.ids).toEqual(ids);
      }
      // A pro whose last poll is older than the presence timeout (90 s) is stale, though their toggle says online.
      server.clock.advanceSeconds(91);
      await users.markSeen(ok.id, server.clock.now(), 0);
      const staleResult = await send(me.token, { target_user_ids: [ok.id, stale.id], ...GAME });
      expect(staleResult.status).toBe(409);
      expect(staleResult.body.ids).toEqual([stale.id]);
      expect(await available(me.id)).toBe(10_000);
      expect(await appState(me.token)).toEqual([]);
    });

    it('402 ERR_INSUFFICIENT_CREDITS when the balance is below the highest price, creating nothing', async () => {
      const cheap = await pro({ pricePerMinCents: 100 });
      const dear = await pro({ pricePerMinCents: 500 });
      const me = await amateur(4999);
      const result = await send(me.token, { target_user_ids: [cheap.id, dear.id], ...GAME });
      expect(result.status).toBe(402);
      expect(result.body.error).toBe('ERR_INSUFFICIENT_CREDITS');
      expect(await available(me.id)).toBe(4999);
      expect(await held(me.id)).toBe(0);
      expect(await appState(me.token)).toEqual([]);
      expect(await appState(dear.token)).toEqual([]);
    });

    it('a second send cancels the first batch and releases its hold: one live batch, one hold', async () => {
      const a = await pro({ pricePerMinCents: 200 });
      const b = await pro({ pricePerMinCents: 300 });
      const me = await amateur(10_000);
      const first = challengesOf(await send(me.token, { target_user_ids: [a.id], ...GAME }));
      const second = challengesOf(await send(me.token, { target_user_ids: [b.id], ...GAME }));
      expect(await held(me.id)).toBe(3000);
      expect(await available(me.id)).toBe(7000);
      const all = await appState(me.token);
      expect(all.find((c) => c.id === first[0]!.id)?.status).toBe('canceled');
      expect(all.find((c) => c.id === second[0]!.id)?.status).toBe('pending');
      // The first target can no longer accept.
      expect((await answer(a.token, first[0]!.id, 'accepted')).body.error).toBe('ERR_CHALLENGE_STATE');
    });

    it.each<[string, unknown]>([
      ['no body', undefined],
      ['an array', [1]],
      ['missing targets', { ...GAME }],
      ['empty targets', { target_user_ids: [], ...GAME }],
      ['string ids', { target_user_ids: ['1'], ...GAME }],
      ['fractional id', { target_user_ids: [1.5], ...GAME }],
      ['unknown key', { target_user_ids: [1], ...GAME, tip: 5 }],
      ['0 minutes', { target_user_ids: [1], ...GAME, minsPerSide: 0 }],
      ['121 minutes', { target_user_ids: [1], ...GAME, minsPerSide: 121 }],
      ['31 s increment', { target_user_ids: [1], ...GAME, incrementInSecs: 31 }],
      ['minutes as text', { target_user_ids: [1], ...GAME, minsPerSide: '10' }],
      ['unknown side', { target_user_ids: [1], ...GAME, playAs: 'purple' }],
      ['unknown position type', { target_user_ids: [1], ...GAME, startingPositionType: 'chaos', startingFen: 'x' }],
      ['illegal FEN', { target_user_ids: [1], ...GAME, startingPositionType: 'endgame', startingFen: '8/8/8/8/8/8/8/8 w - - 0 1' }],
      ['FEN without type', { target_user_ids: [1], ...GAME, startingFen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' }],
      ['huge id', { target_user_ids: [1e300], ...GAME }],
    ])('400 ERR_VALIDATION for %s, nothing held', async (_name, body) => {
      const me = await amateur(5000);
      const result = await server.call('/api/send_challenges', { method: 'POST', token: me.token, body });
      expect([result.status, result.body.error]).toEqual([400, 'ERR_VALIDATION']);
      expect(await held(me.id)).toBe(0);
    });
  });

  describe('accept_reject_challenge', () => {
    it('first accept wins: price captured, the rest released, siblings canceled, game link for both sides', async () => {
      const a = await pro({ pricePerMinCents: 150 });
      const b = await pro({ pricePerMinCents: 275 });
      const me = await amateur(10_000);
      const sent = challengesOf(await send(me.token, { target_user_ids: [a.id, b.id], ...GAME }));
      const toA = sent.find((c) => c.target_user_id === a.id)!;
      const toB = sent.find((c) => c.target_user_id === b.id)!;

      const accepted = await answer(a.token, toA.id, 'accepted');
      expect(accepted.status).toBe(200);
      const mine = challengesOf(accepted).find((c) => c.id === toA.id)!;
      expect(mine.status).toBe('accepted');
      expect(mine.url).toMatch(new RegExp(`^http://localhost:3999/dev/game/[A-Za-z0-9]{8}\\?color=black$`));

      const late = await answer(b.token, toB.id, 'accepted');
      expect([late.status, late.body.error]).toEqual([409, 'ERR_CHALLENGE_STATE']);

      const senderView = await appState(me.token);
      expect(senderView.find((c) => c.id === toA.id)).toMatchObject({ status: 'accepted' });
      expect(senderView.find((c) => c.id === toA.id)!.url).toMatch(/\?color=white$/);
      expect(senderView.find((c) => c.id === toB.id)!.status).toBe('canceled');
      expect(await available(me.id)).toBe(10_000 - 1500);
      expect(await held(me.id)).toBe(0);
      expect(await credits.balance('platform:escrow')).toBeGreaterThanOrEqual(1500);
      // The game on the (dev) chess site: amateur white (playAs white), the pro black, 10+0.
      const gameId = /dev\/game\/([A-Za-z0-9]{8})/.exec(mine.url!)![1]!;
      expect(devSite.find(gameId)).toMatchObject({ white: expect.stringMatching(/^amateur/), black: expect.stringMatching(/^pro/), clockLimitSeconds: 600, incrementSeconds: 0 });
    });

    it('a decline leaves the others pending; declining the last one releases the hold at once', async () => {
      const a = await pro();
      const b = await pro();
      const me = await amateur(10_000);
      const sent = challengesOf(await send(me.token, { target_user_ids: [a.id, b.id], ...GAME }));
      const toA = sent.find((c) => c.target_user_id === a.id)!;
      const toB = sent.find((c) => c.target_user_id === b.id)!;
      expect((await answer(a.token, toA.id, 'rejected')).status).toBe(200);
      expect(await held(me.id)).toBe(1500);
      expect((await answer(b.token, toB.id, 'rejected')).status).toBe(200);
      expect(await held(me.id)).toBe(0);
      expect(await available(me.id)).toBe(10_000);
      expect((await appState(me.token)).map((c) => c.status)).toEqual(['rejected', 'rejected']);
      // Terminal: answering again is a state error.
      expect((await answer(b.token, toB.id, 'accepted')).body.error).toBe('ERR_CHALLENGE_STATE');
    });

    it('only the target answers (403), someone else\'s challenge is 404, bad input is 400; nothing changes', async () => {
      const a = await pro();
      const me = await amateur(10_000);
      const stranger = await amateur(0);
      const [c] = challengesOf(await send(me.token, { target_user_ids: [a.id], ...GAME }));
      expect((await answer(me.token, c!.id, 'accepted')).body.error).toBe('ERR_FORBIDDEN');
      expect((await answer(stranger.token, c!.id, 'accepted')).status).toBe(404);
      expect((await answer(a.token, 999_999, 'accepted')).status).toBe(404);
      for (const body of [{ challenge_id: c!.id }, { challenge_id: c!.id, status: 'maybe' }, { challenge_id: String(c!.id), status: 'accepted' }, { challenge_id: c!.id, status: 'accepted', x: 1 }]) {
        const result = await server.call('/api/accept_reject_challenge', { token: a.token, body });
        expect([result.status, result.body.error]).toEqual([400, 'ERR_VALIDATION']);
      }
      expect((await appState(me.token))[0]!.status).toBe('pending');
      expect(await held(me.id)).toBe(1500);
    });

    it('if the chess site fails, the accept is undone: 502 ERR_CHESS_SITE, challenge canceled, price refunded', async () => {
      const a = await pro();
      const me = await amateur(10_000);
      const [c] = challengesOf(await send(me.token, { target_user_ids: [a.id], ...GAME }));
      chessSiteDown = true;
      const result = await answer(a.token, c!.id, 'accepted');
      expect([result.status, result.body.error]).toEqual([502, 'ERR_CHESS_SITE']);
      expect((await appState(me.token))[0]!.status).toBe('canceled');
      expect(await available(me.id)).toBe(10_000);
      expect(await held(me.id)).toBe(0);
      const statement = await server.call('/api/get_transactions', { token: me.token });
      expect((statement.body.transactions as Json[]).map((t) => t.reason)).toEqual(['refund', 'capture', 'hold', 'admin_adjustment']);
    });
  });

  describe('expiry', () => {
    it('a pending challenge reads as expired after the TTL without any write; accepting it is 409; the sweep releases the hold once', async () => {
      const a = await pro();
      const me = await amateur(10_000);
      const [c] = challengesOf(await send(me.token, { target_user_ids: [a.id], ...GAME }));
      server.clock.advanceSeconds(59);
      expect((await appState(me.token))[0]!.status).toBe('pending');
      server.clock.advanceSeconds(1);
      await users.markSeen(a.id, server.clock.now(), 0);
      expect((await appState(me.token))[0]!.status).toBe('expired');
      expect(await held(me.id)).toBe(1500); // not yet swept
      expect((await answer(a.token, c!.id, 'accepted')).body.error).toBe('ERR_CHALLENGE_STATE');
      expect(await jobs.expireChallenges()).toBeGreaterThanOrEqual(1);
      expect(await jobs.expireChallenges()).toBe(0);
      expect(await held(me.id)).toBe(0);
      expect(await available(me.id)).toBe(10_000);
    });
  });

  describe('cancel_challenges', () => {
    it('cancels the pending batch and releases the hold; nothing to cancel is fine; a body is refused', async () => {
      const a = await pro();
      const me = await amateur(10_000);
      await send(me.token, { target_user_ids: [a.id], ...GAME });
      const result = await server.call('/api/cancel_challenges', { token: me.token, body: {} });
      expect(result.status).toBe(200);
      expect(challengesOf(result).map((c) => c.status)).toEqual(['canceled']);
      expect(await held(me.id)).toBe(0);
      expect((await server.call('/api/cancel_challenges', { token: me.token, body: {} })).status).toBe(200);
      expect((await server.call('/api/cancel_challenges', { token: me.token, body: { all: true } })).status).toBe(400);
      expect((await server.call('/api/cancel_challenges', { body: {} })).status).toBe(401);
      expect(await available(me.id)).toBe(10_000);
    });

    it('after an accept, cancel changes nothing and shows the accepted game', async () => {
      const a = await pro();
      const me = await amateur(10_000);
      const [c] = challengesOf(await send(me.token, { target_user_ids: [a.id], ...GAME }));
      await answer(a.token, c!.id, 'accepted');
      const result = await server.call('/api/cancel_challenges', { token: me.token, body: {} });
      expect(challengesOf(result).find((x) => x.id === c!.id)!.status).toBe('accepted');
      expect(await available(me.id)).toBe(10_000 - 1500);
    });
  });

  describe('finish_challenge and settlement', () => {
    async function acceptedGame(priceCents = 150): Promise<{ pro: { id: number; token: string }; me: { id: number; token: string }; id: number; gameId: string }> {
      const p = await pro({ pricePerMinCents: priceCents });
      const me = await amateur(10_000);
      const [c] = challengesOf(await send(me.token, { target_user_ids: [p.id], ...GAME }));
      const accepted = challengesOf(await answer(p.token, c!.id, 'accepted')).find((x) => x.id === c!.id)!;
      return { pro: p, me, id: c!.id, gameId: /dev\/game\/([A-Za-z0-9]{8})/.exec(accepted.url!)![1]! };
    }
    const finish = (token: string, id: number) => server.call('/api/finish_challenge', { token, body: { challenge_id: id } });

    it('a game still being played cannot be finished (409); once over, the pro is paid minus 20% and the fee goes to revenue', async () => {
      const g = await acceptedGame(150);
      devSite.markStarted(g.gameId);
      expect((await finish(g.pro.token, g.id)).body.error).toBe('ERR_CHALLENGE_STATE');
      devSite.end(g.gameId, 'white');
      const revenueBefore = await credits.balance('platform:revenue');
      const result = await finish(g.me.token, g.id);
      expect(result.status).toBe(200);
      expect(challengesOf(result).find((c) => c.id === g.id)!.status).toBe('finished');
      expect(await available(g.pro.id)).toBe(1200);
      expect((await credits.balance('platform:revenue')) - revenueBefore).toBe(300);
      expect(await available(g.me.id)).toBe(8500);
      // Finishing again (either side) pays nothing more.
      expect((await finish(g.pro.token, g.id)).status).toBe(200);
      expect((await finish(g.me.token, g.id)).status).toBe(200);
      expect(await available(g.pro.id)).toBe(1200);
      const proStatement = await server.call('/api/get_transactions', { token: g.pro.token });
      expect((proStatement.body.transactions as Json[]).map((t) => [t.reason, t.amount])).toEqual([['payout', 12]]);
    });

    it('the dev game page over HTTP: opening starts it, the White wins form ends it, then finish pays', async () => {
      const g = await acceptedGame();
      const page = await fetch(`${server.url}/dev/game/${g.gameId}?color=white`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('In progress');
      const bad = await fetch(`${server.url}/dev/game/${g.gameId}/end`, { method: 'POST', body: new URLSearchParams({ result: 'nobody' }), redirect: 'manual' });
      expect(bad.status).toBe(400);
      expect((await fetch(`${server.url}/dev/game/Nope1234`)).status).toBe(404);
      const ended = await fetch(`${server.url}/dev/game/${g.gameId}/end`, { method: 'POST', body: new URLSearchParams({ result: 'white' }), redirect: 'manual' });
      expect([ended.status, ended.headers.get('location')]).toEqual([303, `/dev/game/${g.gameId}`]);
      expect((await finish(g.me.token, g.id)).status).toBe(200);
      expect(await available(g.pro.id)).toBe(1200);
    });

    it('an aborted game is refunded to the sender and canceled', async () => {
      const g = await acceptedGame();
      devSite.end(g.gameId, 'aborted');
      const result = await finish(g.pro.token, g.id);
      expect(challengesOf(result).find((c) => c.id === g.id)!.status).toBe('canceled');
      expect(await available(g.me.id)).toBe(10_000);
      expect(await available(g.pro.id)).toBe(0);
    });

    it('a stranger gets 404; a pending challenge cannot be finished (409); bad ids are 400', async () => {
      const g = await acceptedGame();
      const stranger = await amateur(0);
      expect((await finish(stranger.token, g.id)).status).toBe(404);
      const a = await pro();
      const me = await amateur(5000);
      const [pending] = challengesOf(await send(me.token, { target_user_ids: [a.id], ...GAME }));
      expect((await finish(me.token, pending!.id)).body.error).toBe('ERR_CHALLENGE_STATE');
      for (const body of [{}, { challenge_id: -1 }, { challenge_id: 'x' }, { challenge_id: 1, extra: 1 }]) {
        expect((await server.call('/api/finish_challenge', { token: me.token, body })).status).toBe(400);
      }
    });

    it('the follow-up job pays a finished game and refunds one that never started within the start timeout', async () => {
      const played = await acceptedGame(200);
      const idle = await acceptedGame(300);
      devSite.end(played.gameId, 'draw');
      let result = await jobs.followGames();
      expect(result.paid).toBeGreaterThanOrEqual(1);
      expect(await available(played.pro.id)).toBe(1600);
      expect(await available(idle.me.id)).toBe(7000);
      server.clock.advanceMinutes(15);
      result = await jobs.followGames();
      expect(result.refunded).toBeGreaterThanOrEqual(1);
      expect(await available(idle.me.id)).toBe(10_000);
      expect((await appState(idle.me.token)).find((c) => c.id === idle.id)!.status).toBe('canceled');
    });
  });
});
