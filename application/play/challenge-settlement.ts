import { inject, injectable } from 'inversify';
import { splitPayout } from '../../domain/challenges';
import { userAccount } from '../../domain/ledger';
import { formatUsd } from '../../domain/money';
import { ChallengeRepository, type ChallengeRecord } from '../ports/challenges';
import { AppSettings } from '../ports/settings';
import { Clock, UnitOfWork } from '../ports/system';
import { CreditsService } from '../credits/credits-service';

/** Idempotency keys of a challenge's money steps (server.md 4.4): a retried or duplicated step moves nothing. */
export const challengeKeys = {
  batchHold: (batchId: string) => `batch:${batchId}:hold`,
  batchRelease: (batchId: string) => `batch:${batchId}:release`,
  capture: (challengeId: number) => `challenge:${challengeId}:capture`,
  payout: (challengeId: number) => `challenge:${challengeId}:payout`,
  fee: (challengeId: number) => `challenge:${challengeId}:fee`,
  refund: (challengeId: number) => `challenge:${challengeId}:refund`,
};

/** The reference on every ledger line of a challenge, so the statement and the admin can group them. */
export function challengeReference(challengeId: number): string {
  return `challenge:${challengeId}`;
}

/**
 * The end of an accepted game's money: the captured price waits in platform:escrow; `pay` moves it to the pro
 * minus the platform fee (fee to platform:revenue), `refund` returns it to the sender. Each runs in one unit of
 * work whose first step is the conditional status change (accepted -> finished | canceled), so of two racing
 * settlements only one moves money, and each transfer has its own idempotency key on top.
 */
@injectable()
export class ChallengeSettlement {
  constructor(
    @inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @inject(CreditsService) private readonly credits: CreditsService,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppSettings) private readonly settings: AppSettings,
  ) {}

  /** Finishes the game and pays the pro. False when it was no longer accepted (settled by someone else). */
  async pay(challenge: ChallengeRecord): Promise<boolean> {
    const { proCents, feeCents } = splitPayout(challenge.priceCents, this.settings.platformFeePercent);
    const reference = challengeReference(challenge.id);
    return this.uow.run(async () => {
      if (!(await this.challenges.changeStatus(challenge.id, 'accepted', 'finished', this.clock.now()))) return false;
      const fee = this.settings.platformFeePercent;
      if (proCents > 0) {
        await this.credits.transfer(
          {
            from: 'platform:escrow',
            to: userAccount(challenge.targetUserId, 'available'),
            amountCents: proCents,
            reason: 'payout',
            description: `Payout for game #${challenge.id}: ${formatUsd(challenge.priceCents)} less ${fee}% platform fee (${formatUsd(feeCents)})`,
            reference,
          },
          challengeKeys.payout(challenge.id),
        );
      }
      if (feeCents > 0) {
        await this.credits.transfer(
          { from: 'platform:escrow', to: 'platform:revenue', amountCents: feeCents, reason: 'fee', description: `Platform fee for game #${challenge.id}`, reference },
          challengeKeys.fee(challenge.id),
        );
      }
      return true;
    });
  }

  /** Cancels a game that never started and returns the price to the sender. False when no longer accepted. */
  async refund(challenge: ChallengeRecord, reason: 'chess_site_failed' | 'game_not_started'): Promise<boolean> {
    return this.uow.run(async () => {
      if (!(await this.challenges.changeStatus(challenge.id, 'accepted', 'canceled', this.clock.now(), reason))) return false;
      await this.credits.transfer(
        {
          from: 'platform:escrow',
          to: userAccount(challenge.sourceUserId, 'available'),
          amountCents: challenge.priceCents,
          reason: 'refund',
          description:
            reason === 'chess_site_failed'
              ? `Refund for game #${challenge.id}: the game could not be created on Lichess`
              : `Refund for game #${challenge.id}: the game never started`,
          reference: challengeReference(challenge.id),
        },
        challengeKeys.refund(challenge.id),
      );
      return true;
    });
  }
}
