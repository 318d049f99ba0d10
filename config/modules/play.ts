import { join } from 'node:path';
import type { Container } from 'inversify';
import { ChallengeRepository, ChessSite } from '../../application/ports/challenges';
import { Random, UnitOfWork } from '../../application/ports/system';
import { ChallengeService } from '../../application/play/challenge-service';
import { ChallengeSettlement } from '../../application/play/challenge-settlement';
import { AdminPlayService } from '../../application/admin/admin-play';
import { PushSender } from '../../application/ports/push';
import { PushNotifications } from '../../application/play/push-notifications';
import { generateVapidKeys, WebPushPushSender } from '../../adapters/push/WebPushPushSender';
import { loadOrCreateVapidKeys } from '../../adapters/push/vapid-keys';
import { ChallengeViews } from '../../application/play/challenge-views';
import { ChallengeJobs } from '../../application/play/challenge-jobs';
import { RosterChanges } from '../../application/play/roster-changes';
import { TypeOrmChallengeRepository, TypeOrmPollReads, TypeOrmSessionRepository } from '../../adapters/persistence/typeorm/repositories';
import { PollReads } from '../../application/ports/poll';
import { SeparatePollReads } from '../../application/play/separate-poll-reads';
import { AuthTokenRepository } from '../../application/ports/users';
import { InMemoryChallengeRepository, InMemorySessionRepository } from '../../adapters/persistence/in-memory';
import { CalendarInvites, SessionRepository } from '../../application/ports/sessions';
import { SessionService } from '../../application/play/session-service';
import { IcalGeneratorCalendarInvites } from '../../adapters/calendar/IcalGeneratorCalendarInvites';
import { LichessChessSite } from '../../adapters/chess-site/LichessChessSite';
import { DevChessSite, DevChessSiteOptions } from '../../adapters/chess-site/DevChessSite';
import { devGameRoutes } from '../../adapters/chess-site/dev-game-routes';
import { CryptoRandom } from '../../adapters/system/CryptoRandom';
import { outsideUnitOfWork } from '../../adapters/system/outside-unit-of-work';
import type { AppRouter, RouteModule } from '../../adapters/http/types';
import type { ModuleContext } from './context';

/** Live challenges and scheduled sessions: their stores, the chess site, calendar invites, use cases and jobs. */
export function bindPlay(container: Container, { config, database }: ModuleContext): void {
  if (database) {
    container.bind<ChallengeRepository>(ChallengeRepository).to(TypeOrmChallengeRepository).inSingletonScope();
    container.bind<SessionRepository>(SessionRepository).to(TypeOrmSessionRepository).inSingletonScope();
    container.bind<PollReads>(PollReads).to(TypeOrmPollReads).inSingletonScope();
  } else {
    container.bind<ChallengeRepository>(ChallengeRepository).to(InMemoryChallengeRepository).inSingletonScope();
    container.bind<SessionRepository>(SessionRepository).to(InMemorySessionRepository).inSingletonScope();
    container
      .bind<PollReads>(PollReads)
      .toDynamicValue((ctx) => new SeparatePollReads(ctx.get<AuthTokenRepository>(AuthTokenRepository), ctx.get<ChallengeRepository>(ChallengeRepository), ctx.get<SessionRepository>(SessionRepository)))
      .inSingletonScope();
  }
  container.bind<CalendarInvites>(CalendarInvites).to(IcalGeneratorCalendarInvites).inSingletonScope();

  if (config.CHESS_SITE === 'dev') {
    container.bind<DevChessSiteOptions>(DevChessSiteOptions).toConstantValue({ directory: join(config.DATA_DIR, 'dev-games'), publicUrl: config.PUBLIC_URL });
    container.bind(DevChessSite).toDynamicValue((ctx) => new DevChessSite(ctx.get<DevChessSiteOptions>(DevChessSiteOptions))).inSingletonScope();
  }
  // Every use of the chess site goes through the guard: a call inside a unit of work throws (commit, then call).
  container
    .bind<ChessSite>(ChessSite)
    .toDynamicValue((ctx) => {
      const site: ChessSite =
        config.CHESS_SITE === 'dev'
          ? ctx.get(DevChessSite)
          : new LichessChessSite({ baseUrl: config.LICHESS_URL, token: config.LICHESS_TOKEN ?? null });
      return outsideUnitOfWork(site, ctx.get<UnitOfWork>(UnitOfWork), 'ChessSite');
    })
    .inSingletonScope();
  container.bind<Random>(Random).to(CryptoRandom).inSingletonScope();

  // Web Push: configured keys; in development a pair kept in DATA_DIR (subscriptions survive restarts); in tests a
  // fresh pair per process. Guarded like the chess site: never called inside a unit of work.
  container
    .bind<PushSender>(PushSender)
    .toDynamicValue((ctx) => {
      const keys =
        config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
          ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
          : config.APP_PROFILE === 'development'
            ? loadOrCreateVapidKeys(config.DATA_DIR)
            : generateVapidKeys();
      const sender = new WebPushPushSender({ ...keys, subject: config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}` });
      return outsideUnitOfWork<PushSender>(sender, ctx.get<UnitOfWork>(UnitOfWork), 'PushSender');
    })
    .inSingletonScope();

  for (const useCase of [RosterChanges, ChallengeViews, ChallengeSettlement, ChallengeService, ChallengeJobs, SessionService, AdminPlayService, PushNotifications]) container.bind(useCase).toSelf().inSingletonScope();
}

/** The development chess site's game page, mounted only when it is the configured site (never in production). */
export function playRoutes({ config }: ModuleContext): RouteModule[] {
  if (config.CHESS_SITE !== 'dev' || config.APP_PROFILE === 'production') return [];
  return [(container) => devGameRoutes(container.get(DevChessSite)) as unknown as AppRouter];
}
