import { inject, injectable } from 'inversify';
import type { BatchStatus, ChallengeBatch, ChallengeRecord, ChallengeRepository, NewChallenge } from '../../../../application/ports/challenges';
import { LIVE_STATUSES, PLAY_AS, type CancelReason, type Color, type LiveStatus, type PlayAs } from '../../../../domain/challenges';
import { isStartPositionType } from '../../../../domain/start-positions';
import { Database } from '../database';
import { date, dateOrNull, num, numOrNull, runOn, str, strOrNull, type Row, type SqlValue } from '../sql';

const CHALLENGE_COLUMNS = `id, batch_id, source_user_id, target_user_id, status, cancel_reason, price_per_min_cents, price_cents,
  mins_per_side, increment_secs, play_as, starting_fen, starting_position_type, source_color, game_id, source_url, target_url,
  created_at, accepted_at, ended_at, updated_at`;
const BATCH_COLUMNS = `id, source_user_id, hold_id, hold_cents, status, winner_challenge_id, created_at`;

function oneOf<T extends string>(values: readonly T[], value: string, what: string): T {
  if (!(values as readonly string[]).includes(value)) throw new Error(`Unknown ${what} in challenges row: ${value}`);
  return value as T;
}

/**
 * One user's live challenges (sent or received, pending or accepted, or changed since `endedSince`), newest first:
 * the text of listForUser and of the poll's one statement (TypeOrmPollReads). Two indexed halves (as sender, as
 * target) instead of one OR, so each uses its (user, updated_at) index. Arguments are SQL expressions.
 */
export function challengesOfUserSql(user: string, endedSince: string, limit: string): string {
  const half = (column: string) =>
    `SELECT ${CHALLENGE_COLUMNS} FROM challenges WHERE ${column} = ${user} AND (status IN ('pending', 'accepted') OR updated_at >= ${endedSince})`;
  return `${half('source_user_id')} UNION ${half('target_user_id')} ORDER BY id DESC LIMIT ${limit}`;
}

export function challengeFromRow(row: Row): ChallengeRecord {
  const positionType = strOrNull(row.starting_position_type);
  if (positionType !== null && !isStartPositionType(positionType)) throw new Error(`Unknown start position type ${positionType}`);
  const color = strOrNull(row.source_color);
  return {
    id: num(row.id),
    batchId: str(row.batch_id),
    sourceUserId: num(row.source_user_id),
    targetUserId: num(row.target_user_id),
    status: oneOf(LIVE_STATUSES, str(row.status), 'status'),
    cancelReason: strOrNull(row.cancel_reason) as CancelReason | null,
    pricePerMinCents: num(row.price_per_min_cents),
    priceCents: num(row.price_cents),
    minsPerSide: num(row.mins_per_side),
    incrementSecs: num(row.increment_secs),
    playAs: oneOf<PlayAs>(PLAY_AS, str(row.play_as), 'play_as'),
    startingFen: strOrNull(row.starting_fen),
    startingPositionType: positionType,
    sourceColor: color === null ? null : oneOf<Color>(['white', 'black'], color, 'source_color'),
    gameId: strOrNull(row.game_id),
    sourceUrl: strOrNull(row.source_url),
    targetUrl: strOrNull(row.target_url),
    createdAt: date(row.created_at),
    acceptedAt: dateOrNull(row.accepted_at),
    endedAt: dateOrNull(row.ended_at),
    updatedAt: date(row.updated_at),
  };
}

function batchFromRow(row: Row): ChallengeBatch {
  return {
    id: str(row.id),
    sourceUserId: num(row.source_user_id),
    holdId: str(row.hold_id),
    holdCents: num(row.hold_cents),
    status: oneOf<BatchStatus>(['open', 'won', 'closed'], str(row.status), 'batch status'),
    winnerChallengeId: numOrNull(row.winner_challenge_id),
    createdAt: date(row.created_at),
  };
}

