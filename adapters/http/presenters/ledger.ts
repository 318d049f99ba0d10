import { centsToDollars } from '../../../domain/money';
import type { StatementEntry, StatementLine } from '../../../application/credits/statement';

/** A statement line on the wire: snake_case like the spec's other records, money in US$ (signed). */
export interface TransactionJson {
  id: number;
  created_at: string;
  reason: string;
  account: 'available' | 'held';
  amount: number;
  balance_after: number;
  description: string;
  reference: string | null;
}

export function presentStatementLine(line: StatementLine): TransactionJson {
  return {
    id: line.id,
    created_at: line.createdAt.toISOString(),
    reason: line.reason,
    account: line.account,
    amount: centsToDollars(line.amountCents),
    balance_after: centsToDollars(line.balanceAfterCents),
    description: line.description,
    reference: line.reference,
  };
}

/** A statement entry on the wire: the grouped view the statement screen shows, with its lines for the details. */
export interface StatementEntryJson {
  id: number;
  created_at: string;
  kind: StatementEntry['kind'];
  description: string;
  amount: number;
  held_amount: number;
  lines: TransactionJson[];
}

export function presentStatementEntry(entry: StatementEntry): StatementEntryJson {
  return {
    id: entry.id,
    created_at: entry.createdAt.toISOString(),
    kind: entry.kind,
    description: entry.description,
    amount: centsToDollars(entry.amountCents),
    held_amount: centsToDollars(entry.heldCents),
    lines: entry.lines.map(presentStatementLine),
  };
}
