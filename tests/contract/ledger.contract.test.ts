import type { TopUp } from '../../application/ports/payments';
import { describeContract, minutesAfter, T0, type Harness } from './harness';

/** The ledger and top-up stores: the same contract on memory, SQLite and Postgres. */
async function twoUsers(h: Harness): Promise<[number, number]> {
  const a = await h.users.create({ email: 'a@example.com', username: 'a', passwordHash: null, timezone: null });
  const b = await h.users.create({ email: 'b@example.com', username: 'b', passwordHash: null, timezone: null });
  return [a.id, b.id];
}

const move = (from: string, to: string, amountCents: number, key: string) => ({
  from,
  to,
  amountCents,
  reason: 'admin_adjustment' as const,
  description: 'test',
  reference: null,
  idempotencyKey: key,
  createdAt: T0,
});

describeContract('LedgerRepository', (h: () => Harness) => {
  it('applyTransfer moves cents, records both balances after, and keeps the cached credits', async () => {
    const [a] = await twoUsers(h());
    await h().ledger.lockAccounts([`user:${a}:available`, 'platform:adjustments']);
    const t = await h().ledger.applyTransfer(move('platform:adjustments', `user:${a}:available`, 1234, 'k1'));
    expect(t).toMatchObject({ amountCents: 1234, fromBalanceAfterCents: -1234, toBalanceAfterCents: 1234, idempotencyKey: 'k1' });
    expect(await h().ledger.balance(`user:${a}:available`)).toBe(1234);
    expect((await h().users.findById(a))?.creditsCents).toBe(1234);
    expect(await h().ledger.findTransferByKey('k1')).toMatchObject({ id: t!.id, amountCents: 1234 });
  });

  it('a user account never goes below zero: the transfer is refused and nothing changes', async () => {
    const [a, b] = await twoUsers(h());
    await h().ledger.applyTransfer(move('platform:adjustments', `user:${a}:available`, 500, 'fund'));
    expect(await h().ledger.applyTransfer(move(`user:${a}:available`, `user:${b}:available`, 501, 'too-much'))).toBeNull();
    expect(await h().ledger.balance(`user:${a}:available`)).toBe(500);
    expect(await h().ledger.balance(`user:${b}:available`)).toBe(0);
    expect(await h().ledger.findTransferByKey('too-much')).toBeNull();
    expect(await h().ledger.applyTransfer(move(`user:${a}:available`, `user:${b}:available`, 500, 'exact'))).not.toBeNull();
  });

  it('a refused transfer between two existing accounts leaves both as they were (debit and credit are one statement)', async () => {
    const [a, b] = await twoUsers(h());
    await h().ledger.applyTransfer(move('platform:adjustments', `user:${a}:available`, 300, 'fund-a'));
    await h().ledger.applyTransfer(move('platform:adjustments', `user:${b}:available`, 700, 'fund-b'));
    expect(await h().ledger.applyTransfer(move(`user:${a}:available`, `user:${b}:available`, 301, 'refused'))).toBeNull();
    expect([await h().ledger.balance(`user:${a}:available`), await h().ledger.balance(`user:${b}:available`)]).toEqual([300, 700]);
    const facts = await h().ledger.consistencyFacts();
    expect(facts.accounts.every((x) => x.balanceCents === x.transferNetCents)).toBe(true);
    const moved = await h().ledger.applyTransfer(move(`user:${a}:available`, `user:${b}:available`, 300, 'all-of-it'));
    expect([moved?.fromBalanceAfterCents, moved?.toBalanceAfterCents]).toEqual([0, 1000]);
  });

  it('a transfer to an account not yet created creates it and moves the money once', async () => {
    const [a, b] = await twoUsers(h());
    await h().ledger.applyTransfer(move('platform:adjustments', `user:${a}:available`, 400, 'fund'));
    const moved = await h().ledger.applyTransfer(move(`user:${a}:available`, `user:${b}:held`, 150, 'to-new'));
    expect([moved?.fromBalanceAfterCents, moved?.toBalanceAfterCents]).toEqual([250, 150]);
    expect(await h().ledger.balance(`user:${a}:available`)).toBe(250);
    expect(await h().ledger.balance(`user:${b}:held`)).toBe(150);
  });

  it('an idempotency key is used once', async () => {
    const [a] = await twoUsers(h());
    await h().ledger.applyTransfer(move('platform:adjustments', `user:${a}:available`, 100, 'once'));
    await expect(h().ledger.applyTransfer(move('platform:adjustments', `user:${a}:available`, 100, 'once'))).rejects.toThrow();
  });

  it('holds settle once: open -> captured or released, never both', async () => {
    const [a] = await twoUsers(h());
    await h().ledger.createHold({ id: 'h1', userId: a, amountCents: 700, status: 'open', capturedCents: 0, reference: 'r', createdAt: T0, settledAt: null });
    expect(await h().ledger.settleHold('h1', 'captured', 400, minutesAfter(T0, 1))).toBe(true);
    expect(await h().ledger.settleHold('h1', 'released', 0, minutesAfter(T0, 2))).toBe(false);
    expect(await h().ledger.findHold('h1')).toMatchObject({ status: 'captured', capturedCents: 400, settledAt: minutesAfter(T0, 1) });
    expect(await h().ledger.findHold('nope')).toBeNull();
  });

  it('claims: the first claim wins, a second sees the request and its result', async () => {
    expect(await h().ledger.claimKey('op', '{"a":1}', T0)).toEqual({ claimed: true });
    expect(await h().ledger.claimKey('op', '{"a":1}', T0)).toEqual({ claimed: false, request: '{"a":1}', result: null });
    await h().ledger.saveKeyResult('op', '"done"');
    expect(await h().ledger.claimKey('op', '{"a":1}', T0)).toEqual({ claimed: false, request: '{"a":1}', result: '"done"' });
  });

  it('a user\'s statement pages newest first, and consistency facts add up', async () => {
    const [a] = await twoUsers(h());
    for (let i = 1; i <= 3; i += 1) await h().ledger.applyTransfer(move('platform:adjustments', `user:${a}:available`, i * 100, `s${i}`));
    const page = await h().ledger.transfersOfUser(a, { limit: 2, beforeId: null });
    expect(page.map((t) => t.amountCents)).toEqual([300, 200]);
    const next = await h().ledger.transfersOfUser(a, { limit: 2, beforeId: page[1]!.id });
    expect(next.map((t) => t.amountCents)).toEqual([100]);
    const facts = await h().ledger.consistencyFacts();
    expect(facts.accounts.reduce((sum, x) => sum + x.balanceCents, 0)).toBe(0);
    expect(facts.accounts.every((x) => x.balanceCents === x.transferNetCents)).toBe(true);
    expect(facts.users.find((u) => u.userId === a)).toEqual({ userId: a, cachedCents: 600, availableCents: 600 });
  });
});

