import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/errors';
import { isValidTimezone } from '../../domain/accounts';
import { normalizeEmail, usernameFromEmail } from '../../domain/user';
import { UserRepository } from '../ports/users';
import { OAuthAttemptRepository } from '../ports/records';
import { IdentityProvider } from '../ports/services';
import { Clock, UnitOfWork } from '../ports/system';
import { SessionService } from './sessions';
import type { SignedIn } from './accounts';

/** How long the user has to finish signing in at the identity provider. */
const ATTEMPT_TTL_MS = 10 * 60 * 1000;

/** Sign-in with Google (or the development stand-in): authorization code flow with PKCE, state and nonce. */
@injectable()
export class GoogleSignInService {
  constructor(
    @inject(IdentityProvider) private readonly provider: IdentityProvider,
    @inject(OAuthAttemptRepository) private readonly attempts: OAuthAttemptRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(SessionService) private readonly sessions: SessionService,
    @inject(Clock) private readonly clock: Clock,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  /** Starts a sign-in and returns the provider URL to send the browser to. */
  async start(input: { timezone: string | null }): Promise<string> {
    const request = await this.provider.createAuthorizationRequest();
    const now = this.clock.now();
    await this.attempts.create({
      state: request.state,
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      timezone: input.timezone && isValidTimezone(input.timezone) ? input.timezone : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ATTEMPT_TTL_MS),
    });
    return request.url;
  }

  /** Finishes the sign-in from the callback URL: the account is matched by verified e-mail or created. */
  async complete(callbackUrl: URL): Promise<SignedIn> {
    const state = callbackUrl.searchParams.get('state');
    if (!state) throw new AppError('unauthorized', 'The sign-in answer has no state');
    const attempt = await this.attempts.consume(state, this.clock.now());
    if (!attempt) throw new AppError('unauthorized', 'This sign-in attempt is unknown or has expired');
    const identity = await this.provider.completeAuthorization(callbackUrl, attempt);
    if (!identity.emailVerified) throw new AppError('unauthorized', 'The Google account e-mail is not verified');
    const email = normalizeEmail(identity.email);
    return this.unitOfWork.run(async () => {
      let user = await this.users.findByEmail(email);
      if (!user) {
        const created = await this.users.create({
          email,
          username: usernameFromEmail(email),
          passwordHash: null,
          timezone: attempt.timezone,
        });
        user = await this.users.updateProfile(created.id, {
          firstName: identity.givenName.slice(0, 100),
          lastName: identity.familyName.slice(0, 100),
        });
      }
      const token = await this.sessions.issue(user.id);
      return { user, token };
    });
  }
}
