import { inject, injectable } from 'inversify';
import { userAccount, type TransferReason } from '../../domain/ledger';
import type { Cents } from '../../domain/money';
import { LedgerRepository, type Transfer } from '../ports/ledger';

export interface StatementLine {
  id: number;
  createdAt: Date;
  reason: TransferReason;
  /** Which of the user's balances the line changed: available (what the user sees as credits) or held. */
  account: 'available' | 'held';
  /** Signed from the user's point of view: + money in, - money out of that balance. */
  amountCents: Cents;
  balanceAfterCents: Cents;
  description: string;
  reference: string | null;
}

export interface StatementPage {
  lines: StatementLine[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}

export const STATEMENT_PAGE = { default: 50, max: 200 } as const;

/** One transfer as the user sees it. Available-balance effects win; a capture (held -> elsewhere) shows as held. */
export function toStatementLine(userId: number, transfer: Transfer): StatementLine {
  const available = userAccount(userId, 'available');
  const held = userAccount(userId, 'held');
  const base = { id: transfer.id, createdAt: transfer.createdAt, reason: transfer.reason, description: transfer.description, reference: transfer.reference };
  if (transfer.to === available) return { ...base, account: 'available', amountCents: transfer.amountCents, balanceAfterCents: transfer.toBalanceAfterCents };
  if (transfer.from === available) return { ...base, account: 'available', amountCents: -transfer.amountCents, balanceAfterCents: transfer.fromBalanceAfterCents };
  if (transfer.to === held) return { ...base, account: 'held', amountCents: transfer.amountCents, balanceAfterCents: transfer.toBalanceAfterCents };
  return { ...base, account: 'held', amountCents: -transfer.amountCents, balanceAfterCents: transfer.fromBalanceAfterCents };
}

/** The user's statement: every movement of their credits, newest first, paged by transfer id. */
@injectable()
export class StatementService {
  constructor(@inject(LedgerRepository) private readonly ledger: LedgerRepository) {}

  async statement(userId: number, page: { limit?: number; before?: number | null } = {}): Promise<StatementPage> {
    const limit = Math.min(Math.max(Math.trunc(page.limit ?? STATEMENT_PAGE.default), 1), STATEMENT_PAGE.max);
    // One extra row tells whether an older page exists.
    const transfers = await this.ledger.transfersOfUser(userId, { limit: limit + 1, beforeId: page.before ?? null });
    const lines = transfers.slice(0, limit).map((t) => toStatementLine(userId, t));
    const nextBefore = transfers.length > limit ? (lines[lines.length - 1]?.id ?? null) : null;
    return { lines, nextBefore };
  }
}