describeContract('TopUpRepository', (h: () => Harness) => {
  async function topUp(): Promise<TopUp> {
    const [a] = await twoUsers(h());
    const t: TopUp = { id: 'tu-1', userId: a, creditsCents: 10_000, priceCents: 9000, discountCents: 1000, currency: 'usd', status: 'pending', provider: 'dev', sessionId: null, createdAt: T0, settledAt: null };
    await h().topUps.create(t);
    return t;
  }

  it('creates, finds by id and by session, and records the session id', async () => {
    const t = await topUp();
    expect(await h().topUps.findById('tu-1')).toEqual(t);
    await h().topUps.setSession('tu-1', 'cs_1');
    expect(await h().topUps.findBySessionId('cs_1')).toMatchObject({ id: 'tu-1', sessionId: 'cs_1' });
    expect(await h().topUps.findById('nope')).toBeNull();
  });

  it('settles once: pending -> paid, a second settle (even to another outcome) changes nothing', async () => {
    await topUp();
    expect(await h().topUps.settle('tu-1', 'paid', minutesAfter(T0, 1), 'cs_9')).toBe(true);
    expect(await h().topUps.settle('tu-1', 'canceled', minutesAfter(T0, 2), null)).toBe(false);
    expect(await h().topUps.findById('tu-1')).toMatchObject({ status: 'paid', settledAt: minutesAfter(T0, 1), sessionId: 'cs_9' });
  });

  it('records a provider event once', async () => {
    await topUp();
    const event = { id: 'evt_1', provider: 'stripe', type: 'checkout.session.completed', topUpId: 'tu-1', receivedAt: T0 };
    expect(await h().topUps.recordEvent(event)).toBe(true);
    expect(await h().topUps.recordEvent(event)).toBe(false);
  });
});
