import { injectable } from 'inversify';
import type { OAuthAttempt, OAuthAttemptRepository } from '../../../application/ports/records';

@injectable()
export class InMemoryOAuthAttemptRepository implements OAuthAttemptRepository {
  private readonly attempts = new Map<string, OAuthAttempt>();

  async create(attempt: OAuthAttempt): Promise<void> {
    if (this.attempts.has(attempt.state)) throw new Error('Duplicate OAuth state');
    this.attempts.set(attempt.state, { ...attempt });
  }

  async consume(state: string, now: Date): Promise<OAuthAttempt | null> {
    const attempt = this.attempts.get(state);
    if (!attempt || attempt.expiresAt.getTime() <= now.getTime()) return null;
    this.attempts.delete(state);
    return { ...attempt };
  }

  async purgeExpired(now: Date): Promise<number> {
    let purged = 0;
    for (const [state, attempt] of this.attempts) {
      if (attempt.expiresAt.getTime() <= now.getTime()) {
        this.attempts.delete(state);
        purged += 1;
      }
    }
    return purged;
  }
}