/** Challenges on SQLite and Postgres: every change of state is one conditional UPDATE checked by affected rows. */
@injectable()
export class TypeOrmChallengeRepository implements ChallengeRepository {
  constructor(@inject(Database) private readonly database: Database) {}

  private run(sql: string, params: SqlValue[] = []) {
    return runOn(this.database, sql, params);
  }

  async createBatch(batch: Omit<ChallengeBatch, 'status' | 'winnerChallengeId'>, challenges: NewChallenge[]): Promise<ChallengeRecord[]> {
    return this.database.transaction(async () => {
      await this.run(
        `INSERT INTO challenge_batches (id, source_user_id, hold_id, hold_cents, status, winner_challenge_id, created_at)
         VALUES ($1, $2, $3, $4, 'open', NULL, $5)`,
        [batch.id, batch.sourceUserId, batch.holdId, batch.holdCents, batch.createdAt],
      );
      const saved: ChallengeRecord[] = [];
      for (const c of challenges) {
        const { rows } = await this.run(
          `INSERT INTO challenges (batch_id, source_user_id, target_user_id, status, price_per_min_cents, price_cents, mins_per_side,
             increment_secs, play_as, starting_fen, starting_position_type, created_at, updated_at)
           VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $9, $10, $11, $11)
           RETURNING ${CHALLENGE_COLUMNS}`,
          [
            batch.id,
            c.sourceUserId,
            c.targetUserId,
            c.pricePerMinCents,
            c.priceCents,
            c.minsPerSide,
            c.incrementSecs,
            c.playAs,
            c.startingFen,
            c.startingPositionType,
            batch.createdAt,
          ],
        );
        saved.push(challengeFromRow(rows[0]!));
      }
      return saved;
    });
  }

  async findById(id: number): Promise<ChallengeRecord | null> {
    const { rows } = await this.run(`SELECT ${CHALLENGE_COLUMNS} FROM challenges WHERE id = $1`, [id]);
    return rows[0] ? challengeFromRow(rows[0]) : null;
  }

  async findBatch(id: string): Promise<ChallengeBatch | null> {
    const { rows } = await this.run(`SELECT ${BATCH_COLUMNS} FROM challenge_batches WHERE id = $1`, [id]);
    return rows[0] ? batchFromRow(rows[0]) : null;
  }

  async lockBatch(id: string): Promise<void> {
    if (this.database.dialect === 'postgres') await this.run(`SELECT id FROM challenge_batches WHERE id = $1 FOR UPDATE`, [id]);
  }

  async findOpenBatchOf(sourceUserId: number): Promise<ChallengeBatch | null> {
    const { rows } = await this.run(`SELECT ${BATCH_COLUMNS} FROM challenge_batches WHERE source_user_id = $1 AND status = 'open'`, [sourceUserId]);
    return rows[0] ? batchFromRow(rows[0]) : null;
  }

  async winBatch(id: string, challengeId: number): Promise<boolean> {
    const { affected } = await this.run(`UPDATE challenge_batches SET status = 'won', winner_challenge_id = $2 WHERE id = $1 AND status = 'open'`, [
      id,
      challengeId,
    ]);
    return affected === 1;
  }

  async closeBatch(id: string): Promise<boolean> {
    const { affected } = await this.run(`UPDATE challenge_batches SET status = 'closed' WHERE id = $1 AND status = 'open'`, [id]);
    return affected === 1;
  }

  async changeStatus(id: number, from: LiveStatus, to: LiveStatus, at: Date, cancelReason?: CancelReason): Promise<boolean> {
    const acceptedAt = to === 'accepted' ? 'accepted_at = $4,' : '';
    const endedAt = to !== 'accepted' && to !== 'pending' ? 'ended_at = $4,' : '';
    const { affected } = await this.run(
      `UPDATE challenges SET status = $3, ${acceptedAt} ${endedAt} cancel_reason = $5, updated_at = $4 WHERE id = $1 AND status = $2`,
      [id, from, to, at, cancelReason ?? null],
    );
    return affected === 1;
  }

