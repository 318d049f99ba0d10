import { roundHalfUpToCent, type Cents } from '../../../domain/money';

/**
 * Top-up discount tiers (spec sections 3 and 9): 10% from 100 credits, 15% from 300; the highest tier not
 * above the amount applies. Kept here until a shared domain/topup.ts exists (then import that instead).
 */
export const TOP_UP_TIERS: ReadonlyArray<{ fromCredits: number; discountPercent: number }> = [
  { fromCredits: 300, discountPercent: 15 },
  { fromCredits: 100, discountPercent: 10 },
];

export interface TopUpPrice {
  credits: number;
  discountPercent: number;
  /** What the card is charged, in cents. */
  priceCents: Cents;
  /** The undiscounted value of the credits, in cents. */
  fullCents: Cents;
}

/** One credit is one US$. */
export function topUpPrice(credits: number): TopUpPrice {
  const fullCents = roundHalfUpToCent(credits * 100);
  const tier = TOP_UP_TIERS.find((t) => credits >= t.fromCredits);
  const discountPercent = tier?.discountPercent ?? 0;
  return { credits, discountPercent, fullCents, priceCents: roundHalfUpToCent((fullCents * (100 - discountPercent)) / 100) };
}
