import { inject, injectable } from 'inversify';
import { opponentFrom, PRESENCE_WRITE_INTERVAL_MS, seenWithin, type Opponent, type OpponentProfile } from '../../domain/opponents';
import type { User } from '../../domain/user';
import { UserRepository } from '../ports/users';
import { AppSettings } from '../ports/settings';
import { Clock } from '../ports/system';
import { PollReads } from '../ports/poll';
import { SessionService as LoginSessions, type AuthenticatedSession } from '../accounts/sessions';
import { hashToken } from '../accounts/token-hash';
import { CHALLENGE_LIST_LIMIT, ChallengeViews, RECENTLY_ENDED_MS, type ChallengeView } from './challenge-views';
import { SESSION_LIST_LIMIT, SessionService, type SessionView } from './session-service';
import { RosterChanges } from './roster-changes';

/** The play screen's poll (GET /api/get_app_state): the opponents, the viewer, their live challenges and sessions. */
export interface AppState {
  opponents: Opponent[];
  user: User | null;
  challenges: ChallengeView[];
  scheduledChallenges: SessionView[];
}

/** The titled players at one instant: their profiles (for names) and as opponents (availability derived then). */
export interface Roster {
  at: Date;
  profiles: OpponentProfile[];
  opponents: Opponent[];
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
    @inject(PollReads) private readonly pollReads: PollReads,
    @inject(LoginSessions) private readonly logins: LoginSessions,
    @inject(RosterChanges) private readonly rosterChanges: RosterChanges,
  ) {}

  /**
   * Every titled player as an opponent at this instant (nobody excluded): one query. The HTTP edge keeps it as a
   * shared snapshot for a second, so a thousand polls a second cost one read.
   */
  async roster(): Promise<Roster> {
    const now = this.clock.now();
    const profiles = await this.users.listTitledPlayers();
    return { at: now, profiles, opponents: profiles.map((p) => opponentFrom(p, now, this.settings.presenceTimeoutSeconds)) };
  }

  /**
   * A signed-in poll by token: the session check (as HttpAuth's: a bad token is ERR_TOKEN_EXPIRED) and the viewer's
   * part, read together through PollReads (one round trip on Postgres) instead of a session lookup then two lists.
   */
  async pollWithToken(token: string, profiles: OpponentProfile[]): Promise<AuthenticatedSession & Pick<AppState, 'challenges' | 'scheduledChallenges'>> {
    const tokenHash = hashToken(token);
    const now = this.clock.now();
    const read = await this.pollReads.forToken({
      tokenHash,
      challengesEndedSince: new Date(now.getTime() - RECENTLY_ENDED_MS),
      challengeLimit: CHALLENGE_LIST_LIMIT,
      sessionLimit: SESSION_LIST_LIMIT,
    });
    const { user } = await this.logins.admit(tokenHash, read.session);
    await this.markPresent(user, now);
    const [challenges, scheduledChallenges] = await Promise.all([
      this.challengeViews.fromRecords(user, read.challenges, profiles),
      this.sessions.viewsFrom(user, read.sessions, profiles),
    ]);
    return { user, tokenHash, challenges, scheduledChallenges };
  }

  /** A poll marks its viewer seen, written at most once per PRESENCE_WRITE_INTERVAL_MS (presence is derived in reads). */
  private async markPresent(viewer: User, now: Date): Promise<void> {
    if (seenWithin(viewer.lastSeenAt, now, PRESENCE_WRITE_INTERVAL_MS)) return;
    const written = await this.users.markSeen(viewer.id, now, PRESENCE_WRITE_INTERVAL_MS);
    // A titled player coming back into presence changes the list; a routine refresh of a present one does not.
    const wasAbsent = !seenWithin(viewer.lastSeenAt, now, this.settings.presenceTimeoutSeconds * 1000);
    if (written && wasAbsent && viewer.role === 'pro') this.rosterChanges.changed();
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
