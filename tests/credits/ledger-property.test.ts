import fc from 'fast-check';
import { describeEachDialect, openTestDatabase, type TestDatabase } from '../support/databases';
import { devCheckoutEvent } from '../../adapters/payments/DevPaymentProvider';
import { InMemoryLedgerRepository } from '../../adapters/persistence/in-memory/InMemoryLedgerRepository';
import { runSql } from '../../adapters/persistence/typeorm/sql';
import { findProblems } from '../../application/credits/consistency';
import type { Transfer } from '../../application/ports/ledger';
import type { Database } from '../../adapters/persistence/typeorm/database';
import { creditsHarness, type CreditsHarness } from './harness';

jest.setTimeout(120_000);

type Command =
  | { op: 'topup'; user: number; dollars: number }
  | { op: 'hold'; user: number; cents: number }
  | { op: 'capture'; hold: number; cents: number }
  | { op: 'release'; hold: number }
  | { op: 'transfer'; from: number; to: number; cents: number }
  | { op: 'replay'; step: number };

const USERS = 3;
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('topup' as const), user: fc.nat(USERS - 1), dollars: fc.constantFrom(5, 10, 99.99, 100, 250.5, 300, 500) }),
  fc.record({ op: fc.constant('hold' as const), user: fc.nat(USERS - 1), cents: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ op: fc.constant('capture' as const), hold: fc.nat(20), cents: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ op: fc.constant('release' as const), hold: fc.nat(20) }),
  fc.record({ op: fc.constant('transfer' as const), from: fc.nat(USERS - 1), to: fc.nat(USERS - 1), cents: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ op: fc.constant('replay' as const), step: fc.nat(40) }),
);

async function journal(h: CreditsHarness, database: Database | null): Promise<Transfer[]> {
  if (!database) return (h.ledger as InMemoryLedgerRepository).allTransfers();
  const result = await database.withManager((m) => runSql(m, database.dialect, `SELECT id, idempotency_key, from_account, to_account, amount_cents, reason, reference FROM ledger_transfers`));
  return result.rows.map((r) => ({ id: Number(r.id), from: String(r.from_account), to: String(r.to_account), amountCents: Number(r.amount_cents), reason: r.reason, reference: r.reference }) as Transfer);
}

