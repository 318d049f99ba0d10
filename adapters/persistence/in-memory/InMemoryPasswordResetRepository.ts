import { injectable } from 'inversify';
import type { PasswordResetRepository } from '../../../application/ports/users';

interface StoredReset {
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
}

@injectable()
export class InMemoryPasswordResetRepository implements PasswordResetRepository {
  private readonly resets = new Map<string, StoredReset>();

  async create(record: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void> {
    if (this.resets.has(record.tokenHash)) throw new Error('Duplicate reset token hash');
    this.resets.set(record.tokenHash, { userId: record.userId, expiresAt: new Date(record.expiresAt), usedAt: null });
  }

  /** Check and mark happen with no await in between: exactly one concurrent consumer wins. */
  async consume(tokenHash: string, now: Date): Promise<number | null> {
    const reset = this.resets.get(tokenHash);
    if (!reset || reset.usedAt !== null || reset.expiresAt.getTime() <= now.getTime()) return null;
    reset.usedAt = new Date(now);
    return reset.userId;
  }

  async spendAllForUser(userId: number, now: Date): Promise<void> {
    for (const reset of this.resets.values()) if (reset.userId === userId && reset.usedAt === null) reset.usedAt = new Date(now);
  }

  async purgeEnded(before: Date): Promise<number> {
    let purged = 0;
    for (const [hash, reset] of this.resets) {
      if (reset.expiresAt.getTime() <= before.getTime() || (reset.usedAt !== null && reset.usedAt.getTime() <= before.getTime())) {
        this.resets.delete(hash);
        purged += 1;
      }
    }
    return purged;
  }
}
