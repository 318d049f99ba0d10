import { splitPayout } from '../../domain/challenges';
import { userAccount } from '../../domain/ledger';
import { formatUsd, type Cents } from '../../domain/money';
import type { CreditsService } from '../credits/credits-service';

/**
 * The money at the end of a paid game or session, shared by live challenges and scheduled sessions. The captured
 * price waits in platform:escrow; a payout moves it to the pro less the platform fee (fee to platform:revenue), a
 * refund returns it to the buyer. `key` prefixes the idempotency keys (`<key>:payout`, `<key>:fee`,
 * `<key>:refund`), so a retried step moves nothing twice. Call inside the unit of work that changed the status.
 */
export async function payOutFromEscrow(
  credits: CreditsService,
  payout: { proUserId: number; priceCents: Cents; feePercent: number; reference: string; key: string; what: string },
): Promise<void> {
  const { proCents, feeCents } = splitPayout(payout.priceCents, payout.feePercent);
  if (proCents > 0) {
    await credits.transfer(
      {
        from: 'platform:escrow',
        to: userAccount(payout.proUserId, 'available'),
        amountCents: proCents,
        reason: 'payout',
        description: `Payout for ${payout.what}: ${formatUsd(payout.priceCents)} less ${payout.feePercent}% platform fee (${formatUsd(feeCents)})`,
        reference: payout.reference,
      },
      `${payout.key}:payout`,
    );
  }
  if (feeCents > 0) {
    await credits.transfer(
      { from: 'platform:escrow', to: 'platform:revenue', amountCents: feeCents, reason: 'fee', description: `Platform fee for ${payout.what}`, reference: payout.reference },
      `${payout.key}:fee`,
    );
  }
}

export async function refundFromEscrow(
  credits: CreditsService,
  refund: { buyerUserId: number; priceCents: Cents; reference: string; key: string; description: string },
): Promise<void> {
  await credits.transfer(
    {
      from: 'platform:escrow',
      to: userAccount(refund.buyerUserId, 'available'),
      amountCents: refund.priceCents,
      reason: 'refund',
      description: refund.description,
      reference: refund.reference,
    },
    `${refund.key}:refund`,
  );
}
