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
  /** The other account of the transfer (internal: it tells a card payment from a top-up discount). */
  counterparty: string;
}

/**
 * One thing that happened to the user's money, as a person reads a bank statement: a top-up is one entry (card
 * payment plus discount), a purchase is one entry (hold, charge and returned rest share a reference), anything
 * else is its own entry. `amountCents` is the net change of the credits the user sees (available); held-account
 * movements are kept in `heldCents` and in `lines` for the details.
 */
export interface StatementEntry {
  /** The newest line's id: entries sort and key like their lines. */
  id: number;
  createdAt: Date;
  kind: 'topup' | 'purchase' | 'single';
  description: string;
  amountCents: Cents;
  heldCents: Cents;
  lines: StatementLine[];
}

export interface StatementPage {
  lines: StatementLine[];
  /** The same lines grouped into what a person recognises (see StatementEntry). */
  entries: StatementEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}

export const STATEMENT_PAGE = { default: 50, max: 200 } as const;

/** One transfer as the user sees it. Available-balance effects win; a capture (held -> elsewhere) shows as held. */
export function toStatementLine(userId: number, transfer: Transfer): StatementLine {
  const available = userAccount(userId, 'available');
  const held = userAccount(userId, 'held');
  const base = { id: transfer.id, createdAt: transfer.createdAt, reason: transfer.reason, description: transfer.description, reference: transfer.reference };
  if (transfer.to === available) return { ...base, account: 'available', amountCents: transfer.amountCents, balanceAfterCents: transfer.toBalanceAfterCents, counterparty: transfer.from };
  if (transfer.from === available) return { ...base, account: 'available', amountCents: -transfer.amountCents, balanceAfterCents: transfer.fromBalanceAfterCents, counterparty: transfer.to };
  if (transfer.to === held) return { ...base, account: 'held', amountCents: transfer.amountCents, balanceAfterCents: transfer.toBalanceAfterCents, counterparty: transfer.from };
  return { ...base, account: 'held', amountCents: -transfer.amountCents, balanceAfterCents: transfer.fromBalanceAfterCents, counterparty: transfer.to };
}

const PURCHASE_REASONS: ReadonlySet<TransferReason> = new Set(['hold', 'capture', 'release', 'refund']);

/** Which entry a line belongs to: top-ups by their payment, purchases by their reference, the rest alone. */
function groupKey(line: StatementLine): string {
  if (line.reason === 'topup' && line.reference) return `topup|${line.reference}`;
  if (PURCHASE_REASONS.has(line.reason) && line.reference) return `purchase|${line.reference}`;
  return `line|${line.id}`;
}

function dollars(cents: number): string {
  return (Math.abs(cents) / 100).toFixed(2);
}

function topUpDescription(lines: StatementLine[]): string {
  const credits = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const paid = lines.filter((l) => l.counterparty.startsWith('external:')).reduce((sum, l) => sum + l.amountCents, 0);
  const discount = credits - paid;
  const percent = credits > 0 ? Math.round((discount * 100) / credits) : 0;
  return discount > 0 && paid > 0
    ? `Added ${dollars(credits)} credits (paid US$${dollars(paid)}, ${percent}% off)`
    : `Added ${dollars(credits)} credits (paid US$${dollars(paid || credits)})`;
}

/** What became of a purchase, from its newest decisive line: refunded, charged, returned, or still reserved. */
function purchaseDescription(lines: StatementLine[], amountCents: number): string {
  const find = (reason: TransferReason) => lines.find((l) => l.reason === reason);
  const refund = find('refund');
  if (refund) return refund.description;
  const capture = find('capture');
  if (capture) return `${capture.description}, paid $${dollars(amountCents)}`;
  const release = find('release');
  const hold = find('hold');
  if (release && amountCents === 0) return release.description;
  return hold?.description ?? lines[0]!.description;
}

/**
 * Groups statement lines (newest first) into entries (newest first). Lines of one entry need not be adjacent:
 * a hold and its release may have other movements between them. A group cut by the page boundary shows the
 * lines of this page; the next page shows the rest as its own entry.
 */
export function groupStatement(lines: StatementLine[]): StatementEntry[] {
  const groups = new Map<string, StatementLine[]>();
  for (const line of lines) {
    const key = groupKey(line);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups.entries()].map(([key, group]) => {
    const newest = group[0]!;
    const amountCents = group.filter((l) => l.account === 'available').reduce((sum, l) => sum + l.amountCents, 0);
    const heldCents = group.filter((l) => l.account === 'held').reduce((sum, l) => sum + l.amountCents, 0);
    const kind: StatementEntry['kind'] = key.startsWith('topup|') ? 'topup' : key.startsWith('purchase|') ? 'purchase' : 'single';
    const description = kind === 'topup' ? topUpDescription(group) : kind === 'purchase' ? purchaseDescription(group, amountCents) : newest.description;
    return { id: newest.id, createdAt: newest.createdAt, kind, description, amountCents, heldCents, lines: group };
  });
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
    return { lines, entries: groupStatement(lines), nextBefore };
  }
}
