import { inject, injectable } from 'inversify';
import { effectiveStatus, expiresAt, type LiveStatus } from '../../domain/challenges';
import { opponentFrom, type Opponent, type OpponentProfile } from '../../domain/opponents';
import type { User } from '../../domain/user';
import { ChallengeRepository, type ChallengeRecord } from '../ports/challenges';
import { AppSettings } from '../ports/settings';
import { Clock } from '../ports/system';
import { UserRepository } from '../ports/users';
import { resolveParticipants } from './participants';

/** Ended challenges stay in the viewer's list this long, so both sides see the outcome (rejected, finished...). */
export const RECENTLY_ENDED_MS = 5 * 60_000;
/** A viewer's list is short by nature (one live batch, a few recent ones); this only bounds a pathological case. */
export const CHALLENGE_LIST_LIMIT = 50;

/** A challenge as one viewer sees it: derived status, both names, the target as an opponent, their own game link. */
export interface ChallengeView {
  record: ChallengeRecord;
  status: LiveStatus;
  sourceName: string;
  targetName: string;
  targetOpponent: Opponent;
  /** The viewer's own colour link to the game (the sender's for the sender, the pro's for the pro). */
  url: string | null;
  expiresAt: Date;
}

/** "First Last", or the username when the user has no name. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.username;
}

@injectable()
export class ChallengeViews {
  constructor(
    @inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppSettings) private readonly settings: AppSettings,
  ) {}

  /**
   * The viewer's live challenges (sent and received): pending, accepted and recently ended, newest first.
   * `titledPlayers` is the caller's already-loaded roster (get_app_state has it), so no second roster query.
   */
  async forViewer(viewer: User, titledPlayers?: OpponentProfile[]): Promise<ChallengeView[]> {
    const now = this.clock.now();
    const records = await this.challenges.listForUser(viewer.id, new Date(now.getTime() - RECENTLY_ENDED_MS), CHALLENGE_LIST_LIMIT);
    return this.fromRecords(viewer, records, titledPlayers);
  }

  /** Views of records already read as forViewer reads them (the poll reads them with the session: PollReads). */
  async fromRecords(viewer: User, records: ChallengeRecord[], titledPlayers?: OpponentProfile[]): Promise<ChallengeView[]> {
    if (records.length === 0) return [];
    const now = this.clock.now();
    const roster = titledPlayers ?? (await this.users.listTitledPlayers());
    const { people, opponents } = await resolveParticipants(this.users, viewer, roster, records);
    return records.flatMap((record) => {
      const target = opponents.get(record.targetUserId);
      const source = people.get(record.sourceUserId);
      if (!target || !source) return [];
      return [
        {
          record,
          status: effectiveStatus(record, now, this.settings.challengeTtlSeconds),
          sourceName: displayName(source),
          targetName: displayName(target),
          targetOpponent: opponentFrom(target, now, this.settings.presenceTimeoutSeconds),
          url: viewer.id === record.sourceUserId ? record.sourceUrl : record.targetUrl,
          expiresAt: expiresAt(record.createdAt, this.settings.challengeTtlSeconds),
        },
      ];
    });
  }
}
