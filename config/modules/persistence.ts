import type { Container } from 'inversify';
import { UnitOfWork } from '../../application/ports/system';
import { AuthTokenRepository, PasswordResetRepository, UserRepository } from '../../application/ports/users';
import {
  AuditLogRepository,
  ClientLogRepository,
  ContactMessageRepository,
  OAuthAttemptRepository,
} from '../../application/ports/records';
import { Database } from '../../adapters/persistence/typeorm/database';
import { TypeOrmUnitOfWork } from '../../adapters/persistence/typeorm/TypeOrmUnitOfWork';
import * as TypeOrm from '../../adapters/persistence/typeorm/repositories';
import * as InMemory from '../../adapters/persistence/in-memory';
import type { InMemoryTransactional } from '../../adapters/persistence/in-memory/InMemoryUnitOfWork';
import { LedgerRepository } from '../../application/ports/ledger';
import { ChallengeRepository } from '../../application/ports/challenges';
import { SessionRepository } from '../../application/ports/sessions';
import { PushSubscriptionRepository } from '../../application/ports/push';

function isInMemoryTransactional(value: unknown): value is InMemoryTransactional {
  const store = value as Partial<InMemoryTransactional>;
  return typeof store.snapshot === 'function' && typeof store.restore === 'function';
}
import type { ModuleContext } from './context';

/** Repositories and the unit of work: TypeORM over the open database, or in memory when there is none. */
export function bindPersistence(container: Container, { database }: ModuleContext): void {
  if (database) {
    container.bind(Database).toConstantValue(database);
    container.bind<UnitOfWork>(UnitOfWork).to(TypeOrmUnitOfWork).inSingletonScope();
    container.bind<UserRepository>(UserRepository).to(TypeOrm.TypeOrmUserRepository).inSingletonScope();
    container.bind<AuthTokenRepository>(AuthTokenRepository).to(TypeOrm.TypeOrmAuthTokenRepository).inSingletonScope();
    container.bind<PasswordResetRepository>(PasswordResetRepository).to(TypeOrm.TypeOrmPasswordResetRepository).inSingletonScope();
    container.bind<ContactMessageRepository>(ContactMessageRepository).to(TypeOrm.TypeOrmContactMessageRepository).inSingletonScope();
    container.bind<ClientLogRepository>(ClientLogRepository).to(TypeOrm.TypeOrmClientLogRepository).inSingletonScope();
    container.bind<AuditLogRepository>(AuditLogRepository).to(TypeOrm.TypeOrmAuditLogRepository).inSingletonScope();
    container.bind<OAuthAttemptRepository>(OAuthAttemptRepository).to(TypeOrm.TypeOrmOAuthAttemptRepository).inSingletonScope();
    container.bind<PushSubscriptionRepository>(PushSubscriptionRepository).to(TypeOrm.TypeOrmPushSubscriptionRepository).inSingletonScope();
  } else {
    // The in-memory stores that hold money, challenges and sessions roll back with a failed unit of work, like SQL ones.
    container
      .bind<UnitOfWork>(UnitOfWork)
      .toDynamicValue((ctx) => {
        const stores = [UserRepository, LedgerRepository, ChallengeRepository, SessionRepository].map((token) => ctx.get<unknown>(token));
        return new InMemory.InMemoryUnitOfWork().enlist(...stores.filter(isInMemoryTransactional));
      })
      .inSingletonScope();
    container.bind<UserRepository>(UserRepository).to(InMemory.InMemoryUserRepository).inSingletonScope();
    container.bind<AuthTokenRepository>(AuthTokenRepository).to(InMemory.InMemoryAuthTokenRepository).inSingletonScope();
    container.bind<PasswordResetRepository>(PasswordResetRepository).to(InMemory.InMemoryPasswordResetRepository).inSingletonScope();
    container.bind<ContactMessageRepository>(ContactMessageRepository).to(InMemory.InMemoryContactMessageRepository).inSingletonScope();
    container.bind<ClientLogRepository>(ClientLogRepository).to(InMemory.InMemoryClientLogRepository).inSingletonScope();
    container.bind<AuditLogRepository>(AuditLogRepository).to(InMemory.InMemoryAuditLogRepository).inSingletonScope();
    container.bind<OAuthAttemptRepository>(OAuthAttemptRepository).to(InMemory.InMemoryOAuthAttemptRepository).inSingletonScope();
    container.bind<PushSubscriptionRepository>(PushSubscriptionRepository).to(InMemory.InMemoryPushSubscriptionRepository).inSingletonScope();
  }
}
