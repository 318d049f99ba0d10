import type { User } from '../../domain/user';
import type { ChallengeRecord } from './challenges';
import type { SessionRecord } from './sessions';
import type { AuthTokenRecord } from './users';

/** What one signed-in poll reads: the session with its user, and that user's live challenges and sessions. */
export interface ViewerPollRead {
  session: { record: AuthTokenRecord; user: User } | null;
  /** As ChallengeRepository.listForUser(user, endedSince, challengeLimit); empty without a session. */
  challenges: ChallengeRecord[];
  /** As SessionRepository.listForUser(user, sessionLimit); empty without a session. */
  sessions: SessionRecord[];
}

export interface ViewerPollQuery {
  tokenHash: string;
  challengesEndedSince: Date;
  challengeLimit: number;
  sessionLimit: number;
}

/**
 * The 1 Hz poll's reads for one viewer, by their token (the hot path: every open Play screen, every second). The
 * same results as the three repositories' reads; an adapter may make them one round trip to the database.
 */
export interface PollReads {
  forToken(query: ViewerPollQuery): Promise<ViewerPollRead>;
}
export const PollReads = Symbol.for('PollReads');
