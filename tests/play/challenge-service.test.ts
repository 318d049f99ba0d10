import fc from 'fast-check';
import { ChallengeRepository } from '../../application/ports/challenges';
import { livePriceCents, splitPayout } from '../../domain/challenges';
import type { User } from '../../domain/user';
import { playHarness, type PlayHarness } from './harness';

const GAME = { minsPerSide: 10, incrementInSecs: 0, playAs: 'random' as const, startingFen: null, startingPositionType: null };

describe('ChallengeService on the in-memory adapters', () => {
  let h: PlayHarness;
  beforeEach(() => {
    h = playHarness();
  });

  it('a send refused for credits rolls back the cancellation of the previous batch (in-memory rollback like SQL)', async () => {
    const cheap = await h.pro(150);
    const dear = await h.pro(300);
    const me = await h.amateur(2000);
    const [first] = await h.service.send(me, { targetIds: [cheap.id], config: GAME });
    await expect(h.service.send(await h.fresh(me), { targetIds: [dear.id], config: GAME })).rejects.toMatchObject({ kind: 'insufficient_credits' });
    // The first batch is untouched: still pending, still held; the ledger is consistent.
    const views = await h.service.list(me);
    expect(views.map((v) => [v.record.id, v.status])).toEqual([[first!.record.id, 'pending']]);
    expect(await h.balance(`user:${me.id}:held`)).toBe(1500);
    expect(await h.balance(`user:${me.id}:available`)).toBe(500);
    expect(await h.consistency.check()).toEqual({ ok: true, problems: [] });
  });

  it('the random side follows the coin, and the game is created with both Lichess names, white first', async () => {
    const p = await h.pro(100);
    const me = await h.amateur(5000);
    const [c] = await h.service.send(me, { targetIds: [p.id], config: GAME });
    await h.service.respond(p, c!.record.id, 'accepted');
    const [game] = [...h.site.games.values()];
    // SequenceRandom's first value is 0: the sender plays white.
    expect(game!.game.white.username).toBe(null); // the amateur has no Lichess name
    expect(game!.game.black.username).toBe(p.lichessUsername);
    expect((await h.service.list(me))[0]!.url).toMatch(/color=white$/);
  });

  it('freestyle draws a Chess960 position on the server', async () => {
    const p = await h.pro(100);
    const me = await h.amateur(5000);
    const [c] = await h.service.send(me, { targetIds: [p.id], config: { ...GAME, startingPositionType: 'freestyle' } });
    await h.service.respond(p, c!.record.id, 'accepted');
    const game = [...h.site.games.values()][0]!.game;
    expect(game.variant).toBe('chess960');
    expect(game.fen).toMatch(/^[rnbqk]{8}\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/[RNBQK]{8} w KQkq - 0 1$/);
  });

  it('a chess-site outage during the follow-up leaves the game for the next pass', async () => {
    const p = await h.pro(100);
    const me = await h.amateur(5000);
    const [c] = await h.service.send(me, { targetIds: [p.id], config: GAME });
    await h.service.respond(p, c!.record.id, 'accepted');
    h.site.failStatus = true;
    h.clock.advanceMinutes(30);
    expect(await h.jobs.followGames()).toEqual({ paid: 0, refunded: 0 });
    h.site.failStatus = false;
    expect(await h.jobs.followGames()).toEqual({ paid: 0, refunded: 1 });
  });

  describe('online schedule job (server.md 4.7)', () => {
    async function scheduledPro(changedAt: Date | null): Promise<User> {
      const p = await h.pro(100);
      await h.users.updateProfile(p.id, { onlineSchedule: { from: '08:00', to: '23:00' }, timezone: 'Europe/Zagreb', onlineChangedAt: changedAt });
      return p;
    }

    it('sets a player offline when off-hours start after their last manual change, once', async () => {
      const p = await scheduledPro(new Date('2026-01-15T09:00:00Z'));
      h.clock.set('2026-01-15T21:59:00Z'); // 22:59 in Zagreb
      expect(await h.jobs.applyOnlineSchedules()).toBe(0);
      h.clock.set('2026-01-15T22:00:00Z'); // 23:00
      expect(await h.jobs.applyOnlineSchedules()).toBe(1);
      expect(await h.jobs.applyOnlineSchedules()).toBe(0);
      expect((await h.fresh(p)).online).toBe(false);
      // The automatic change is not a manual one: onlineChangedAt is kept.
      expect((await h.fresh(p)).onlineChangedAt).toEqual(new Date('2026-01-15T09:00:00Z'));
    });

    it('a manual "online" during off-hours sticks until the next off-hours period', async () => {
      const p = await scheduledPro(new Date('2026-01-15T23:30:00Z')); // went online by hand at 00:30 local
      h.clock.set('2026-01-16T01:00:00Z');
      expect(await h.jobs.applyOnlineSchedules()).toBe(0);
      h.clock.set('2026-01-16T22:00:00Z');
      expect(await h.jobs.applyOnlineSchedules()).toBe(1);
      expect((await h.fresh(p)).online).toBe(false);
    });
  });
});

/**
 * The money property: whatever happens (sends to any targets, accepts, declines, cancels, expiry, chess-site
 * failures, games ending any way, finishes and follow-up passes, in any order), nothing is created or lost:
 * the ledger's invariants hold after every step, and once everything is settled nothing stays held or in escrow,
 * each pro got exactly the price minus the fee of their finished games, and the amateur paid exactly that.
 */
