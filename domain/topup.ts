import { MESSAGES } from './messages';
import { LIMITS } from './limits';
import { hasAtMostTwoDecimals, roundHalfUpToCent, type Cents } from './money';

/**
 * Top-up pricing (spec: "100 credits gives 10%, 300 gives 15%; the highest tier not above the amount applies").
 * Tiers are listed highest first; thresholds are in cents of credits bought.
 */
export const TOPUP_TIERS: readonly { fromCents: Cents; percent: number }[] = [
  { fromCents: 30_000, percent: 15 },
  { fromCents: 10_000, percent: 10 },
];

export const TOPUP_MIN_CENTS: Cents = LIMITS.topUpCredits.min * 100;
export const TOPUP_MAX_CENTS: Cents = LIMITS.topUpCredits.max * 100;
export const TOPUP_CURRENCY = 'usd';

export interface TopUpQuote {
  /** Credits the user receives (the full amount asked for). */
  creditsCents: Cents;
  /** What the card is charged. */
  priceCents: Cents;
  /** creditsCents - priceCents, booked to platform:discounts. */
  discountCents: Cents;
  discountPercent: number;
}

export function discountPercentFor(creditsCents: Cents): number {
  return TOPUP_TIERS.find((tier) => creditsCents >= tier.fromCents)?.percent ?? 0;
}

/** The price after discount, rounded half-up to the cent. */
export function topUpPrice(creditsCents: Cents): TopUpQuote {
  if (!Number.isInteger(creditsCents) || creditsCents <= 0) throw new RangeError('creditsCents must be a positive integer');
  const discountPercent = discountPercentFor(creditsCents);
  const priceCents = roundHalfUpToCent((creditsCents * (100 - discountPercent)) / 100);
  return { creditsCents, priceCents, discountCents: creditsCents - priceCents, discountPercent };
}

export type TopUpAmountCheck = { ok: true; creditsCents: Cents } | { ok: false; message: string };

/** Checks a US$ credits amount from the wire: a number, at most 2 decimals, 5..500 (spec texts verbatim). */
export function checkTopUpAmount(dollars: number): TopUpAmountCheck {
  if (typeof dollars !== 'number' || !Number.isFinite(dollars)) return { ok: false, message: 'Credits must be a number' };
  if (!hasAtMostTwoDecimals(dollars)) return { ok: false, message: 'Credits can have at most 2 decimals' };
  const creditsCents = Math.round(dollars * 100);
  if (creditsCents < TOPUP_MIN_CENTS) return { ok: false, message: MESSAGES.topUpMin };
  if (creditsCents > TOPUP_MAX_CENTS) return { ok: false, message: MESSAGES.topUpMax };
  return { ok: true, creditsCents };
}

/** Life of a top-up. Only `pending` moves; every other state is final. */
export const TOPUP_STATUSES = ['pending', 'paid', 'failed', 'expired', 'canceled'] as const;
export type TopUpStatus = (typeof TOPUP_STATUSES)[number];
export type TopUpOutcome = Exclude<TopUpStatus, 'pending'>;

export function canSettleTopUp(status: TopUpStatus): boolean {
  return status === 'pending';
}

export interface PaidEventCheck {
  sessionId: string;
  amountCents: number | null;
  currency: string | null;
}

/** Why a provider's "paid" report does not match the stored top-up; null when it matches exactly. */
export function paidEventMismatch(
  topUp: { sessionId: string | null; priceCents: Cents },
  event: PaidEventCheck,
): string | null {
  if (!event.sessionId) return 'the event names no session';
  // A missing stored session id means the server stopped between creating the session and saving its id;
  // the signed event's top-up id (metadata) then identifies it.
  if (topUp.sessionId !== null && topUp.sessionId !== event.sessionId) return 'session id differs from the stored top-up';
  if (event.amountCents !== topUp.priceCents) return `amount ${String(event.amountCents)} differs from price ${topUp.priceCents}`;
  if ((event.currency ?? '').toLowerCase() !== TOPUP_CURRENCY) return `currency ${String(event.currency)} is not ${TOPUP_CURRENCY}`;
  return null;
}
