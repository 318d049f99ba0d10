import { inject, injectable } from 'inversify';
import { currentOffHoursStart } from '../../domain/online-schedule';
import { isValidTimezone } from '../../domain/accounts';
import { ChallengeRepository } from '../ports/challenges';
import { AppSettings } from '../ports/settings';
import { AppLogger, Clock, UnitOfWork } from '../ports/system';
import { UserRepository } from '../ports/users';
import { CreditsService } from '../credits/credits-service';
import { challengeKeys } from './challenge-settlement';
import { ChallengeService } from './challenge-service';
import { RosterChanges } from './roster-changes';

/** How many rows one pass of a job handles; the next pass takes the rest. */
export const JOB_BATCH_SIZE = 100;

/**
 * The periodic work of server.md 4.6, 4.5 and 4.7. Every pass is idempotent and decided by conditional writes,
 * so every server process may run them at once: two sweeps of one batch release its hold once.
 */
@injectable()
export class ChallengeJobs {
  constructor(
    @inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(CreditsService) private readonly credits: CreditsService,
    @inject(ChallengeService) private readonly service: ChallengeService,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppSettings) private readonly settings: AppSettings,
    @inject(AppLogger) private readonly logger: AppLogger,
    @inject(RosterChanges) private readonly rosterChanges: RosterChanges,
  ) {}

  /** Writes the expiry every read already shows: open batches past the TTL close and release their hold. */
  async expireChallenges(): Promise<number> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - this.settings.challengeTtlSeconds * 1000);
    const batches = await this.challenges.findExpiredOpenBatches(cutoff, JOB_BATCH_SIZE);
    let expired = 0;
    for (const batch of batches) {
      const done = await this.uow.run(async () => {
        await this.challenges.lockBatch(batch.id);
        if (!(await this.challenges.closeBatch(batch.id))) return false;
        await this.challenges.endPendingInBatch(batch.id, 'expired', now, null);
        await this.credits.release(batch.holdId, challengeKeys.batchRelease(batch.id), { reference: `batch:${batch.id}`, description: 'Challenge expired: hold released' });
        return true;
      });
      if (done) expired += 1;
    }
    return expired;
  }

  /** Follows accepted games on the chess site: pays the finished ones, refunds those that never started. */
  async followGames(): Promise<{ paid: number; refunded: number }> {
    const accepted = await this.challenges.findAccepted(JOB_BATCH_SIZE);
    const result = { paid: 0, refunded: 0 };
    for (const challenge of accepted) {
      try {
        const decision = await this.service.settle(challenge);
        if (decision === 'pay') result.paid += 1;
        if (decision === 'refund') result.refunded += 1;
      } catch (error) {
        // The chess site may be down or rate limiting: leave the game for the next pass.
        this.logger.warn({ challengeId: challenge.id, err: String(error) }, 'game follow-up failed; will retry');
      }
    }
    return result;
  }

  /** Sets titled players offline when their off-hours start after their last manual change (server.md 4.7). */
  async applyOnlineSchedules(): Promise<number> {
    const now = this.clock.now();
    let changed = 0;
    for (const player of await this.users.listOnlineWithSchedule()) {
      if (!player.onlineSchedule) continue;
      const zone = player.timezone && isValidTimezone(player.timezone) ? player.timezone : 'UTC';
      const start = currentOffHoursStart(player.onlineSchedule, now, zone);
      if (start && (await this.users.goOfflineBySchedule(player.id, start))) changed += 1;
    }
    if (changed > 0) this.rosterChanges.changed();
    return changed;
  }
}
