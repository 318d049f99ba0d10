import { applyToBalances, canRelease, mayGoNegative, parseAccount, planCapture, transferProblem, userAccount } from './ledger';

const base = { from: 'platform:adjustments', to: 'user:1:available', amountCents: 100, reason: 'admin_adjustment' as const, description: '', reference: null };

describe('ledger accounts', () => {
  it('names user accounts and parses every kind', () => {
    expect(userAccount(7, 'available')).toBe('user:7:available');
    expect(parseAccount('user:7:held')).toEqual({ id: 'user:7:held', kind: 'user_held', userId: 7 });
    expect(parseAccount('external:stripe').kind).toBe('external');
    expect(parseAccount('platform:discounts').kind).toBe('platform');
  });
  it('refuses unknown accounts and bad user ids', () => {
    expect(() => parseAccount('user:0:available')).toThrow(RangeError);
    expect(() => parseAccount('user:1:savings')).toThrow(RangeError);
    expect(() => parseAccount('platform:bonus')).toThrow(RangeError);
    expect(() => userAccount(-1, 'held')).toThrow(RangeError);
  });
  it('lets only platform and external accounts go negative', () => {
    expect(mayGoNegative('external:stripe')).toBe(true);
    expect(mayGoNegative('platform:adjustments')).toBe(true);
    expect(mayGoNegative('user:1:available')).toBe(false);
    expect(mayGoNegative('user:1:held')).toBe(false);
  });
});

describe('transfers', () => {
  it('accepts a positive whole amount between two different known accounts', () => {
    expect(transferProblem(base)).toBeNull();
  });
  it.each([0, -5, 1.5, Number.NaN])('refuses amount %p', (amountCents) => {
    expect(transferProblem({ ...base, amountCents })).toMatch(/positive/);
  });
  it('refuses a transfer to the same account and an unknown reason', () => {
    expect(transferProblem({ ...base, to: base.from })).toMatch(/differ/);
    expect(transferProblem({ ...base, reason: 'gift' as never })).toMatch(/reason/);
  });
  it('moves the amount so the two balances still sum the same (double entry)', () => {
    const after = applyToBalances({ id: 'platform:adjustments', balanceCents: 0 }, { id: 'user:1:available', balanceCents: 50 }, 100);
    expect(after).toEqual({ fromAfter: -100, toAfter: 150 });
  });
  it('never takes a user account below zero, even by one cent', () => {
    expect(applyToBalances({ id: 'user:1:available', balanceCents: 99 }, { id: 'user:1:held', balanceCents: 0 }, 100)).toBeNull();
    expect(applyToBalances({ id: 'user:1:available', balanceCents: 100 }, { id: 'user:1:held', balanceCents: 0 }, 100)).toEqual({ fromAfter: 0, toAfter: 100 });
  });
});

describe('holds are settled once', () => {
  it('captures part of an open hold and releases the rest', () => {
    expect(planCapture({ status: 'open', amountCents: 1000 }, 600)).toEqual({ capturedCents: 600, releasedCents: 400 });
    expect(planCapture({ status: 'open', amountCents: 1000 }, 1000)).toEqual({ capturedCents: 1000, releasedCents: 0 });
  });
  it('refuses more than the hold, zero, and a hold already settled', () => {
    expect(planCapture({ status: 'open', amountCents: 1000 }, 1001)).toEqual({ error: expect.stringMatching(/exceeds/) });
    expect(planCapture({ status: 'open', amountCents: 1000 }, 0)).toEqual({ error: expect.stringMatching(/positive/) });
    expect(planCapture({ status: 'captured', amountCents: 1000 }, 10)).toEqual({ error: 'hold already captured' });
    expect(planCapture({ status: 'released', amountCents: 1000 }, 10)).toEqual({ error: 'hold already released' });
    expect(canRelease({ status: 'open' })).toBe(true);
    expect(canRelease({ status: 'captured' })).toBe(false);
  });
});
