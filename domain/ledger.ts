import type { Cents } from './money';

/**
 * The ledger's vocabulary and rules, free of storage. Double entry: every transfer moves a positive number of
 * cents from one account to another, so the sum of all balances is always zero. Money entering the system
 * comes from `external:stripe` (which therefore goes negative by the cash received).
 */
export const PLATFORM_ACCOUNTS = [
  'platform:revenue',
  'platform:discounts',
  'platform:adjustments',
  /** Captured challenge money waiting for the game's outcome (payout to the pro, or refund). */
  'platform:escrow',
  'external:stripe',
] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

export type UserAccountKind = 'available' | 'held';
export type AccountKind = 'user_available' | 'user_held' | 'platform' | 'external';

/** Account ids as stored: `user:42:available`, `user:42:held`, or one of PLATFORM_ACCOUNTS. */
export type AccountId = string;

export function userAccount(userId: number, kind: UserAccountKind): AccountId {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new RangeError(`Bad user id ${userId}`);
  return `user:${userId}:${kind}`;
}

export interface ParsedAccount {
  id: AccountId;
  kind: AccountKind;
  userId: number | null;
}

const USER_ACCOUNT = /^user:([1-9]\d{0,15}):(available|held)$/;

export function parseAccount(id: AccountId): ParsedAccount {
  const match = USER_ACCOUNT.exec(id);
  if (match) {
    return { id, kind: match[2] === 'available' ? 'user_available' : 'user_held', userId: Number(match[1]) };
  }
  if ((PLATFORM_ACCOUNTS as readonly string[]).includes(id)) {
    return { id, kind: id.startsWith('external:') ? 'external' : 'platform', userId: null };
  }
  throw new RangeError(`Unknown ledger account ${id}`);
}

/** A user's accounts may never be negative; platform and external accounts may. */
export function mayGoNegative(id: AccountId): boolean {
  const kind = parseAccount(id).kind;
  return kind === 'platform' || kind === 'external';
}

export const TRANSFER_REASONS = [
  'topup',
  'hold',
  'capture',
  'release',
  'payout',
  'refund',
  'fee',
  'admin_adjustment',
] as const;
export type TransferReason = (typeof TRANSFER_REASONS)[number];

export interface TransferRequest {
  from: AccountId;
  to: AccountId;
  amountCents: Cents;
  reason: TransferReason;
  /** What it was for, shown on the statement (for example "Top-up of $100.00"). */
  description: string;
  /** A challenge id, a checkout session id, a hold id... */
  reference: string | null;
}

/** Why a transfer request is malformed, or null. Balances are checked atomically by the store, not here. */
export function transferProblem(request: TransferRequest): string | null {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) return 'amount must be a positive whole number of cents';
  if (request.from === request.to) return 'from and to must differ';
  parseAccount(request.from);
  parseAccount(request.to);
  if (!(TRANSFER_REASONS as readonly string[]).includes(request.reason)) return `unknown reason ${request.reason}`;
  return null;
}

/** Applies a transfer to two balances; null when a user account would go negative. */
export function applyToBalances(
  from: { id: AccountId; balanceCents: Cents },
  to: { id: AccountId; balanceCents: Cents },
  amountCents: Cents,
): { fromAfter: Cents; toAfter: Cents } | null {
  const fromAfter = from.balanceCents - amountCents;
  if (fromAfter < 0 && !mayGoNegative(from.id)) return null;
  return { fromAfter, toAfter: to.balanceCents + amountCents };
}

// ---- Holds: money moved from available to held, later captured (in part or whole) or released, once.

export type HoldStatus = 'open' | 'captured' | 'released';

export interface Hold {
  id: string;
  userId: number;
  amountCents: Cents;
  status: HoldStatus;
  capturedCents: Cents;
  reference: string | null;
  createdAt: Date;
  settledAt: Date | null;
}

export type CapturePlan = { capturedCents: Cents; releasedCents: Cents } | { error: string };

/** Capturing `amountCents` of an open hold: the rest is released. A settled hold cannot be settled again. */
export function planCapture(hold: Pick<Hold, 'status' | 'amountCents'>, amountCents: Cents): CapturePlan {
  if (hold.status !== 'open') return { error: `hold already ${hold.status}` };
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return { error: 'capture amount must be a positive whole number of cents' };
  if (amountCents > hold.amountCents) return { error: 'capture amount exceeds the hold' };
  return { capturedCents: amountCents, releasedCents: hold.amountCents - amountCents };
}

export function canRelease(hold: Pick<Hold, 'status'>): boolean {
  return hold.status === 'open';
}
