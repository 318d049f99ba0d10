import { inject, injectable } from 'inversify';
import type { ClientLogEntry, ClientLogRepository, LogLevel } from '../../../../application/ports/records';
import { Database } from '../database';
import { date, numOrNull, runOn, str, type SqlValue } from '../sql';
import { clampLimit } from '../../repository-rules';

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];
const COLUMNS = 8;
/** Rows per INSERT: well under SQLite's and Postgres's bound-parameter limits. */
const CHUNK = 200;

@injectable()
export class TypeOrmClientLogRepository implements ClientLogRepository {
  constructor(@inject(Database) private readonly database: Database) {}

  /** ON CONFLICT (uuid) DO NOTHING makes repeated flushes harmless; returns how many rows were new. */
  async addMany(entries: ClientLogEntry[]): Promise<number> {
    if (entries.length === 0) return 0;
    return this.database.transaction(async () => {
      let stored = 0;
      for (let start = 0; start < entries.length; start += CHUNK) {
        const chunk = entries.slice(start, start + CHUNK);
        const params: SqlValue[] = [];
        const tuples = chunk.map((e, i) => {
          params.push(e.uuid, e.level, e.message, e.context, e.timestamp, e.userId, e.appLoadUuid, e.receivedAt);
          const base = i * COLUMNS;
          return `(${Array.from({ length: COLUMNS }, (_, k) => `$${base + k + 1}`).join(', ')})`;
        });
        const { rows } = await runOn(
          this.database,
          `INSERT INTO client_logs (uuid, level, message, context, client_time, user_id, app_load_uuid, received_at)
           VALUES ${tuples.join(', ')}
           ON CONFLICT (uuid) DO NOTHING
           RETURNING id`,
          params,
        );
        stored += rows.length;
      }
      return stored;
    });
  }

  async list(limit: number): Promise<ClientLogEntry[]> {
    const { rows } = await runOn(this.database, `SELECT * FROM client_logs ORDER BY received_at DESC, id DESC LIMIT $1`, [
      clampLimit(limit),
    ]);
    return rows.map((row) => {
      const level = str(row.level);
      if (!(LEVELS as readonly string[]).includes(level)) throw new Error(`Unknown log level in client_logs: ${level}`);
      return {
        uuid: str(row.uuid),
        level: level as LogLevel,
        message: str(row.message),
        context: str(row.context),
        timestamp: date(row.client_time),
        userId: numOrNull(row.user_id),
        appLoadUuid: str(row.app_load_uuid),
        receivedAt: date(row.received_at),
      };
    });
  }

  async deleteOlderThan(cutoff: Date): Promise<number> {
    const { affected } = await runOn(this.database, `DELETE FROM client_logs WHERE received_at < $1`, [cutoff]);
    return affected;
  }
}
