import { AppError } from '../../domain/errors';
import { creditsHarness, fund, type CreditsHarness } from './harness';

async function expectKind(promise: Promise<unknown>, kind: AppError['kind']): Promise<void> {
  await expect(promise).rejects.toMatchObject({ name: 'AppError', kind });
}

describe('CreditsService on the in-memory ledger', () => {
  let h: CreditsHarness;
  let user: number;
  beforeEach(async () => {
    h = creditsHarness(null);
    user = await h.newUser();
  });
  const available = () => h.credits.balance(`user:${user}:available`);
  const held = () => h.credits.balance(`user:${user}:held`);

  it('a transfer moves cents and keeps every account summing to zero', async () => {
    await fund(h, user, 1000);
    expect(await available()).toBe(1000);
    expect(await h.credits.balance('platform:adjustments')).toBe(-1000);
    expect(await h.consistency.check()).toEqual({ ok: true, problems: [] });
  });

  it('refuses to take a user below zero and changes nothing', async () => {
    await fund(h, user, 500);
    await expectKind(
      h.credits.transfer({ from: `user:${user}:available`, to: 'platform:revenue', amountCents: 501, reason: 'fee', description: '', reference: null }, 'k-over'),
      'insufficient_credits',
    );
    expect(await available()).toBe(500);
    // The failed key is not remembered: the same key may be retried once there is money.
    await fund(h, user, 1);
    await h.credits.transfer({ from: `user:${user}:available`, to: 'platform:revenue', amountCents: 501, reason: 'fee', description: '', reference: null }, 'k-over');
    expect(await available()).toBe(0);
  });

  it('the same key with the same request returns the first result and moves money once', async () => {
    const request = { from: 'platform:adjustments', to: `user:${user}:available`, amountCents: 300, reason: 'admin_adjustment' as const, description: 'x', reference: null };
    const first = await h.credits.transfer(request, 'same');
    const second = await h.credits.transfer(request, 'same');
    expect(second).toEqual(first);
    expect(second.createdAt).toBeInstanceOf(Date);
    expect(await available()).toBe(300);
  });

  it('the same key with a different request is an idempotency conflict', async () => {
    const request = { from: 'platform:adjustments', to: `user:${user}:available`, amountCents: 300, reason: 'admin_adjustment' as const, description: 'x', reference: null };
    await h.credits.transfer(request, 'same');
    await expectKind(h.credits.transfer({ ...request, amountCents: 301 }, 'same'), 'idempotency_conflict');
    await expectKind(h.credits.hold(user, 300, 'same'), 'idempotency_conflict');
    expect(await available()).toBe(300);
  });

  it('a hold moves available to held; repeating its key returns the same hold', async () => {
    await fund(h, user, 1000);
    const hold = await h.credits.hold(user, 700, 'hold-1', { reference: 'challenge:1' });
    expect(await h.credits.hold(user, 700, 'hold-1', { reference: 'challenge:1' })).toEqual(hold);
    expect([await available(), await held()]).toEqual([300, 700]);
    await expectKind(h.credits.hold(user, 301, 'hold-2'), 'insufficient_credits');
    expect([await available(), await held()]).toEqual([300, 700]);
    expect(await h.consistency.check()).toEqual({ ok: true, problems: [] });
  });

  it('a partial capture takes the price into escrow and releases the rest, once', async () => {
    await fund(h, user, 1000);
    const hold = await h.credits.hold(user, 700, 'hold-1');
    const result = await h.credits.capture(hold.id, 450, 'cap-1');
    expect(result.captured.amountCents).toBe(450);
    expect(result.released?.amountCents).toBe(250);
    expect([await available(), await held(), await h.credits.balance('platform:escrow')]).toEqual([550, 0, 450]);
    // Same key: same answer, nothing moves. Other keys: the hold is settled.
    expect(await h.credits.capture(hold.id, 450, 'cap-1')).toEqual(result);
    await expectKind(h.credits.capture(hold.id, 450, 'cap-2'), 'challenge_state');
    await expectKind(h.credits.release(hold.id, 'rel-1'), 'challenge_state');
    expect([await available(), await held()]).toEqual([550, 0]);
    expect(await h.consistency.check()).toEqual({ ok: true, problems: [] });
  });

  it('a full capture releases nothing; capturing more than the hold is refused', async () => {
    await fund(h, user, 1000);
    const hold = await h.credits.hold(user, 700, 'hold-1');
    await expectKind(h.credits.capture(hold.id, 701, 'cap-x'), 'validation');
    const result = await h.credits.capture(hold.id, 700, 'cap-1', { to: 'platform:revenue' });
    expect(result.released).toBeNull();
    expect(await h.credits.balance('platform:revenue')).toBe(700);
  });

  it('a release returns the whole hold once; an unknown hold is not found', async () => {
    await fund(h, user, 1000);
    const hold = await h.credits.hold(user, 700, 'hold-1');
    await h.credits.release(hold.id, 'rel-1');
    expect([await available(), await held()]).toEqual([1000, 0]);
    await expectKind(h.credits.capture(hold.id, 100, 'cap-1'), 'challenge_state');
    await expectKind(h.credits.release('nope', 'rel-2'), 'not_found');
    expect((await h.credits.findHold(hold.id))?.status).toBe('released');
  });

  it('the statement lists the user lines newest first, signed, with the balance after, and pages by id', async () => {
    await fund(h, user, 1000);
    const hold = await h.credits.hold(user, 700, 'hold-1');
    await h.credits.capture(hold.id, 450, 'cap-1');
    const page = await h.statement.statement(user, { limit: 3 });
    expect(page.lines.map((l) => [l.reason, l.account, l.amountCents, l.balanceAfterCents])).toEqual([
      ['release', 'available', 250, 550],
      ['capture', 'held', -450, 250],
      ['hold', 'available', -700, 300],
    ]);
    expect(page.nextBefore).toBe(page.lines[2]?.id);
    const older = await h.statement.statement(user, { limit: 3, before: page.nextBefore });
    expect(older.lines.map((l) => [l.reason, l.amountCents, l.balanceAfterCents])).toEqual([['admin_adjustment', 1000, 1000]]);
    expect(older.nextBefore).toBeNull();
    // Another user's statement does not show these lines.
    expect((await h.statement.statement(await h.newUser())).lines).toEqual([]);
  });

  it('the consistency check finds a cache or a balance that drifted', async () => {
    await fund(h, user, 1000);
    const { findProblems } = await import('../../application/credits/consistency');
    const facts = await h.ledger.consistencyFacts();
    expect(findProblems(facts)).toEqual([]);
    const broken = { ...facts, users: facts.users.map((u) => ({ ...u, cachedCents: u.cachedCents + 1 })) };
    expect(findProblems(broken)).toEqual([`user ${user}: credits_cents 1001 but available account 1000`]);
    const unbalanced = { ...facts, accounts: facts.accounts.map((a) => (a.id === 'platform:adjustments' ? { ...a, balanceCents: 0 } : a)) };
    expect(findProblems(unbalanced)).toEqual(expect.arrayContaining(['accounts sum to 1000 cents, not 0']));
  });
});
