import { inject, injectable } from 'inversify';
import type { AuditLogRepository, AuditRecord } from '../../../../application/ports/records';
import { Database } from '../database';
import { date, num, numOrNull, runOn, str } from '../sql';
import { clampLimit } from '../../repository-rules';

@injectable()
export class TypeOrmAuditLogRepository implements AuditLogRepository {
  constructor(@inject(Database) private readonly database: Database) {}

  async add(record: AuditRecord): Promise<void> {
    await runOn(this.database, `INSERT INTO audit_log (actor_user_id, action, target_user_id, details, at) VALUES ($1, $2, $3, $4, $5)`, [
      record.actorUserId,
      record.action,
      record.targetUserId,
      record.details,
      record.at,
    ]);
  }

  async list(limit: number): Promise<(AuditRecord & { id: number })[]> {
    const { rows } = await runOn(this.database, `SELECT * FROM audit_log ORDER BY at DESC, id DESC LIMIT $1`, [clampLimit(limit)]);
    return rows.map((row) => ({
      id: num(row.id),
      actorUserId: numOrNull(row.actor_user_id),
      action: str(row.action),
      targetUserId: numOrNull(row.target_user_id),
      details: str(row.details),
      at: date(row.at),
    }));
  }
}
