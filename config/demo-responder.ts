import { inject, injectable } from 'inversify';
import { ChallengeRepository } from '../application/ports/challenges';
import { AppLogger, Clock } from '../application/ports/system';
import { UserRepository } from '../application/ports/users';
import { ChallengeService } from '../application/play/challenge-service';
import { SessionService } from '../application/play/session-service';
import { isValidTimezone } from '../domain/accounts';
import { localSlotToUtc } from '../domain/scheduled-sessions';
import { DemoPresence } from './demo-presence';

/** Two days after `now`, at 18:00 in `timeZone` (UTC when the zone is unknown or 18:00 does not exist that day). */
export function demoSessionStart(now: Date, timeZone: string): Date {
  const zone = isValidTimezone(timeZone) ? timeZone : 'UTC';
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(now.getTime() + 2 * 86_400_000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const slot = localSlotToUtc({ date: `${part('year')}-${part('month')}-${part('day')}`, time: '18:00' }, zone, now);
  return slot.ok ? slot.instant : new Date(Math.ceil((now.getTime() + 2 * 86_400_000) / 3_600_000) * 3_600_000);
}

/** How often the responder looks for challenges, and how long a demo player "thinks" before answering. */
export const DEMO_RESPONDER_INTERVAL_MS = 2000;
export const DEMO_THINKING_MS = 3000;

/**
 * The answering half of the development profile's demo responder (server.md 11): the roster players kept online
 * by DemoPresence answer their challenges after a few seconds, four in five by accepting and one in five by
 * declining (decided by the challenge id, so a run is repeatable), through the same use case a real pro's click
 * runs, the dev chess site included; and they confirm session requests. Only bound in the development profile
 * with demo data.
 */
@injectable()
export class DemoResponder {
  constructor(
    @inject(DemoPresence) private readonly presence: DemoPresence,
    @inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(ChallengeService) private readonly service: ChallengeService,
    @inject(SessionService) private readonly sessions: SessionService,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppLogger) private readonly logger: AppLogger,
  ) {}

  /** One pass; returns how many challenges and session requests it answered. Anything settled first is skipped. */
  async run(): Promise<number> {
    const ids = await this.presence.playerIds();
    return (await this.answerChallenges(ids)) + (await this.confirmSessions(ids));
  }

  /**
   * Session requests to the demo players are confirmed a few seconds after they arrive, for two days later at 18:00
   * in the requester's timezone (an evening for the person who booked, not whatever hour the clock gives), with a video link (required when analysis was asked for), so the whole booking flow shows.
   */
  private async confirmSessions(ids: number[]): Promise<number> {
    const now = this.clock.now();
    let confirmed = 0;
    for (const id of ids) {
      const pro = await this.users.findById(id);
      if (!pro) continue;
      for (const view of await this.sessions.list(pro)) {
        const s = view.record;
        if (s.targetUserId !== id || s.status !== 'pending_schedule' || now.getTime() - s.createdAt.getTime() < DEMO_THINKING_MS) continue;
        const start = demoSessionStart(now, s.timezone);
        try {
          await this.sessions.confirm(pro, s.id, start, `https://meet.example.com/demo-session-${s.id}`);
          confirmed += 1;
        } catch (error) {
          this.logger.info({ sessionId: s.id, err: String(error) }, 'demo responder skipped a session request');
        }
      }
    }
    return confirmed;
  }

  private async answerChallenges(ids: number[]): Promise<number> {
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
