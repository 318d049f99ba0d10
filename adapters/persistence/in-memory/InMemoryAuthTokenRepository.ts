import { inject, injectable } from 'inversify';
import { UserRepository, type AuthTokenRecord, type AuthTokenRepository } from '../../../application/ports/users';
import type { User } from '../../../domain/user';

@injectable()
export class InMemoryAuthTokenRepository implements AuthTokenRepository {
  private readonly tokens = new Map<string, AuthTokenRecord>();

  /** The users the tokens belong to, for findSession (a database would join them). */
  constructor(@inject(UserRepository) private readonly users: UserRepository) {}

  async create(record: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void> {
    if (this.tokens.has(record.tokenHash)) throw new Error(`Duplicate token hash`);
    this.tokens.set(record.tokenHash, {
      tokenHash: record.tokenHash,
      userId: record.userId,
      expiresAt: new Date(record.expiresAt),
      revokedAt: null,
    });
  }

  async find(tokenHash: string): Promise<AuthTokenRecord | null> {
    const record = this.tokens.get(tokenHash);
    return record ? { ...record, expiresAt: new Date(record.expiresAt), revokedAt: record.revokedAt ? new Date(record.revokedAt) : null } : null;
  }

  async renew(tokenHash: string, expiresAt: Date): Promise<void> {
    const record = this.tokens.get(tokenHash);
    if (record && record.revokedAt === null) record.expiresAt = new Date(expiresAt);
  }

  async revoke(tokenHash: string, at: Date): Promise<void> {
    const record = this.tokens.get(tokenHash);
    if (record && record.revokedAt === null) record.revokedAt = new Date(at);
  }

  async revokeAllForUser(userId: number, at: Date, exceptTokenHash?: string): Promise<void> {
    for (const record of this.tokens.values()) {
      if (record.userId === userId && record.revokedAt === null && record.tokenHash !== exceptTokenHash) {
        record.revokedAt = new Date(at);
      }
    }
  }

  async purgeEnded(before: Date): Promise<number> {
    let purged = 0;
    for (const [hash, record] of this.tokens) {
      if (record.expiresAt.getTime() <= before.getTime() || (record.revokedAt !== null && record.revokedAt.getTime() <= before.getTime())) {
        this.tokens.delete(hash);
        purged += 1;
      }
    }
    return purged;
  }

  async usersSignedIn(userIds: number[], now: Date): Promise<number[]> {
    const wanted = new Set(userIds);
    const live = new Set<number>();
    for (const record of this.tokens.values()) {
      if (wanted.has(record.userId) && record.revokedAt === null && record.expiresAt.getTime() > now.getTime()) live.add(record.userId);
    }
    return [...live].sort((x, y) => x - y);
  }

  async findSession(tokenHash: string): Promise<{ record: AuthTokenRecord; user: User } | null> {
    const record = await this.find(tokenHash);
    const user = record ? await this.users.findById(record.userId) : null;
    return record && user ? { record, user } : null;
  }
}
