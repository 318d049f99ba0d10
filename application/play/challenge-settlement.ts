import { inject, injectable } from 'inversify';
import { ChallengeRepository, type ChallengeRecord } from '../ports/challenges';
import { AppSettings } from '../ports/settings';
import { Clock, UnitOfWork } from '../ports/system';
import { CreditsService } from '../credits/credits-service';
import { payOutFromEscrow, refundFromEscrow } from './payouts';

/** Idempotency keys of a challenge's money steps (server.md 4.4): a retried or duplicated step moves nothing. */
export const challengeKeys = {
  batchHold: (batchId: string) => `batch:${batchId}:hold`,
  batchRelease: (batchId: string) => `batch:${batchId}:release`,
  capture: (challengeId: number) => `challenge:${challengeId}:capture`,
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
    return this.uow.run(async () => {
      if (!(await this.challenges.changeStatus(challenge.id, 'accepted', 'finished', this.clock.now()))) return false;
      await payOutFromEscrow(this.credits, {
        proUserId: challenge.targetUserId,
        priceCents: challenge.priceCents,
        feePercent: this.settings.platformFeePercent,
        reference: challengeReference(challenge.id),
        key: challengeReference(challenge.id),
        what: `game #${challenge.id}`,
      });
      return true;
    });
  }

  /** Cancels a game that never started and returns the price to the sender. False when no longer accepted. */
  async refund(challenge: ChallengeRecord, reason: 'chess_site_failed' | 'game_not_started' | 'admin_canceled'): Promise<boolean> {
    return this.uow.run(async () => {
      if (!(await this.challenges.changeStatus(challenge.id, 'accepted', 'canceled', this.clock.now(), reason))) return false;
      await refundFromEscrow(this.credits, {
        buyerUserId: challenge.sourceUserId,
        priceCents: challenge.priceCents,
        reference: challengeReference(challenge.id),
        key: challengeReference(challenge.id),
        description: {
          chess_site_failed: `Refund for game #${challenge.id}: the game could not be created on Lichess`,
          game_not_started: `Refund for game #${challenge.id}: the game never started`,
          admin_canceled: `Refund for game #${challenge.id}: canceled by our support team`,
        }[reason],
      });
      return true;
    });
  }
}