  async endPendingInBatch(batchId: string, to: 'canceled' | 'expired', at: Date, cancelReason: CancelReason | null, exceptId?: number): Promise<number> {
    const { affected } = await this.run(
      `UPDATE challenges SET status = $2, cancel_reason = $3, ended_at = $4, updated_at = $4
       WHERE batch_id = $1 AND status = 'pending' AND id <> $5`,
      [batchId, to, cancelReason, at, exceptId ?? 0],
    );
    return affected;
  }

  async countPendingInBatch(batchId: string): Promise<number> {
    const { rows } = await this.run(`SELECT COUNT(*) AS n FROM challenges WHERE batch_id = $1 AND status = 'pending'`, [batchId]);
    return num(rows[0]?.n ?? 0);
  }

  async setGame(id: number, game: { gameId: string; sourceColor: Color; sourceUrl: string; targetUrl: string }, at: Date): Promise<boolean> {
    const { affected } = await this.run(
      `UPDATE challenges SET game_id = $2, source_color = $3, source_url = $4, target_url = $5, updated_at = $6
       WHERE id = $1 AND status = 'accepted'`,
      [id, game.gameId, game.sourceColor, game.sourceUrl, game.targetUrl, at],
    );
    return affected === 1;
  }

  async listForUser(userId: number, endedSince: Date, limit: number): Promise<ChallengeRecord[]> {
    const { rows } = await this.run(challengesOfUserSql('$1', '$2', '$3'), [userId, endedSince, limit]);
    return rows.map(challengeFromRow);
  }

  async listBatch(batchId: string): Promise<ChallengeRecord[]> {
    const { rows } = await this.run(`SELECT ${CHALLENGE_COLUMNS} FROM challenges WHERE batch_id = $1 ORDER BY id`, [batchId]);
    return rows.map(challengeFromRow);
  }

  async findExpiredOpenBatches(createdBefore: Date, limit: number): Promise<ChallengeBatch[]> {
    const { rows } = await this.run(
      `SELECT ${BATCH_COLUMNS} FROM challenge_batches WHERE status = 'open' AND created_at <= $1 ORDER BY created_at LIMIT $2`,
      [createdBefore, limit],
    );
    return rows.map(batchFromRow);
  }

  async findAccepted(limit: number): Promise<ChallengeRecord[]> {
    const { rows } = await this.run(`SELECT ${CHALLENGE_COLUMNS} FROM challenges WHERE status = 'accepted' ORDER BY accepted_at, id LIMIT $1`, [limit]);
    return rows.map(challengeFromRow);
  }

  async findPendingForTargets(targetIds: number[], sentBefore: Date, limit: number): Promise<ChallengeRecord[]> {
    if (targetIds.length === 0) return [];
    const placeholders = targetIds.map((_, i) => `$${i + 3}`).join(', ');
    const { rows } = await this.run(
      `SELECT ${CHALLENGE_COLUMNS} FROM challenges
       WHERE status = 'pending' AND created_at <= $1 AND target_user_id IN (${placeholders})
       ORDER BY created_at, id LIMIT $2`,
      [sentBefore, limit, ...targetIds],
    );
    return rows.map(challengeFromRow);
  }

  async search(filter: { status?: LiveStatus; userId?: number; limit: number; beforeId?: number }): Promise<ChallengeRecord[]> {
    const where: string[] = [];
    const params: SqlValue[] = [];
    const add = (clause: (n: number) => string, value: SqlValue) => {
      params.push(value);
      where.push(clause(params.length));
    };
    if (filter.status) add((n) => `status = $${n}`, filter.status);
    if (filter.userId !== undefined) add((n) => `(source_user_id = $${n} OR target_user_id = $${n})`, filter.userId);
    if (filter.beforeId !== undefined) add((n) => `id < $${n}`, filter.beforeId);
    params.push(filter.limit);
    const { rows } = await this.run(
      `SELECT ${CHALLENGE_COLUMNS} FROM challenges ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map(challengeFromRow);
  }
}
