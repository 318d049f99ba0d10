import { inject, injectable } from 'inversify';
import type { PollReads, ViewerPollQuery, ViewerPollRead } from '../../../../application/ports/poll';
import { SeparatePollReads } from '../../../../application/play/separate-poll-reads';
import { Database } from '../database';
import { num, runOn, type Row } from '../sql';
import { SESSION_COLUMNS, sessionUserFromRow, TypeOrmAuthTokenRepository } from './TypeOrmAuthTokenRepository';
import { challengeFromRow, challengesOfUserSql, TypeOrmChallengeRepository } from './TypeOrmChallengeRepository';
import { sessionFromRow, sessionsOfUserSql, TypeOrmSessionRepository } from './TypeOrmSessionRepository';

/** The most polls one Postgres statement answers; more wait for the next statement. */
export const POLL_BATCH_MAX = 64;

interface Waiting {
  query: ViewerPollQuery;
  resolve: (read: ViewerPollRead) => void;
  reject: (error: unknown) => void;
}

/**
 * The poll's reads. On Postgres, each statement costs the server a round trip and the client's protocol work,
 * which dominated the poll (measured: a socket write per statement was a fifth of the process's time). So the
 * polls that arrive while a statement is out are answered together by the next one: each session row with its
 * user and the user's two lists as JSON arrays, built by the database from the very statements the repositories
 * run. One poll alone is one statement, sent at once (no waiting for company); under load a statement serves
 * many. On SQLite a statement is a function call in the process: the repositories' reads run one after another.
 */
@injectable()
export class TypeOrmPollReads implements PollReads {
  private readonly separate: SeparatePollReads;
  private readonly queue: Waiting[] = [];
  private sending = false;

  constructor(@inject(Database) private readonly database: Database) {
    this.separate = new SeparatePollReads(new TypeOrmAuthTokenRepository(database), new TypeOrmChallengeRepository(database), new TypeOrmSessionRepository(database));
  }

  forToken(query: ViewerPollQuery): Promise<ViewerPollRead> {
    if (this.database.dialect !== 'postgres' || this.database.inTransaction) return this.separate.forToken(query);
    return new Promise((resolve, reject) => {
      this.queue.push({ query, resolve, reject });
      if (!this.sending) void this.sendQueued();
    });
  }

  /** Sends what waits, one statement at a time, until nothing waits (a statement in flight collects the next). */
  private async sendQueued(): Promise<void> {
    this.sending = true;
    try {
      while (this.queue.length > 0) {
        const first = this.queue[0]!.query;
        // One statement serves polls with the same limits (they are constants; the check keeps it exact).
        const batch: Waiting[] = [];
        for (let i = 0; i < this.queue.length && batch.length < POLL_BATCH_MAX; ) {
          const waiting = this.queue[i]!;
          if (waiting.query.challengeLimit === first.challengeLimit && waiting.query.sessionLimit === first.sessionLimit) {
            batch.push(waiting);
            this.queue.splice(i, 1);
          } else i += 1;
        }
        try {
          const reads = await this.readMany(batch.map((w) => w.query));
          batch.forEach((waiting, i) => waiting.resolve(reads[i]!));
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /** One statement for several polls: row `n` answers queries[n - 1]; a token with no session has no row. */
  private async readMany(queries: ViewerPollQuery[]): Promise<ViewerPollRead[]> {
    const { rows } = await runOn(
      this.database,
      `SELECT q.n AS poll_index, ${SESSION_COLUMNS},
         (SELECT coalesce(json_agg(c ORDER BY c.id DESC), '[]'::json) FROM (${challengesOfUserSql('u.id', 'q.ended_since', '$3')}) c) AS poll_challenges,
         (SELECT coalesce(json_agg(s ORDER BY s.id DESC), '[]'::json) FROM (${sessionsOfUserSql('u.id', '$4')}) s) AS poll_sessions
       FROM unnest($1::text[], $2::timestamptz[]) WITH ORDINALITY AS q(token_hash, ended_since, n)
       JOIN auth_tokens t ON t.token_hash = q.token_hash
       JOIN users u ON u.id = t.user_id`,
      [
        `{${queries.map((q) => `"${q.tokenHash.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`,
        `{${queries.map((q) => `"${q.challengesEndedSince.toISOString()}"`).join(',')}}`,
        queries[0]!.challengeLimit,
        queries[0]!.sessionLimit,
      ],
    );
    const reads: ViewerPollRead[] = queries.map(() => ({ session: null, challenges: [], sessions: [] }));
    // json_agg gives each row as JSON (timestamps as ISO text, numbers as numbers): the row mappers read both forms.
    const list = (value: unknown) => (Array.isArray(value) ? (value as Row[]) : []);
    for (const row of rows) {
      reads[num(row.poll_index) - 1] = {
        session: sessionUserFromRow(row),
        challenges: list(row.poll_challenges).map(challengeFromRow),
        sessions: list(row.poll_sessions).map(sessionFromRow),
      };
    }
    return reads;
  }
}
