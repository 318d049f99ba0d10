import type { Cents } from './money';
import { roundHalfUpToCent } from './money';

/** Live-game categories and price (spec section 9). Shared by the server and the web, with no other imports. */

export type Category = 'bullet' | 'blitz' | 'rapid' | 'classical';

/** Bullet is 2 or fewer minutes per side, Blitz up to 5, Rapid below 30, Classical 30 or more. */
export function categoryOf(minsPerSide: number): Category {
  if (minsPerSide <= 2) return 'bullet';
  if (minsPerSide <= 5) return 'blitz';
  if (minsPerSide < 30) return 'rapid';
  return 'classical';
}

/** Classical games get 20% off. */
export const CLASSICAL_DISCOUNT_PERCENT = 20;

/** Live price = minutes per side x price per minute x discount factor, rounded half-up to the cent. */
export function livePriceCents(minsPerSide: number, pricePerMinCents: Cents): Cents {
  const full = minsPerSide * pricePerMinCents;
  if (categoryOf(minsPerSide) !== 'classical') return full;
  return roundHalfUpToCent((full * (100 - CLASSICAL_DISCOUNT_PERCENT)) / 100);
}

