import { inject, injectable } from 'inversify';
import type { AuthTokenRecord, AuthTokenRepository } from '../../../../application/ports/users';
import { Database } from '../database';
import { date, dateOrNull, num, runOn, str, type Row } from '../sql';
import type { User } from '../../../../domain/user';
import { USER_COLUMNS } from './TypeOrmUserRepository';
import { userFromRow } from './rows';

/** The users columns qualified with the `u.` alias, for the session join. */
const SESSION_USER_COLUMNS = USER_COLUMNS.split(',').map((c) => `u.${c.trim()}`).join(', ');

/** The columns of a session with its user (`t` the token, `u` the user): findSession's and the poll's (TypeOrmPollReads). */
export const SESSION_COLUMNS = `t.token_hash, t.expires_at AS token_expires_at, t.revoked_at AS token_revoked_at, ${SESSION_USER_COLUMNS}`;

export function sessionUserFromRow(row: Row): { record: AuthTokenRecord; user: User } {
  const user = userFromRow(row);
  return {
    record: { tokenHash: str(row.token_hash), userId: user.id, expiresAt: date(row.token_expires_at), revokedAt: dateOrNull(row.token_revoked_at) },
    user,
  };
}

@injectable()
export class TypeOrmAuthTokenRepository implements AuthTokenRepository {
  constructor(@inject(Database) private readonly database: Database) {}

  async create(record: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void> {
    await runOn(this.database, `INSERT INTO auth_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`, [
      record.tokenHash,
      record.userId,
      record.createdAt,
      record.expiresAt,
    ]);
  }

  async find(tokenHash: string): Promise<AuthTokenRecord | null> {
    const { rows } = await runOn(this.database, `SELECT * FROM auth_tokens WHERE token_hash = $1`, [tokenHash]);
    const row = rows[0];
    if (!row) return null;
    return {
      tokenHash: str(row.token_hash),
      userId: num(row.user_id),
      expiresAt: date(row.expires_at),
      revokedAt: dateOrNull(row.revoked_at),
    };
  }

  async renew(tokenHash: string, expiresAt: Date): Promise<void> {
    // A revoked token stays dead: renewing it must not look like a live session.
    await runOn(this.database, `UPDATE auth_tokens SET expires_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL`, [
      tokenHash,
      expiresAt,
    ]);
  }

  async revoke(tokenHash: string, at: Date): Promise<void> {
    await runOn(this.database, `UPDATE auth_tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL`, [tokenHash, at]);
  }

  async revokeAllForUser(userId: number, at: Date, exceptTokenHash?: string): Promise<void> {
    if (exceptTokenHash === undefined) {
      await runOn(this.database, `UPDATE auth_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [userId, at]);
      return;
    }
    await runOn(
      this.database,
      `UPDATE auth_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND token_hash <> $3`,
      [userId, at, exceptTokenHash],
    );
  }

  async purgeEnded(before: Date): Promise<number> {
    return (await runOn(this.database, `DELETE FROM auth_tokens WHERE expires_at <= $1 OR revoked_at <= $1`, [before])).affected;
  }

  async usersSignedIn(userIds: number[], now: Date): Promise<number[]> {
    if (userIds.length === 0) return [];
    const placeholders = userIds.map((_, i) => `$${i + 2}`).join(', ');
    const { rows } = await runOn(
      this.database,
      `SELECT DISTINCT user_id FROM auth_tokens WHERE revoked_at IS NULL AND expires_at > $1 AND user_id IN (${placeholders}) ORDER BY user_id`,
      [now, ...userIds],
    );
    return rows.map((row) => Number(row.user_id));
  }

  async findSession(tokenHash: string): Promise<{ record: AuthTokenRecord; user: User } | null> {
    const { rows } = await runOn(this.database, `SELECT ${SESSION_COLUMNS} FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`, [tokenHash]);
    return rows[0] ? sessionUserFromRow(rows[0]) : null;
  }
}
