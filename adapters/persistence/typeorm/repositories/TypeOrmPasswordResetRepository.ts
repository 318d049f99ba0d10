import { inject, injectable } from 'inversify';
import type { PasswordResetRepository } from '../../../../application/ports/users';
import { Database } from '../database';
import { num, runOn } from '../sql';

@injectable()
export class TypeOrmPasswordResetRepository implements PasswordResetRepository {
  constructor(@inject(Database) private readonly database: Database) {}

  async create(record: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void> {
    await runOn(this.database, `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`, [
      record.tokenHash,
      record.userId,
      record.createdAt,
      record.expiresAt,
    ]);
  }

  /** One conditional UPDATE: of two concurrent consumers only one sees used_at IS NULL and gets a row back. */
  async consume(tokenHash: string, now: Date): Promise<number | null> {
    const { rows } = await runOn(
      this.database,
      `UPDATE password_resets SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING user_id`,
      [tokenHash, now],
    );
    return rows[0] ? num(rows[0].user_id) : null;
  }

  async spendAllForUser(userId: number, now: Date): Promise<void> {
    await runOn(this.database, `UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [userId, now]);
  }

  async purgeEnded(before: Date): Promise<number> {
    return (await runOn(this.database, `DELETE FROM password_resets WHERE expires_at <= $1 OR used_at <= $1`, [before])).affected;
  }
}
