import { inject, injectable } from 'inversify';
import { OAuthAttemptRepository } from '../ports/records';
import { Clock } from '../ports/system';
import { AuthTokenRepository, PasswordResetRepository } from '../ports/users';

/** Ended sessions and reset links are kept this long after they ended (for support questions), then deleted. */
export const ENDED_RECORDS_GRACE_MS = 24 * 3_600_000;

/**
 * Deletes what nobody can use any more, so anonymous traffic cannot grow the database without bound: sign-in
 * attempts past their expiry (every GET /api/oauth/google writes one), and sessions and reset links that expired,
 * were revoked or were used more than a day ago. Idempotent; run hourly on every process.
 */
@injectable()
export class PurgeService {
  constructor(
    @inject(OAuthAttemptRepository) private readonly attempts: OAuthAttemptRepository,
    @inject(AuthTokenRepository) private readonly tokens: AuthTokenRepository,
    @inject(PasswordResetRepository) private readonly resets: PasswordResetRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async purge(): Promise<{ oauthAttempts: number; sessions: number; resetLinks: number }> {
    const now = this.clock.now();
    const before = new Date(now.getTime() - ENDED_RECORDS_GRACE_MS);
    return {
      oauthAttempts: await this.attempts.purgeExpired(now),
      sessions: await this.tokens.purgeEnded(before),
      resetLinks: await this.resets.purgeEnded(before),
    };
  }
}
