import { inject, injectable } from 'inversify';
import { opponentFrom, PRESENCE_WRITE_INTERVAL_MS, seenWithin, type Opponent, type OpponentProfile } from '../../domain/opponents';
import type { User } from '../../domain/user';
import { UserRepository } from '../ports/users';
import { AppSettings } from '../ports/settings';
import { Clock } from '../ports/system';
import { ChallengeViews, type ChallengeView } from './challenge-views';
import { SessionService, type SessionView } from './session-service';

/** The play screen's poll (GET /api/get_app_state): the opponents, the viewer, their live challenges and sessions. */
export interface AppState {
  opponents: Opponent[];
  user: User | null;
  challenges: ChallengeView[];
  scheduledChallenges: SessionView[];
}

/** The schedule screen's data (GET /api/get_schedule_data, server.md 2). */
export interface ScheduleData {
  opponents: Opponent[];
  scheduledChallenges: SessionView[];
}

/** Read side of opponents and presence. One query for the titled players per call, none per opponent. */
@injectable()
export class AppStateService {
  constructor(
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppSettings) private readonly settings: AppSettings,
    @inject(ChallengeViews) private readonly challengeViews: ChallengeViews,
    @inject(SessionService) private readonly sessions: SessionService,
  ) {}

  /**
   * Every titled player except the viewer, `online` being the derived availability (server.md 4.1). A signed-in
   * call marks its user seen, written at most once per PRESENCE_WRITE_INTERVAL_MS (the client polls every second).
   * The seen-mark is written before the list is read, so a pro polling another tab sees a consistent state.
   */
  async getAppState(viewer: User | null): Promise<AppState> {
    const now = this.clock.now();
    if (viewer && !seenWithin(viewer.lastSeenAt, now, PRESENCE_WRITE_INTERVAL_MS)) {
      await this.users.markSeen(viewer.id, now, PRESENCE_WRITE_INTERVAL_MS);
    }
    const players = await this.users.listTitledPlayers();
    const challenges = viewer ? await this.challengeViews.forViewer(viewer, players) : [];
    const scheduledChallenges = viewer ? await this.sessions.list(viewer) : [];
    return { opponents: this.opponentsFrom(players, viewer, now), user: viewer, challenges, scheduledChallenges };
  }

  /** Only players available for scheduled sessions (spec section 5); the viewer never sees themselves. */
  async getScheduleData(viewer: User | null): Promise<ScheduleData> {
    const opponents = this.opponentsFrom(await this.users.listTitledPlayers(), viewer, this.clock.now());
    const scheduledChallenges = viewer ? await this.sessions.list(viewer) : [];
    return { opponents: opponents.filter((o) => o.availableForScheduledChallenges), scheduledChallenges };
  }

  private opponentsFrom(players: OpponentProfile[], viewer: User | null, now: Date): Opponent[] {
    return players
      .filter((player) => player.id !== viewer?.id)
      .map((player) => opponentFrom(player, now, this.settings.presenceTimeoutSeconds));
  }
}
