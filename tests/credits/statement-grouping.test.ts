/** The statement as a person reads it: one entry per top-up and per purchase, amounts in exact cents. */
import { groupStatement, type StatementLine } from '../../application/credits/statement';

let nextId = 100;
function line(partial: Partial<StatementLine> & Pick<StatementLine, 'reason' | 'amountCents'>): StatementLine {
  nextId -= 1;
  return {
    id: nextId,
    createdAt: new Date(Date.UTC(2026, 10, 23, 12, 0, 100 - nextId)),
    account: 'available',
    balanceAfterCents: 0,
    description: partial.reason,
    reference: null,
    counterparty: 'platform:escrow',
    ...partial,
  };
}

describe('statement grouping', () => {
  it('a discounted top-up is one entry: "Added 100.00 credits (paid US$90.00, 10% off)"', () => {
    const lines = [
      line({ reason: 'topup', amountCents: 1000, reference: 'cs_1', counterparty: 'platform:discounts', description: 'Top-up discount' }),
      line({ reason: 'topup', amountCents: 9000, reference: 'cs_1', counterparty: 'external:stripe', description: 'Card top-up of $100.00 credits' }),
    ];
    const [entry, ...rest] = groupStatement(lines);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ kind: 'topup', amountCents: 10000, heldCents: 0, description: 'Added 100.00 credits (paid US$90.00, 10% off)', id: lines[0]!.id });
  });

  it('a top-up without discount says what was paid', () => {
    const [entry] = groupStatement([line({ reason: 'topup', amountCents: 2500, reference: 'cs_2', counterparty: 'external:stripe' })]);
    expect(entry?.description).toBe('Added 25.00 credits (paid US$25.00)');
  });

  it('two top-ups stay two entries (grouped by their payment, not by reason)', () => {
    const entries = groupStatement([
      line({ reason: 'topup', amountCents: 500, reference: 'cs_a', counterparty: 'external:stripe' }),
      line({ reason: 'topup', amountCents: 700, reference: 'cs_b', counterparty: 'external:stripe' }),
    ]);
    expect(entries.map((e) => e.amountCents)).toEqual([500, 700]);
  });

  it('a challenge to two players: hold of the highest price, charge of the accepted one, the rest returned, one entry of the net cost', () => {
    const ref = 'batch:b1';
    // Newest first, as the ledger returns them; an unrelated adjustment in between.
    const lines = [
      line({ reason: 'release', amountCents: 250, reference: ref, description: 'Unused part of a hold returned' }),
      line({ reason: 'capture', amountCents: -500, account: 'held', reference: ref, description: 'Game #7: 5+0' }),
      line({ reason: 'admin_adjustment', amountCents: 100, description: 'Adjustment by an admin: Bonus', counterparty: 'platform:adjustments' }),
      line({ reason: 'hold', amountCents: -750, reference: ref, description: 'Hold for a 5+0 challenge to 2 players (up to $7.50)' }),
      line({ reason: 'hold', amountCents: 750, account: 'held', reference: ref, description: 'Hold for a 5+0 challenge to 2 players (up to $7.50)' }),
    ];
    const entries = groupStatement(lines);
    expect(entries.map((e) => [e.kind, e.amountCents, e.heldCents, e.description])).toEqual([
      ['purchase', -500, 250, 'Game #7: 5+0, paid $5.00'],
      ['single', 100, 0, 'Adjustment by an admin: Bonus'],
    ]);
    expect(entries[0]!.lines).toHaveLength(4);
  });

  it('a challenge nobody accepted nets to zero and says the reservation came back', () => {
    const entries = groupStatement([
      line({ reason: 'release', amountCents: 750, reference: 'batch:b2', description: 'Challenge expired: hold released' }),
      line({ reason: 'hold', amountCents: -750, reference: 'batch:b2', description: 'Hold for a 5+0 challenge to 1 player (up to $7.50)' }),
    ]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amountCents: 0, description: 'Challenge expired: hold released' });
  });

  it('an open challenge shows the reservation', () => {
    const [entry] = groupStatement([line({ reason: 'hold', amountCents: -750, reference: 'batch:b3', description: 'Hold for a 5+0 challenge to 1 player (up to $7.50)' })]);
    expect(entry).toMatchObject({ amountCents: -750, description: 'Hold for a 5+0 challenge to 1 player (up to $7.50)' });
  });

  it("a booked session is one entry of its price (hold and charge share the hold's reference); its refund is its own entry", () => {
    const entries = groupStatement([
      line({ reason: 'refund', amountCents: 6750, reference: 'session:4', description: 'Refund for canceled training session #4' }),
      line({ reason: 'capture', amountCents: -6750, account: 'held', reference: 'hold-abc', description: 'Training session #4' }),
      line({ reason: 'hold', amountCents: 6750, account: 'held', reference: 'hold-abc', description: 'Hold for a training session with IM Ivan Pro' }),
      line({ reason: 'hold', amountCents: -6750, reference: 'hold-abc', description: 'Hold for a training session with IM Ivan Pro' }),
    ]);
    expect(entries.map((e) => [e.amountCents, e.description])).toEqual([
      [6750, 'Refund for canceled training session #4'],
      [-6750, 'Training session #4, paid $67.50'],
    ]);
  });

  it('a purchase group only ever nets its available-balance lines (a refund with its hold nets to zero)', () => {
    const entries = groupStatement([
      line({ reason: 'refund', amountCents: 500, reference: 'x', description: 'Refund' }),
      line({ reason: 'hold', amountCents: -500, reference: 'x', description: 'Hold' }),
    ]);
    expect(entries).toEqual([expect.objectContaining({ amountCents: 0, description: 'Refund' })]);
  });

  it('lines without a reference, payouts and adjustments stay one entry each', () => {
    const entries = groupStatement([
      line({ reason: 'payout', amountCents: 1520, reference: 'challenge:9', description: 'Payout for game #9: $19.00 less 20% platform fee ($3.80)' }),
      line({ reason: 'payout', amountCents: 800, reference: 'challenge:8' }),
      line({ reason: 'hold', amountCents: -100 }),
    ]);
    expect(entries.map((e) => e.amountCents)).toEqual([1520, 800, -100]);
  });
});
