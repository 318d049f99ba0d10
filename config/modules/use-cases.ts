import type { Container } from 'inversify';
import { SessionService } from '../../application/accounts/sessions';
import { AccountService } from '../../application/accounts/accounts';
import { PasswordResetService } from '../../application/accounts/password-reset';
import { GoogleSignInService } from '../../application/accounts/google-sign-in';
import { ProfileService } from '../../application/profile/profile-service';
import { ContactService } from '../../application/support/contact-service';
import { ClientLogService } from '../../application/support/client-log-service';
import { AdminUserService } from '../../application/admin/admin-users';
import { AppStateService } from '../../application/play/app-state-service';
import { PurgeService } from '../../application/support/purge-service';
import { HttpAuth } from '../../adapters/http/auth';
import { RateLimiter } from '../../adapters/http/rate-limit';
import { Clock } from '../../application/ports/system';
import type { AppConfig } from '../env';
import { DemoPresence } from '../demo-presence';
import { DemoResponder } from '../demo-responder';

/** Use cases and HTTP helpers: plain classes resolved by their constructor tokens. */
export function bindUseCases(container: Container, config: AppConfig): void {
  for (const useCase of [
    SessionService,
    AccountService,
    PasswordResetService,
    GoogleSignInService,
    ProfileService,
    ContactService,
    ClientLogService,
    AdminUserService,
    AppStateService,
    PurgeService,
    HttpAuth,
  ]) {
    container.bind(useCase).toSelf().inSingletonScope();
  }
  // The demo responder's presence job exists only where demo data does (server.md 11).
  if (config.APP_PROFILE === 'development' && config.DEMO_DATA === 'on') {
    container.bind(DemoPresence).toSelf().inSingletonScope();
    container.bind(DemoResponder).toSelf().inSingletonScope();
  }
  container
    .bind(RateLimiter)
    .toDynamicValue((ctx) =>
      new RateLimiter(ctx.get<Clock>(Clock), {
        enabled: config.RATE_LIMITS === 'on',
        max: config.RATE_LIMIT_MAX,
        windowMs: config.RATE_LIMIT_WINDOW_MINUTES * 60 * 1000,
      }),
    )
    .inSingletonScope();
}