/** Runs one random sequence and checks the ledger's invariants after every step. */
async function runSequence(h: CreditsHarness, database: Database | null, commands: Command[]): Promise<void> {
  const users = await Promise.all(Array.from({ length: USERS }, () => h.newUser()));
  const holds: string[] = [];
  const done: { run: () => Promise<unknown> }[] = [];
  let seq = 0;
  const prefix = `${users.join('-')}`;
  for (const cmd of commands) {
    const key = `${prefix}:${seq++}`;
    let run: () => Promise<unknown>;
    switch (cmd.op) {
      case 'topup':
        run = async () => {
          const started = await h.topUps.startCheckout(users[cmd.user]!, cmd.dollars);
          return h.topUps.handleEvent(devCheckoutEvent(started.topUp, 'pay'));
        };
        break;
      case 'hold':
        run = async () => {
          const id = (await h.credits.hold(users[cmd.user]!, cmd.cents, key)).id;
          if (!holds.includes(id)) holds.push(id); // a replay returns the same hold: list it once
        };
        break;
      case 'capture':
      case 'release': {
        // The hold is chosen on the first run and kept: a replay must repeat the very same request (a different
        // hold under the same key is an idempotency conflict, which the ledger rightly refuses).
        let holdId: string | undefined;
        run = () => {
          if (holdId === undefined && holds.length) holdId = holds[cmd.hold % holds.length]!;
          if (holdId === undefined) return Promise.resolve();
          return cmd.op === 'capture' ? h.credits.capture(holdId, cmd.cents, key) : h.credits.release(holdId, key);
        };
        break;
      }
      case 'transfer':
        run = () =>
          cmd.from === cmd.to
            ? Promise.resolve()
            : h.credits.transfer(
                { from: `user:${users[cmd.from]}:available`, to: `user:${users[cmd.to]}:available`, amountCents: cmd.cents, reason: 'payout', description: 'p2p', reference: null },
                key,
              );
        break;
      case 'replay':
        // Repeats an earlier step exactly (same key, same request): it must not move money again.
        run = done.length ? done[cmd.step % done.length]!.run : () => Promise.resolve();
        break;
    }
    try {
      await run();
    } catch (error) {
      const kind = (error as { kind?: string }).kind;
      // Refusals the rules allow; anything else is a bug.
      if (!['insufficient_credits', 'challenge_state', 'validation'].includes(kind ?? '')) throw error;
    }
    if (cmd.op !== 'topup' && cmd.op !== 'replay') done.push({ run });

    const facts = await h.ledger.consistencyFacts();
    expect(findProblems(facts)).toEqual([]); // balances = transfers, all sum to zero, caches and holds match
    for (const account of facts.accounts) if (account.id.startsWith('user:')) expect(account.balanceCents).toBeGreaterThanOrEqual(0);
    expect(facts.accounts.reduce((s, a) => s + a.balanceCents, 0)).toBe(0); // money is conserved
    const transfers = await journal(h, database);
    for (const t of transfers) {
      expect(t.amountCents).toBeGreaterThan(0); // each transfer moves a positive amount from one account to another:
      expect(t.from).not.toBe(t.to); // -amount + amount = 0
    }
    // The users' money changes only by credited top-ups (in) and captures (out to escrow).
    const balances = new Map(facts.accounts.map((a) => [a.id, a.balanceCents]));
    const usersMoney = users.reduce((s, u) => s + (balances.get(`user:${u}:available`) ?? 0) + (balances.get(`user:${u}:held`) ?? 0), 0);
    const mine = new Set(users.flatMap((u) => [`user:${u}:available`, `user:${u}:held`]));
    const toppedUp = transfers.filter((t) => t.reason === 'topup' && mine.has(t.to)).reduce((s, t) => s + t.amountCents, 0);
    const captured = transfers.filter((t) => t.reason === 'capture' && mine.has(t.from)).reduce((s, t) => s + t.amountCents, 0);
    expect(usersMoney).toBe(toppedUp - captured);
    for (const holdId of holds) {
      const captures = transfers.filter((t) => t.reason === 'capture' && t.reference === holdId).length;
      const releases = transfers.filter((t) => t.reason === 'release' && t.reference === holdId).length;
      const hold = await h.credits.findHold(holdId);
      // Settled at most once: an open hold has no settlement lines; a captured one one capture and at most one
      // release of the rest; a released one exactly one release.
      if (hold?.status === 'open') expect([captures, releases]).toEqual([0, 0]);
      if (hold?.status === 'captured') expect(captures === 1 && releases <= 1).toBe(true);
      if (hold?.status === 'released') expect([captures, releases]).toEqual([0, 1]);
    }
  }
}

const REPLAYED_RELEASE: Command[] = [
  { op: 'hold', user: 0, cents: 1 },
  { op: 'topup', user: 0, dollars: 5 },
  { op: 'replay', step: 0 },
  { op: 'release', hold: 3 },
  { op: 'release', hold: 0 },
  { op: 'release', hold: 0 },
  { op: 'hold', user: 0, cents: 1 },
  { op: 'transfer', from: 0, to: 0, cents: 1 },
  { op: 'replay', step: 7 },
  { op: 'capture', hold: 0, cents: 1 },
];

describe('ledger invariants hold after every step of random sequences', () => {
  it('on the in-memory ledger', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 40 }), async (commands) => {
        await runSequence(creditsHarness(null), null, commands);
      }),
      // A sequence found once in CI: replays of a hold and of a release after it (the test once chose another hold
      // on replay, which the ledger refused as an idempotency conflict).
      { numRuns: 150, examples: [[REPLAYED_RELEASE]] },
    );
  });

  describeEachDialect('on a real database', (dialect) => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await openTestDatabase(dialect);
    });
    afterAll(async () => {
      await db?.cleanup();
    });
    it('with fewer runs (one database, fresh users per run)', async () => {
      const h = creditsHarness(db.database);
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
          await runSequence(h, db.database, commands);
        }),
        { numRuns: 20 },
      );
    });
  });
});
