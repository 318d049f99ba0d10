import type { AccountId, Hold, TransferRequest } from '../../domain/ledger';
import type { Cents } from '../../domain/money';

/** One appended ledger line: `amountCents` moved from `from` to `to`, with both balances right after it. */
export interface Transfer extends TransferRequest {
  id: number;
  idempotencyKey: string;
  fromBalanceAfterCents: Cents;
  toBalanceAfterCents: Cents;
  createdAt: Date;
}

export interface NewTransfer extends TransferRequest {
  /** Unique across all transfers: a second transfer with the same key is refused by the store. */
  idempotencyKey: string;
  createdAt: Date;
}

export type KeyClaim = { claimed: true } | { claimed: false; request: string; result: string | null };

export interface ConsistencyFacts {
  /** Every account: its stored balance and the net of the transfers into and out of it. */
  accounts: { id: AccountId; balanceCents: Cents; transferNetCents: Cents }[];
  /** Every user: the cached users.credits_cents and the balance of their available account (0 when none). */
  users: { userId: number; cachedCents: Cents; availableCents: Cents }[];
  /** Every user with a held account or an open hold: held balance and the sum of open holds. */
  holds: { userId: number; heldCents: Cents; openHoldsCents: Cents }[];
}

/**
 * Accounts, append-only transfers, holds and idempotency keys. Every method joins the ambient unit of work;
 * the credits service runs each operation in one.
 */
export const LedgerRepository = Symbol.for('LedgerRepository');
export interface LedgerRepository {
  /**
   * Creates the accounts when missing and, where the store has row locks, locks them in id order so that
   * operations touching the same accounts queue instead of deadlocking.
   */
  lockAccounts(ids: AccountId[]): Promise<void>;
  /**
   * In one atomic step per account: debits `from` (for a user account only when its balance covers the
   * amount: the check and the write are one conditional statement), credits `to`, appends the transfer with
   * both balances after, and keeps users.credits_cents equal to a user's available balance. Returns null and
   * changes nothing when the balance does not cover the amount.
   */
  applyTransfer(transfer: NewTransfer): Promise<Transfer | null>;
  findTransferByKey(key: string): Promise<Transfer | null>;
  balance(id: AccountId): Promise<Cents>;
  /** A user's transfers touching their available or held account, newest first, ids below `beforeId`. */
  transfersOfUser(userId: number, page: { limit: number; beforeId: number | null }): Promise<Transfer[]>;
  /** Every transfer carrying one of the references (a game's or a session's money), oldest first, at most `limit`. */
  transfersByReferences(references: string[], limit: number): Promise<Transfer[]>;

  createHold(hold: Hold): Promise<void>;
  findHold(id: string): Promise<Hold | null>;
  /** open -> captured|released in one conditional write; false when the hold was not open. */
  settleHold(id: string, status: 'captured' | 'released', capturedCents: Cents, at: Date): Promise<boolean>;

  /** Claims an idempotency key for a request (canonical JSON); an existing claim is returned as it is. */
  claimKey(key: string, request: string, at: Date): Promise<KeyClaim>;
  saveKeyResult(key: string, result: string): Promise<void>;
  /** Drops a claim whose operation failed, so a retry runs again (a no-op where the transaction rolls back). */
  forgetKey(key: string): Promise<void>;

  consistencyFacts(): Promise<ConsistencyFacts>;
}
