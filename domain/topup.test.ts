import { MESSAGES } from './messages';
import { checkTopUpAmount, discountPercentFor, paidEventMismatch, topUpPrice } from './topup';

/** Credits in US$ -> cents as the HTTP edge would, then the price the card is charged. */
function priceFor(dollars: number) {
  const check = checkTopUpAmount(dollars);
  if (!check.ok) throw new Error(check.message);
  return topUpPrice(check.creditsCents);
}

describe('top-up amount limits (5..500 US$, at most 2 decimals)', () => {
  it.each([
    [4.99, MESSAGES.topUpMin],
    [0, MESSAGES.topUpMin],
    [-10, MESSAGES.topUpMin],
    [500.01, MESSAGES.topUpMax],
    [1000, MESSAGES.topUpMax],
  ])('refuses %p with the spec text', (dollars, message) => {
    expect(checkTopUpAmount(dollars)).toEqual({ ok: false, message });
  });

  it('refuses more than two decimals and non-numbers', () => {
    expect(checkTopUpAmount(10.005).ok).toBe(false);
    expect(checkTopUpAmount(Number.NaN).ok).toBe(false);
    expect(checkTopUpAmount(Number.POSITIVE_INFINITY).ok).toBe(false);
  });

  it.each([
    [5, 500],
    [500, 50_000],
    [10.1, 1010],
    [99.99, 9999],
  ])('accepts %p as %p cents exactly', (dollars, cents) => {
    expect(checkTopUpAmount(dollars)).toEqual({ ok: true, creditsCents: cents });
  });
});

describe('top-up tiers: 10% from 100, 15% from 300, highest tier not above the amount, half-up to the cent', () => {
  it.each([
    // credits, price, discount, percent
    [5, 500, 0, 0],
    [99.99, 9999, 0, 0],
    [100, 9000, 1000, 10],
    [100.01, 9001, 1000, 10], // 9000.9 -> 9001 (half-up)
    [299.99, 26999, 3000, 10], // 26999.1 -> 26999
    [300, 25500, 4500, 15],
    [300.01, 25501, 4500, 15], // 25500.85 -> 25501
    [333.33, 28333, 5000, 15], // 28333.05 -> 28333
    [500, 42500, 7500, 15],
  ])('%p credits cost %p cents (discount %p, %p%%)', (credits, price, discount, percent) => {
    expect(priceFor(credits)).toEqual({ creditsCents: Math.round(credits * 100), priceCents: price, discountCents: discount, discountPercent: percent });
  });

  it('rounds an exact half cent up', () => {
    // 100.05 credits at 10% = 9004.5 cents -> 9005
    expect(topUpPrice(10_005).priceCents).toBe(9005);
    // 300.10 credits at 15% = 25508.5 cents -> 25509
    expect(topUpPrice(30_010).priceCents).toBe(25509);
  });

  it('picks the tier at the exact threshold, not one cent before', () => {
    expect(discountPercentFor(9999)).toBe(0);
    expect(discountPercentFor(10_000)).toBe(10);
    expect(discountPercentFor(29_999)).toBe(10);
    expect(discountPercentFor(30_000)).toBe(15);
  });

  it('price plus discount always equals the credits bought', () => {
    for (let cents = 500; cents <= 50_000; cents += 7) {
      const quote = topUpPrice(cents);
      expect(quote.priceCents + quote.discountCents).toBe(cents);
    }
  });

  it('refuses a non-integer or non-positive number of cents', () => {
    expect(() => topUpPrice(10.5)).toThrow(RangeError);
    expect(() => topUpPrice(0)).toThrow(RangeError);
  });
});

describe('a paid report must match the stored top-up', () => {
  const topUp = { sessionId: 'cs_1', priceCents: 9000 };
  it('accepts the exact session, amount and currency', () => {
    expect(paidEventMismatch(topUp, { sessionId: 'cs_1', amountCents: 9000, currency: 'usd' })).toBeNull();
    expect(paidEventMismatch(topUp, { sessionId: 'cs_1', amountCents: 9000, currency: 'USD' })).toBeNull();
  });
  it('refuses another session, amount or currency', () => {
    expect(paidEventMismatch(topUp, { sessionId: 'cs_2', amountCents: 9000, currency: 'usd' })).toMatch(/session/);
    expect(paidEventMismatch(topUp, { sessionId: 'cs_1', amountCents: 8999, currency: 'usd' })).toMatch(/amount/);
    expect(paidEventMismatch(topUp, { sessionId: 'cs_1', amountCents: null, currency: 'usd' })).toMatch(/amount/);
    expect(paidEventMismatch(topUp, { sessionId: 'cs_1', amountCents: 9000, currency: 'eur' })).toMatch(/currency/);
    expect(paidEventMismatch(topUp, { sessionId: '', amountCents: 9000, currency: 'usd' })).toMatch(/session/);
  });
  it('accepts the signed event when the session id was never stored (crash after creating the session)', () => {
    expect(paidEventMismatch({ sessionId: null, priceCents: 9000 }, { sessionId: 'cs_9', amountCents: 9000, currency: 'usd' })).toBeNull();
  });
});
