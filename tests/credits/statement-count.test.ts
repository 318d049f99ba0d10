/**
 * Statements per ledger operation (issue 11: about 11 per hold and 17 per capture before accounts were created
 * once). Counted at the query runner, on both databases; the bounds guard against a regression.
 */
import { describeEachDialect, openTestDatabase, type TestDatabase } from '../support/databases';
import { creditsHarness, fund, type CreditsHarness } from './harness';

jest.setTimeout(60_000);

describeEachDialect('statements per ledger operation', (dialect) => {
  let db: TestDatabase;
  let h: CreditsHarness;
  let statements: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(dialect);
    h = creditsHarness(db.database);
    // Every statement passes through a query runner's query(), inside a transaction as outside one.
    const runner = db.database.dataSource.createQueryRunner();
    const proto = Object.getPrototypeOf(runner) as { query: (...args: unknown[]) => Promise<unknown> };
    await runner.release();
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      statements.push(String(args[0]).trim().split(/\s+/).slice(0, 3).join(' '));
      return original.apply(this, args);
    };
  });
  afterAll(() => db?.cleanup());

  async function count(work: () => Promise<unknown>): Promise<string[]> {
    statements = [];
    await work();
    return [...statements];
  }

  it('a hold, a capture and a release stay within their statement budgets', async () => {
    const user = await h.newUser();
    await fund(h, user, 10_000);
    // Steady state: the user's and the platform's accounts exist (they are created once, on first use).
    const warm = (await h.credits.hold(user, 100, `warm-${dialect}`)).id;
    await h.credits.capture(warm, 50, `warm-capture-${dialect}`);
    const hold = await count(() => h.credits.hold(user, 1_500, `count-hold-${dialect}`));
    const holdId = (await h.credits.hold(user, 1_500, `count-hold-${dialect}`)).id;
    const capture = await count(() => h.credits.capture(holdId, 1_000, `count-capture-${dialect}`));
    const second = (await h.credits.hold(user, 700, `count-hold2-${dialect}`)).id;
    const release = await count(() => h.credits.release(second, `count-release-${dialect}`));
    console.log(`[${dialect}] statements: hold ${hold.length}, capture ${capture.length}, release ${release.length}\\n hold: ${hold.join(' | ')}\\n capture: ${capture.join(' | ')}`);
    expect(hold.length).toBeLessThanOrEqual(9);
    expect(capture.length).toBeLessThanOrEqual(12);
    expect(release.length).toBeLessThanOrEqual(10);
  });
});
