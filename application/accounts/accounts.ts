import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/errors';
import { emailIssues, isValidTimezone, passwordIssues } from '../../domain/accounts';
import { normalizeEmail, usernameFromEmail, type User } from '../../domain/user';
import { UserRepository } from '../ports/users';
import { PasswordHasher, UnitOfWork } from '../ports/system';
import { SessionService } from './sessions';

export interface SignedIn {
  user: User;
  token: string;
}

// A real argon2id hash of a random password: verifying against it when the e-mail is unknown keeps the
// response time of a wrong e-mail close to that of a wrong password.
const TIMING_DECOY_PASSWORD = 'timing-decoy-password-that-never-matches';

/** Sign-up, log-in and log-out with e-mail and password. */
@injectable()
export class AccountService {
  private decoyHash: Promise<string> | null = null;

  constructor(
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(SessionService) private readonly sessions: SessionService,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  async signUp(input: { email: string; password: string; timezone?: string | null }): Promise<SignedIn> {
    const issues = [...emailIssues(input.email), ...passwordIssues(input.password)];
    if (issues.length > 0) throw AppError.validation(issues);
    const email = normalizeEmail(input.email);
    // Hash before the unit of work: hashing is slow and must not hold the database.
    const passwordHash = await this.hasher.hash(input.password);
    const timezone = input.timezone && isValidTimezone(input.timezone) ? input.timezone : null;
    return this.unitOfWork.run(async () => {
      const user = await this.users.create({ email, username: usernameFromEmail(email), passwordHash, timezone });
      const token = await this.sessions.issue(user.id);
      return { user, token };
    });
  }

  async logIn(input: { email: string; password: string }): Promise<SignedIn> {
    const issues = [...emailIssues(input.email), ...(input.password === '' ? passwordIssues('') : [])];
    if (issues.length > 0) throw AppError.validation(issues);
    const credentials = await this.users.findCredentialsByEmail(normalizeEmail(input.email));
    if (!credentials || !credentials.passwordHash) {
      await this.hasher.verify(await this.decoy(), input.password);
      throw new AppError('user_pass', 'Password or email are wrong.');
    }
    const valid = await this.hasher.verify(credentials.passwordHash, input.password);
    if (!valid) throw new AppError('user_pass', 'Password or email are wrong.');
    const token = await this.sessions.issue(credentials.user.id);
    return { user: credentials.user, token };
  }

  async logOut(tokenHash: string): Promise<void> {
    await this.sessions.revoke(tokenHash);
  }

  private decoy(): Promise<string> {
    this.decoyHash ??= this.hasher.hash(TIMING_DECOY_PASSWORD);
    return this.decoyHash;
  }
}
