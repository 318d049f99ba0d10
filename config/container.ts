import 'reflect-metadata';
import { Container } from 'inversify';
import type { AppConfig } from './env';
import type { Database } from '../adapters/persistence/typeorm/database';
import type { ModuleContext } from './modules/context';
import { bindSystem } from './modules/system';
import { bindPersistence } from './modules/persistence';
import { bindServices } from './modules/services';
import { bindIdentity, identityRoutes } from './modules/identity';
import { bindUseCases } from './modules/use-cases';
import { bindCredits } from './modules/credits';
import { bindPlay, playRoutes as devPlayRoutes } from './modules/play';
import { accountRoutes } from '../adapters/http/routes/accounts';
import { oauthRoutes } from '../adapters/http/routes/oauth';
import { profileRoutes } from '../adapters/http/routes/profile';
import { supportRoutes } from '../adapters/http/routes/support';
import { adminRoutes } from '../adapters/http/routes/admin';
import { creditsRoutes } from '../adapters/http/routes/credits';
import { playRoutes } from '../adapters/http/routes/play';
import { challengeRoutes } from '../adapters/http/routes/challenges';
import { sessionRoutes } from '../adapters/http/routes/sessions';
import { devCheckoutRoutes } from '../adapters/payments/dev-checkout-routes';
import { devOutboxRoutes } from '../adapters/mail/dev-outbox-routes';
import { OutboxMailer } from '../adapters/mail/OutboxMailer';
import type { AppRouter, RouteModule } from '../adapters/http/types';

export interface BuildContainerOptions {
  config: AppConfig;
  /** The open (and migrated) database; null selects the in-memory repositories. */
  database: Database | null;
  /** Replaces bindings after the modules ran (tests: a fixed clock, a capturing logger...). */
  override?: (container: Container) => void;
}

export interface AppComposition {
  container: Container;
  routes: RouteModule[];
}

/** Wires every port to its adapter for the configured profile and lists the HTTP route modules. */
export function buildContainer(options: BuildContainerOptions): AppComposition {
  const container = new Container({ defaultScope: 'Singleton' });
  const context: ModuleContext = { config: options.config, database: options.database };
  bindSystem(container, context);
  bindPersistence(container, context);
  bindServices(container, context);
  bindIdentity(container, context);
  bindCredits(container, context);
  bindPlay(container, context);
  bindUseCases(container, options.config);
  options.override?.(container);

  const routes: RouteModule[] = [accountRoutes, oauthRoutes, profileRoutes, supportRoutes, adminRoutes, creditsRoutes, playRoutes, challengeRoutes, sessionRoutes];
  // Development stand-ins for the outside world; never mounted in production (server.md 11).
  if (options.config.APP_PROFILE !== 'production') {
    routes.push(...identityRoutes(context), ...devPlayRoutes(context));
    if (options.config.PAYMENT_PROVIDER === 'dev') routes.push(devCheckoutRoutes);
    if (options.config.MAIL_TRANSPORT === 'outbox') {
      routes.push((c) => devOutboxRoutes(c.get(OutboxMailer)) as unknown as AppRouter);
    }
  }
  return { container, routes };
}
