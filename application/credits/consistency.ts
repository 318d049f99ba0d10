import { inject, injectable } from 'inversify';
import { LedgerRepository, type ConsistencyFacts } from '../ports/ledger';

export interface ConsistencyReport {
  ok: boolean;
  problems: string[];
}

/** The ledger's invariants, checked on stored facts; pure so tests can feed it broken facts. */
export function findProblems(facts: ConsistencyFacts): string[] {
  const problems: string[] = [];
  const total = facts.accounts.reduce((sum, a) => sum + a.balanceCents, 0);
  if (total !== 0) problems.push(`accounts sum to ${total} cents, not 0`);
  for (const account of facts.accounts) {
    if (account.balanceCents !== account.transferNetCents) {
      problems.push(`account ${account.id}: balance ${account.balanceCents} but its transfers net ${account.transferNetCents}`);
    }
    if (account.id.startsWith('user:') && account.balanceCents < 0) problems.push(`account ${account.id} is negative (${account.balanceCents})`);
  }
  for (const user of facts.users) {
    if (user.cachedCents !== user.availableCents) {
      problems.push(`user ${user.userId}: credits_cents ${user.cachedCents} but available account ${user.availableCents}`);
    }
  }
  for (const hold of facts.holds) {
    if (hold.heldCents !== hold.openHoldsCents) {
      problems.push(`user ${hold.userId}: held ${hold.heldCents} but open holds ${hold.openHoldsCents}`);
    }
  }
  return problems;
}

/** `npm run admin -- check-ledger` and the tests call this. */
@injectable()
export class LedgerConsistency {
  constructor(@inject(LedgerRepository) private readonly ledger: LedgerRepository) {}

  async check(): Promise<ConsistencyReport> {
    const problems = findProblems(await this.ledger.consistencyFacts());
    return { ok: problems.length === 0, problems };
  }
}
