import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/errors';
import type { User } from '../../domain/user';
import { AuthTokenRepository, type AuthTokenRecord } from '../ports/users';
import { Clock, IdGenerator } from '../ports/system';
import { AppSettings } from '../ports/settings';
import { hashToken } from './token-hash';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sliding expiry is pushed forward at most once an hour, so a poll every second does not write every second. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

export interface AuthenticatedSession {
  user: User;
  tokenHash: string;
}

/** Issues, checks, renews and revokes opaque session tokens (stored hashed, with expiry). */
@injectable()
export class SessionService {
  constructor(
    @inject(AuthTokenRepository) private readonly tokens: AuthTokenRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(AppSettings) private readonly settings: AppSettings,
  ) {}

  /** Creates a new session for the user and returns the plain token (shown once, to the client). */
  async issue(userId: number): Promise<string> {
    const token = this.ids.token();
    const now = this.clock.now();
    await this.tokens.create({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt: this.expiryFrom(now) });
    return token;
  }

  /** Resolves a token to its user; unknown, expired or revoked tokens are ERR_TOKEN_EXPIRED. */
  async authenticate(token: string): Promise<AuthenticatedSession> {
    const tokenHash = hashToken(token);
    return this.admit(tokenHash, await this.tokens.findSession(tokenHash));
  }

  /**
   * The same check for a session the caller already read by `tokenHash` (the poll reads it with the viewer's lists
   * in one go): unknown, expired or revoked is ERR_TOKEN_EXPIRED; a live one has its sliding expiry renewed.
   */
  async admit(tokenHash: string, session: { record: AuthTokenRecord; user: User } | null): Promise<AuthenticatedSession> {
    const now = this.clock.now();
    if (!session || session.record.revokedAt || session.record.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('token_expired', 'Your session has expired, please log in again');
    }
    const { record, user } = session;
    const renewed = this.expiryFrom(now);
    if (renewed.getTime() - record.expiresAt.getTime() >= RENEW_AFTER_MS) await this.tokens.renew(tokenHash, renewed);
    return { user, tokenHash };
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.tokens.revoke(tokenHash, this.clock.now());
  }

  async revokeAllForUser(userId: number, exceptTokenHash?: string): Promise<void> {
    await this.tokens.revokeAllForUser(userId, this.clock.now(), exceptTokenHash);
  }

  private expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.settings.tokenTtlDays * DAY_MS);
  }
}