type Step =
  | { op: 'send'; targets: number[]; minutes: number }
  | { op: 'accept' | 'reject'; pick: number }
  | { op: 'cancel' }
  | { op: 'tick'; seconds: number }
  | { op: 'sweep' }
  | { op: 'siteDown'; down: boolean }
  | { op: 'end'; pick: number; progress: 'over' | 'never_started' | 'playing' }
  | { op: 'finish'; pick: number; byPro: boolean }
  | { op: 'follow' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('send' as const), targets: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }), minutes: fc.constantFrom(1, 3, 10, 30, 45, 90) }),
  fc.record({ op: fc.constantFrom('accept' as const, 'reject' as const), pick: fc.nat(20) }),
  fc.constant({ op: 'cancel' as const }),
  fc.record({ op: fc.constant('tick' as const), seconds: fc.constantFrom(5, 30, 61, 600, 901) }),
  fc.constant({ op: 'sweep' as const }),
  fc.record({ op: fc.constant('siteDown' as const), down: fc.boolean() }),
  fc.record({ op: fc.constant('end' as const), pick: fc.nat(20), progress: fc.constantFrom('over' as const, 'never_started' as const, 'playing' as const) }),
  fc.record({ op: fc.constant('finish' as const), pick: fc.nat(20), byPro: fc.boolean() }),
  fc.constant({ op: 'follow' as const }),
);

describe('property: no sequence of events leaves money unaccounted for', () => {
  it('holds for 120 random histories on the in-memory adapters', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const h = playHarness();
        const FUNDS = 50_000;
        const pros = [await h.pro(110, { min: 1, max: 60 }), await h.pro(250), await h.pro(499, { min: 5, max: 120 })];
        const me = await h.amateur(FUNDS);
        const challenges = h.container.get<ChallengeRepository>(ChallengeRepository);
        const all = () => challenges.search({ limit: 1000 });
        const ignore = async (work: () => Promise<unknown>) => {
          try {
            await work();
          } catch (error) {
            // Refusals are part of the game (409, 402, 403, 502...); anything else is a bug.
            const kind = (error as { kind?: string }).kind;
            if (!['challenge_state', 'insufficient_credits', 'target_unavailable', 'forbidden', 'chess_site', 'not_found'].includes(kind ?? '')) throw error;
          }
        };
        const keepPresent = async () => {
          for (const p of pros) await h.users.markSeen(p.id, h.clock.now(), 0);
        };

        for (const s of steps) {
          const list = await all();
          const picked = list.length ? list[('pick' in s ? s.pick : 0) % list.length] : undefined;
          switch (s.op) {
            case 'send':
              await keepPresent();
              await ignore(async () => h.service.send(await h.fresh(me), { targetIds: s.targets.map((i) => pros[i]!.id), config: { ...GAME, minsPerSide: s.minutes } }));
              break;
            case 'accept':
            case 'reject':
              if (picked) await ignore(async () => h.service.respond(await h.users.findById(picked.targetUserId).then((u) => u!), picked.id, s.op === 'accept' ? 'accepted' : 'rejected'));
              break;
            case 'cancel':
              await h.service.cancel(await h.fresh(me));
              break;
            case 'tick':
              h.clock.advanceSeconds(s.seconds);
              break;
            case 'sweep':
              await h.jobs.expireChallenges();
              break;
            case 'siteDown':
              h.site.failCreate = s.down;
              break;
            case 'end':
              if (picked?.gameId) h.site.end(picked.gameId, s.progress);
              break;
            case 'finish':
              if (picked) await ignore(async () => h.service.finish(await h.users.findById(s.byPro ? picked.targetUserId : picked.sourceUserId).then((u) => u!), picked.id));
              break;
            case 'follow':
              await h.jobs.followGames();
              break;
          }
          expect(await h.consistency.check()).toEqual({ ok: true, problems: [] });
        }

        // Settle everything: let pending ones expire, end every game one way or another, follow up.
        h.clock.advanceMinutes(20);
        await h.jobs.expireChallenges();
        for (const c of await all()) if (c.gameId && h.site.games.get(c.gameId)?.progress === 'playing') h.site.end(c.gameId, 'over');
        await h.jobs.followGames();

        const final = await all();
        expect(final.filter((c) => c.status === 'pending' || c.status === 'accepted')).toEqual([]);
        expect(await h.balance(`user:${me.id}:held`)).toBe(0);
        expect(await h.balance('platform:escrow')).toBe(0);
        let paid = 0;
        let fees = 0;
        for (const p of pros) {
          const finished = final.filter((c) => c.targetUserId === p.id && c.status === 'finished');
          const owed = finished.reduce((sum, c) => sum + splitPayout(c.priceCents, 20).proCents, 0);
          expect(await h.balance(`user:${p.id}:available`)).toBe(owed);
          paid += finished.reduce((sum, c) => sum + c.priceCents, 0);
          fees += finished.reduce((sum, c) => sum + splitPayout(c.priceCents, 20).feeCents, 0);
          // Every finished price is the domain's price for the stored minutes and rate.
          for (const c of finished) expect(c.priceCents).toBe(livePriceCents(c.minsPerSide, c.pricePerMinCents));
        }
        expect(await h.balance(`user:${me.id}:available`)).toBe(FUNDS - paid);
        expect(await h.balance('platform:revenue')).toBe(fees);
        // At most one winner per batch.
        const winners = new Map<string, number>();
        for (const c of final) if (c.acceptedAt) winners.set(c.batchId, (winners.get(c.batchId) ?? 0) + 1);
        expect([...winners.values()].every((n) => n === 1)).toBe(true);
      }),
      { numRuns: 120 },
    );
  });
});
