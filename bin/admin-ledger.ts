import { findProblems, type ConsistencyReport } from '../application/credits/consistency';
import { TypeOrmLedgerRepository } from '../adapters/persistence/typeorm/ledger/TypeOrmLedgerRepository';
import type { Database } from '../adapters/persistence/typeorm/database';

/**
 * `npm run admin -- check-ledger`: every account sums to zero with the others, each stored balance equals the
 * net of its transfers, each users.credits_cents equals the user's available account, and each held account
 * equals the user's open holds. Read-only; reads one snapshot.
 */
export async function checkLedger(database: Database): Promise<ConsistencyReport> {
  const facts = await new TypeOrmLedgerRepository(database).consistencyFacts();
  const problems = findProblems(facts);
  return { ok: problems.length === 0, problems };
}
