import type { NewChallenge } from '../../application/ports/challenges';
import { describeContract, minutesAfter, T0, type Harness } from './harness';

let holds = 0;

/** A sender, two pros and an open hold for the sender (the batch references it on the SQL stores). */
async function setUp(h: Harness) {
  const make = async (slug: string) => (await h.users.create({ email: `${slug}@example.com`, username: slug, passwordHash: null, timezone: null })).id;
  const sender = await make('sender');
  const a = await make('pro-a');
  const b = await make('pro-b');
  const holdId = `hold-${++holds}`;
  await h.ledger.createHold({ id: holdId, userId: sender, amountCents: 3000, status: 'open', capturedCents: 0, reference: null, createdAt: T0, settledAt: null });
  return { sender, a, b, holdId };
}

function challenge(sourceUserId: number, targetUserId: number, priceCents: number): NewChallenge {
  return {
    sourceUserId,
    targetUserId,
    pricePerMinCents: priceCents / 10,
    priceCents,
    minsPerSide: 10,
    incrementSecs: 0,
    playAs: 'random',
    startingFen: null,
    startingPositionType: null,
  };
}

describeContract('ChallengeRepository', (h: () => Harness) => {
  async function batchOfTwo(batchId = 'batch-1') {
    const s = await setUp(h());
    const created = await h().challenges.createBatch({ id: batchId, sourceUserId: s.sender, holdId: s.holdId, holdCents: 3000, createdAt: T0 }, [
      challenge(s.sender, s.a, 1500),
      challenge(s.sender, s.b, 3000),
    ]);
    return { ...s, created };
  }

  it('createBatch stores an open batch and pending challenges, returned in order with every field', async () => {
    const { sender, a, b, holdId, created } = await batchOfTwo();
    expect(created.map((c) => [c.targetUserId, c.status, c.priceCents])).toEqual([
      [a, 'pending', 1500],
      [b, 'pending', 3000],
    ]);
    expect(created[0]).toEqual({
      id: expect.any(Number),
      batchId: 'batch-1',
      sourceUserId: sender,
      targetUserId: a,
      status: 'pending',
      cancelReason: null,
      pricePerMinCents: 150,
      priceCents: 1500,
      minsPerSide: 10,
      incrementSecs: 0,
      playAs: 'random',
      startingFen: null,
      startingPositionType: null,
      sourceColor: null,
      gameId: null,
      sourceUrl: null,
      targetUrl: null,
      createdAt: T0,
      acceptedAt: null,
      endedAt: null,
      updatedAt: T0,
    });
    expect(await h().challenges.findById(created[0]!.id)).toEqual(created[0]);
    expect(await h().challenges.findBatch('batch-1')).toEqual({ id: 'batch-1', sourceUserId: sender, holdId, holdCents: 3000, status: 'open', winnerChallengeId: null, createdAt: T0 });
    expect((await h().challenges.findOpenBatchOf(sender))?.id).toBe('batch-1');
    expect(await h().challenges.findById(999_999)).toBeNull();
  });

  it('a sender has at most one open batch (the store refuses a second)', async () => {
    const { sender, a, holdId } = await batchOfTwo();
    await expect(
      h().challenges.createBatch({ id: 'batch-2', sourceUserId: sender, holdId, holdCents: 100, createdAt: T0 }, [challenge(sender, a, 100)]),
    ).rejects.toThrow();
  });

  it('winBatch is won once: the second try, or a close after it, changes nothing', async () => {
    const { created } = await batchOfTwo();
    expect(await h().challenges.winBatch('batch-1', created[0]!.id)).toBe(true);
    expect(await h().challenges.winBatch('batch-1', created[1]!.id)).toBe(false);
    expect(await h().challenges.closeBatch('batch-1')).toBe(false);
    expect(await h().challenges.findBatch('batch-1')).toMatchObject({ status: 'won', winnerChallengeId: created[0]!.id });
    expect(await h().challenges.findOpenBatchOf(created[0]!.sourceUserId)).toBeNull();
  });

  it('closeBatch closes once; winBatch after it fails', async () => {
    const { created } = await batchOfTwo();
    expect(await h().challenges.closeBatch('batch-1')).toBe(true);
    expect(await h().challenges.closeBatch('batch-1')).toBe(false);
    expect(await h().challenges.winBatch('batch-1', created[0]!.id)).toBe(false);
  });

  it('a status outside the domain\'s list is refused by every store, and changes nothing', async () => {
    const { created } = await batchOfTwo();
    const id = created[0]!.id;
    const unknown = 'declined' as unknown as 'rejected';
    await expect(h().challenges.changeStatus(id, 'pending', unknown, minutesAfter(T0, 1))).rejects.toThrow(/ck_challenges_status/);
    expect(await h().challenges.findById(id)).toMatchObject({ status: 'pending', updatedAt: T0 });
  });

  it('changeStatus is conditional on the current status and stamps accepted_at / ended_at', async () => {
    const { created } = await batchOfTwo();
    const id = created[0]!.id;
    const at = minutesAfter(T0, 1);
    expect(await h().challenges.changeStatus(id, 'accepted', 'finished', at)).toBe(false);
    expect(await h().challenges.changeStatus(id, 'pending', 'accepted', at)).toBe(true);
    expect(await h().challenges.changeStatus(id, 'pending', 'accepted', at)).toBe(false);
    expect(await h().challenges.findById(id)).toMatchObject({ status: 'accepted', acceptedAt: at, endedAt: null, updatedAt: at });
    const later = minutesAfter(T0, 9);
    expect(await h().challenges.changeStatus(id, 'accepted', 'canceled', later, 'game_not_started')).toBe(true);
    expect(await h().challenges.findById(id)).toMatchObject({ status: 'canceled', cancelReason: 'game_not_started', acceptedAt: at, endedAt: later });
  });

  it('endPendingInBatch moves only pending ones, except the one named', async () => {
    const { created } = await batchOfTwo();
    await h().challenges.changeStatus(created[0]!.id, 'pending', 'accepted', T0);
    expect(await h().challenges.endPendingInBatch('batch-1', 'canceled', minutesAfter(T0, 1), 'sibling_accepted', created[0]!.id)).toBe(1);
    expect((await h().challenges.listBatch('batch-1')).map((c) => [c.status, c.cancelReason])).toEqual([
      ['accepted', null],
      ['canceled', 'sibling_accepted'],
    ]);
    expect(await h().challenges.countPendingInBatch('batch-1')).toBe(0);
  });

  it('setGame records the game only on an accepted challenge', async () => {
    const { created } = await batchOfTwo();
    const game = { gameId: 'AbCd1234', sourceColor: 'white' as const, sourceUrl: 'https://x/w', targetUrl: 'https://x/b' };
    expect(await h().challenges.setGame(created[0]!.id, game, T0)).toBe(false);
    await h().challenges.changeStatus(created[0]!.id, 'pending', 'accepted', T0);
    expect(await h().challenges.setGame(created[0]!.id, game, minutesAfter(T0, 1))).toBe(true);
    expect(await h().challenges.findById(created[0]!.id)).toMatchObject(game);
  });

  it('listForUser: sent and received, live ones always, ended ones only since the given time, newest first', async () => {
    const { sender, a, b, created } = await batchOfTwo();
    await h().challenges.changeStatus(created[1]!.id, 'pending', 'rejected', minutesAfter(T0, 1));
    const ids = async (user: number, since: Date) => (await h().challenges.listForUser(user, since, 50)).map((c) => c.id);
    expect(await ids(sender, minutesAfter(T0, 1))).toEqual([created[1]!.id, created[0]!.id]);
    expect(await ids(sender, minutesAfter(T0, 2))).toEqual([created[0]!.id]);
    expect(await ids(a, minutesAfter(T0, 2))).toEqual([created[0]!.id]);
    expect(await ids(b, minutesAfter(T0, 2))).toEqual([]);
    expect(await ids(b, T0)).toEqual([created[1]!.id]);
    expect(await h().challenges.listForUser(sender, T0, 1)).toHaveLength(1);
  });

  it('the sweeps\' reads: expired open batches, accepted games, pending challenges for given targets', async () => {
    const { a, b, created } = await batchOfTwo();
    expect((await h().challenges.findExpiredOpenBatches(minutesAfter(T0, -1), 10)).map((x) => x.id)).toEqual([]);
    expect((await h().challenges.findExpiredOpenBatches(T0, 10)).map((x) => x.id)).toEqual(['batch-1']);
    expect((await h().challenges.findPendingForTargets([a], T0, 10)).map((c) => c.id)).toEqual([created[0]!.id]);
    expect(await h().challenges.findPendingForTargets([a, b], minutesAfter(T0, -1), 10)).toEqual([]);
    expect(await h().challenges.findPendingForTargets([], T0, 10)).toEqual([]);
    await h().challenges.changeStatus(created[1]!.id, 'pending', 'accepted', T0);
    expect((await h().challenges.findAccepted(10)).map((c) => c.id)).toEqual([created[1]!.id]);
  });

  it('search filters by status and participant, newest first, with paging', async () => {
    const { a, sender, created } = await batchOfTwo();
    expect((await h().challenges.search({ limit: 10 })).map((c) => c.id)).toEqual([created[1]!.id, created[0]!.id]);
    expect((await h().challenges.search({ userId: a, limit: 10 })).map((c) => c.id)).toEqual([created[0]!.id]);
    expect((await h().challenges.search({ userId: sender, status: 'accepted', limit: 10 }))).toEqual([]);
    expect((await h().challenges.search({ limit: 10, beforeId: created[1]!.id })).map((c) => c.id)).toEqual([created[0]!.id]);
  });
});
