import { describeEachDialect, openTestDatabase, type TestDatabase } from '../support/databases';
import { devCheckoutEvent } from '../../adapters/payments/DevPaymentProvider';
import type { PaymentEvent } from '../../application/ports/payments';
import { checkLedger } from '../../bin/admin-ledger';
import { creditsHarness, fund, type CreditsHarness } from './harness';
import { cachedCredits } from './support';

jest.setTimeout(60_000);

describeEachDialect('credits under concurrency', (dialect) => {
  let db: TestDatabase;
  let h: CreditsHarness;
  beforeAll(async () => {
    db = await openTestDatabase(dialect, { poolSize: 20 });
    h = creditsHarness(db.database);
  });
  afterAll(async () => {
    await db?.cleanup();
  });

  it('50 simultaneous holds against a balance covering 10 succeed exactly 10 times', async () => {
    const user = await h.newUser();
    await fund(h, user, 10 * 700);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => h.credits.hold(user, 700, `race-hold:${user}:${i}`)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(10);
    expect(new Set(lost.map((r) => (r.reason as { kind?: string }).kind))).toEqual(new Set(['insufficient_credits']));
    expect(await h.credits.balance(`user:${user}:available`)).toBe(0);
    expect(await h.credits.balance(`user:${user}:held`)).toBe(7000);
    expect(await cachedCredits(db.database, user)).toBe(0);
    expect(await checkLedger(db.database)).toEqual({ ok: true, problems: [] });
  });

  it('racing captures and releases of one hold settle it exactly once', async () => {
    const user = await h.newUser();
    await fund(h, user, 1000);
    const hold = await h.credits.hold(user, 1000, `settle-race:${user}`);
    const escrowBefore = await h.credits.balance('platform:escrow');
    const attempts = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? h.credits.capture(hold.id, 600, `settle-race:cap:${i}`) : h.credits.release(hold.id, `settle-race:rel:${i}`),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    // Every loser is told the hold is settled (no deadlock or other error).
    expect(new Set(results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { kind?: string }).kind] : [])))).toEqual(new Set(["challenge_state"]));
    const winner = results.find((r) => r.status === 'fulfilled')!.value;
    const available = await h.credits.balance(`user:${user}:available`);
    const escrowGain = (await h.credits.balance('platform:escrow')) - escrowBefore;
    expect(await h.credits.balance(`user:${user}:held`)).toBe(0);
    // Either the capture won (600 charged, 400 back) or a release won (all 1000 back), never both.
    expect([available, escrowGain]).toEqual(winner.hold.status === 'captured' ? [400, 600] : [1000, 0]);
    expect(await checkLedger(db.database)).toEqual({ ok: true, problems: [] });
  });

  it('20 simultaneous deliveries of one paid webhook credit once', async () => {
    const user = await h.newUser();
    const started = await h.topUps.startCheckout(user, 100);
    const event = devCheckoutEvent(started.topUp, 'pay');
    // Ten copies of one event, and ten of a second event id for the same session (Stripe may send both
    // checkout.session.completed and async_payment_succeeded): the top-up's state guards the second.
    const other: PaymentEvent = { ...event, id: `${event.id}_second` };
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => h.topUps.handleEvent(i % 2 ? event : other)));
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.every((o) => ['credited', 'duplicate', 'already_settled'].includes(o))).toBe(true);
    expect(await h.credits.balance(`user:${user}:available`)).toBe(10_000);
    expect(await h.credits.balance('external:stripe')).toBeLessThanOrEqual(-9000);
    expect(await cachedCredits(db.database, user)).toBe(10_000);
    expect((await h.topUps.find(started.topUp.id))?.status).toBe('paid');
    expect(await checkLedger(db.database)).toEqual({ ok: true, problems: [] });
  });

  it('the same idempotency key sent 20 times at once moves money once and answers the same', async () => {
    const user = await h.newUser();
    const request = { from: 'platform:adjustments', to: `user:${user}:available`, amountCents: 250, reason: 'admin_adjustment' as const, description: 'dup', reference: null };
    const results = await Promise.all(Array.from({ length: 20 }, () => h.credits.transfer(request, `dup-key:${user}`)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await h.credits.balance(`user:${user}:available`)).toBe(250);
    expect(await checkLedger(db.database)).toEqual({ ok: true, problems: [] });
  });

  it('the store refuses a negative user balance and edits of transfers even when the code is bypassed', async () => {
    const user = await h.newUser();
    await fund(h, user, 100);
    const { runSql } = await import('../../adapters/persistence/typeorm/sql');
    await expect(
      db.database.transaction((m) => runSql(m, dialect, `UPDATE ledger_accounts SET balance_cents = -1 WHERE id = $1`, [`user:${user}:available`])),
    ).rejects.toThrow(/check|constraint/i);
    await expect(db.database.transaction((m) => runSql(m, dialect, `UPDATE users SET credits_cents = -1 WHERE id = $1`, [user]))).rejects.toThrow(
      /check|constraint/i,
    );
    await expect(db.database.transaction((m) => runSql(m, dialect, `DELETE FROM ledger_transfers`))).rejects.toThrow(/append-only/);
    await expect(db.database.transaction((m) => runSql(m, dialect, `UPDATE ledger_transfers SET amount_cents = 1`))).rejects.toThrow(/append-only/);
    expect(await checkLedger(db.database)).toEqual({ ok: true, problems: [] });
  });
});
