import { inject, injectable } from 'inversify';
import type { OAuthAttempt, OAuthAttemptRepository } from '../../../../application/ports/records';
import { Database } from '../database';
import { date, runOn, str, strOrNull } from '../sql';

@injectable()
export class TypeOrmOAuthAttemptRepository implements OAuthAttemptRepository {
  constructor(@inject(Database) private readonly database: Database) {}

  async create(attempt: OAuthAttempt): Promise<void> {
    await runOn(
      this.database,
      `INSERT INTO oauth_attempts (state, code_verifier, nonce, timezone, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [attempt.state, attempt.codeVerifier, attempt.nonce, attempt.timezone, attempt.createdAt, attempt.expiresAt],
    );
  }

  /** One conditional DELETE ... RETURNING: a state is handed out at most once, and never after it expired. */
  async consume(state: string, now: Date): Promise<OAuthAttempt | null> {
    const { rows } = await runOn(this.database, `DELETE FROM oauth_attempts WHERE state = $1 AND expires_at > $2 RETURNING *`, [
      state,
      now,
    ]);
    const row = rows[0];
    if (!row) return null;
    return {
      state: str(row.state),
      codeVerifier: str(row.code_verifier),
      nonce: str(row.nonce),
      timezone: strOrNull(row.timezone),
      createdAt: date(row.created_at),
      expiresAt: date(row.expires_at),
    };
  }

  async purgeExpired(now: Date): Promise<number> {
    return (await runOn(this.database, `DELETE FROM oauth_attempts WHERE expires_at <= $1`, [now])).affected;
  }
}
