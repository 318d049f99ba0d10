import { inject, injectable } from 'inversify';
import { ChallengeRepository } from '../application/ports/challenges';
import { AppLogger, Clock } from '../application/ports/system';
import { UserRepository } from '../application/ports/users';
import { ChallengeService } from '../application/play/challenge-service';
import { DemoPresence } from './demo-presence';

/** How often the responder looks for challenges, and how long a demo player "thinks" before answering. */
export const DEMO_RESPONDER_INTERVAL_MS = 2000;
export const DEMO_THINKING_MS = 3000;

/**
 * The answering half of the development profile's demo responder (server.md 11): the roster players kept online
 * by DemoPresence answer their challenges after a few seconds, four in five by accepting and one in five by
 * declining (decided by the challenge id, so a run is repeatable), through the same use case a real pro's click
 * runs, the dev chess site included. Only bound in the development profile with demo data.
 */
@injectable()
export class DemoResponder {
  constructor(
    @inject(DemoPresence) private readonly presence: DemoPresence,
    @inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(ChallengeService) private readonly service: ChallengeService,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppLogger) private readonly logger: AppLogger,
  ) {}

  /** One pass; returns how many challenges it answered. A challenge someone else settled first is skipped. */
  async run(): Promise<number> {
    const ids = await this.presence.playerIds();
    const sentBefore = new Date(this.clock.now().getTime() - DEMO_THINKING_MS);
    let answered = 0;
    for (const challenge of await this.challenges.findPendingForTargets(ids, sentBefore, 20)) {
      const target = await this.users.findById(challenge.targetUserId);
      if (!target) continue;
      const answer = challenge.id % 5 === 0 ? 'rejected' : 'accepted';
      try {
        await this.service.respond(target, challenge.id, answer);
        answered += 1;
      } catch (error) {
        // Expired, canceled or won by a sibling meanwhile: nothing to answer.
        this.logger.info({ challengeId: challenge.id, err: String(error) }, 'demo responder skipped a challenge');
      }
    }
    return answered;
  }
}
