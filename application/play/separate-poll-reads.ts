import type { ChallengeRepository } from '../ports/challenges';
import type { PollReads, ViewerPollQuery, ViewerPollRead } from '../ports/poll';
import type { SessionRepository } from '../ports/sessions';
import type { AuthTokenRepository } from '../ports/users';

/**
 * PollReads as the three repositories' own reads, one after the other: for stores where a statement costs no
 * round trip (SQLite in the process, memory). The Postgres adapter makes them one statement.
 */
export class SeparatePollReads implements PollReads {
  constructor(
    private readonly tokens: AuthTokenRepository,
    private readonly challenges: ChallengeRepository,
    private readonly sessions: SessionRepository,
  ) {}

  async forToken(query: ViewerPollQuery): Promise<ViewerPollRead> {
    const session = await this.tokens.findSession(query.tokenHash);
    if (!session) return { session: null, challenges: [], sessions: [] };
    const userId = session.user.id;
    return {
      session,
      challenges: await this.challenges.listForUser(userId, query.challengesEndedSince, query.challengeLimit),
      sessions: await this.sessions.listForUser(userId, query.sessionLimit),
    };
  }
}
