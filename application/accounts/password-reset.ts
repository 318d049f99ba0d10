import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/errors';
import { emailIssues, passwordIssues } from '../../domain/accounts';
import { normalizeEmail } from '../../domain/user';
import { PasswordResetRepository, UserRepository } from '../ports/users';
import { Clock, IdGenerator, PasswordHasher, UnitOfWork } from '../ports/system';
import { Mailer } from '../ports/services';
import { AppSettings } from '../ports/settings';
import { hashToken } from './token-hash';
import { SessionService } from './sessions';
import type { SignedIn } from './accounts';

/** Reset links: single-use, hashed at rest, valid for RESET_TOKEN_TTL_MINUTES. */
@injectable()
export class PasswordResetService {
  constructor(
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(PasswordResetRepository) private readonly resets: PasswordResetRepository,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(SessionService) private readonly sessions: SessionService,
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(AppSettings) private readonly settings: AppSettings,
  ) {}

  /** E-mails a reset link. The spec answers an unknown address with ERR_NO_USER ('No such email exists.'). */
  async requestReset(input: { email: string }): Promise<void> {
    const issues = emailIssues(input.email);
    if (issues.length > 0) throw AppError.validation(issues);
    const user = await this.users.findByEmail(normalizeEmail(input.email));
    if (!user) throw new AppError('no_user', 'No such email exists.');
    const token = this.ids.token();
    const now = this.clock.now();
    const ttlMs = this.settings.resetTokenTtlMinutes * 60 * 1000;
    await this.resets.create({ tokenHash: hashToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
    const link = `${this.settings.publicUrl}/set_password?token=${encodeURIComponent(token)}`;
    await this.mailer.send({
      to: user.email,
      subject: 'Reset your password',
      text:
        `Someone asked to reset the password of your account.\n\n` +
        `Set a new password here (the link works once, for ${this.settings.resetTokenTtlMinutes} minutes):\n${link}\n\n` +
        `If it was not you, ignore this e-mail: your password stays as it is.`,
      html:
        `<p>Someone asked to reset the password of your account.</p>` +
        `<p><a href="${link}">Set a new password</a> (the link works once, for ${this.settings.resetTokenTtlMinutes} minutes).</p>` +
        `<p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
    });
  }

  /**
   * Sets the new password with a reset token and signs the user in. The password is checked before the
   * token is spent, so a too-short password does not burn the link. Every other session is revoked.
   */
  async setPassword(input: { token: string; password: string }): Promise<SignedIn> {
    const issues = passwordIssues(input.password);
    if (issues.length > 0) throw AppError.validation(issues);
    if (!input.token) throw new AppError('invalid_token', 'This reset link is invalid or has expired.');
    const passwordHash = await this.hasher.hash(input.password);
    return this.unitOfWork.run(async () => {
      const userId = await this.resets.consume(hashToken(input.token), this.clock.now());
      if (userId === null) throw new AppError('invalid_token', 'This reset link is invalid or has expired.');
      // Every other link sent to this user is spent with it: an older e-mail must not reset the new password.
      await this.resets.spendAllForUser(userId, this.clock.now());
      await this.users.setPasswordHash(userId, passwordHash);
      await this.sessions.revokeAllForUser(userId);
      const user = await this.users.findById(userId);
      if (!user) throw new AppError('invalid_token', 'This reset link is invalid or has expired.');
      const token = await this.sessions.issue(userId);
      return { user, token };
    });
  }
}
