import { inject, injectable } from 'inversify';
import type { NewSession, SessionRecord, SessionRepository } from '../../../../application/ports/sessions';
import { SESSION_STATUSES, type SessionStatus } from '../../../../domain/scheduled-sessions';
import { Database } from '../database';
import { bool, date, dateOrNull, num, runOn, str, strOrNull, type Row, type SqlValue } from '../sql';

const COLUMNS = `id, source_user_id, target_user_id, status, price_per_min_cents, price_cents, analysis_requested, mins_per_side,
  timezone, available_times, details, lichess_profile, hold_id, scheduled_at, video_call_url, invite_sequence, problem_report,
  created_at, updated_at`;

/** One user's sessions (requested or received), newest first: listForUser's text and the poll's (TypeOrmPollReads). */
export function sessionsOfUserSql(user: string, limit: string): string {
  const half = (column: string) => `SELECT ${COLUMNS} FROM scheduled_sessions WHERE ${column} = ${user}`;
  return `${half('source_user_id')} UNION ${half('target_user_id')} ORDER BY id DESC LIMIT ${limit}`;
}

export function sessionFromRow(row: Row): SessionRecord {
  const status = str(row.status);
  if (!(SESSION_STATUSES as readonly string[]).includes(status)) throw new Error(`Unknown session status ${status}`);
  return {
    id: num(row.id),
    sourceUserId: num(row.source_user_id),
    targetUserId: num(row.target_user_id),
    status: status as SessionStatus,
    pricePerMinCents: num(row.price_per_min_cents),
    priceCents: num(row.price_cents),
    analysisRequested: bool(row.analysis_requested),
    minsPerSide: num(row.mins_per_side),
    timezone: str(row.timezone),
    availableTimes: str(row.available_times),
    details: str(row.details),
    lichessProfile: str(row.lichess_profile),
    holdId: str(row.hold_id),
    scheduledAt: dateOrNull(row.scheduled_at),
    videoCallUrl: strOrNull(row.video_call_url),
    inviteSequence: num(row.invite_sequence),
    problemReport: strOrNull(row.problem_report),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

/** Scheduled sessions on SQLite and Postgres; every change of status is one conditional UPDATE. */
@injectable()
export class TypeOrmSessionRepository implements SessionRepository {
  constructor(@inject(Database) private readonly database: Database) {}

  private run(sql: string, params: SqlValue[] = []) {
    return runOn(this.database, sql, params);
  }

  async create(s: NewSession, at: Date): Promise<SessionRecord> {
    const { rows } = await this.run(
      `INSERT INTO scheduled_sessions (source_user_id, target_user_id, status, price_per_min_cents, price_cents, analysis_requested,
         mins_per_side, timezone, available_times, details, lichess_profile, hold_id, invite_sequence, created_at, updated_at)
       VALUES ($1, $2, 'pending_schedule', $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $12, $12)
       RETURNING ${COLUMNS}`,
      [s.sourceUserId, s.targetUserId, s.pricePerMinCents, s.priceCents, s.analysisRequested, s.minsPerSide, s.timezone, s.availableTimes, s.details, s.lichessProfile, s.holdId, at],
    );
    return sessionFromRow(rows[0]!);
  }

  async findById(id: number): Promise<SessionRecord | null> {
    const { rows } = await this.run(`SELECT ${COLUMNS} FROM scheduled_sessions WHERE id = $1`, [id]);
    return rows[0] ? sessionFromRow(rows[0]) : null;
  }

  async changeStatus(
    id: number,
    from: readonly SessionStatus[],
    to: SessionStatus,
    at: Date,
    fields: { scheduledAt?: Date; videoCallUrl?: string | null; problemReport?: string; bumpInvite?: boolean } = {},
  ): Promise<boolean> {
    const params: SqlValue[] = [id, to, at];
    const sets = ['status = $2', 'updated_at = $3'];
    const set = (column: string, value: SqlValue) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (fields.scheduledAt !== undefined) set('scheduled_at', fields.scheduledAt);
    if (fields.videoCallUrl !== undefined) set('video_call_url', fields.videoCallUrl);
    if (fields.problemReport !== undefined) set('problem_report', fields.problemReport);
    if (fields.bumpInvite) sets.push('invite_sequence = invite_sequence + 1');
    const placeholders = from.map((status) => {
      params.push(status);
      return `$${params.length}`;
    });
    const { affected } = await this.run(`UPDATE scheduled_sessions SET ${sets.join(', ')} WHERE id = $1 AND status IN (${placeholders.join(', ')})`, params);
    return affected === 1;
  }

  async listForUser(userId: number, limit: number): Promise<SessionRecord[]> {
    const { rows } = await this.run(sessionsOfUserSql('$1', '$2'), [userId, limit]);
    return rows.map(sessionFromRow);
  }

  async findStaleRequests(createdBefore: Date, limit: number): Promise<SessionRecord[]> {
    const { rows } = await this.run(
      `SELECT ${COLUMNS} FROM scheduled_sessions WHERE status = 'pending_schedule' AND created_at <= $1 ORDER BY created_at, id LIMIT $2`,
      [createdBefore, limit],
    );
    return rows.map(sessionFromRow);
  }

  async findDueForPayout(startedBefore: Date, limit: number): Promise<SessionRecord[]> {
    const { rows } = await this.run(
      `SELECT ${COLUMNS} FROM scheduled_sessions WHERE status = 'scheduled' AND scheduled_at <= $1 ORDER BY scheduled_at, id LIMIT $2`,
      [startedBefore, limit],
    );
    return rows.map(sessionFromRow);
  }

  async search(filter: { status?: SessionStatus; userId?: number; limit: number; beforeId?: number }): Promise<SessionRecord[]> {
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
      `SELECT ${COLUMNS} FROM scheduled_sessions ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map(sessionFromRow);
  }
}
