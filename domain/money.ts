/**
 * Money inside the product is integer US cents. Dollars exist only at the HTTP edge and in the UI.
 * One rounding rule everywhere: half-up to the cent (half away from zero for negatives).
 */
export type Cents = number;

/** Rounds a fractional number of cents half-up to a whole cent. */
export function roundHalfUpToCent(cents: number): Cents {
  // Guard against binary noise such as 1004.4999999999 meaning 1004.5.
  const nudged = Math.abs(cents) + 1e-9;
  const rounded = Math.floor(nudged + 0.5);
  return cents < 0 ? -rounded : rounded;
}

/** Converts a US$ amount (at most 2 decimals on the wire) to cents. */
export function dollarsToCents(dollars: number): Cents {
  return roundHalfUpToCent(dollars * 100);
}

/** Converts cents to a US$ number for the wire (e.g. 1250 -> 12.5). */
export function centsToDollars(cents: Cents): number {
  return cents / 100;
}

/** True when the number has at most two decimals (checked in cents to avoid float noise). */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Number.isFinite(dollars) && Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

export function formatUsd(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
