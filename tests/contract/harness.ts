import type { PushSubscriptionRepository } from '../../application/ports/push';
import { InMemoryPushSubscriptionRepository } from '../../adapters/persistence/in-memory/InMemoryPushSubscriptionRepository';
import { TypeOrmPushSubscriptionRepository } from '../../adapters/persistence/typeorm/repositories/TypeOrmPushSubscriptionRepository';
import type { AuthTokenRepository, PasswordResetRepository, UserRepository } from '../../application/ports/users';
import type {
  AuditLogRepository,
  ClientLogRepository,
  ContactMessageRepository,
  OAuthAttemptRepository,
} from '../../application/ports/records';
import type { UnitOfWork } from '../../application/ports/system';
import type { Database } from '../../adapters/persistence/typeorm/database';
import { TypeOrmUnitOfWork } from '../../adapters/persistence/typeorm/TypeOrmUnitOfWork';
import {
  TypeOrmAuditLogRepository,
  TypeOrmAuthTokenRepository,
  TypeOrmClientLogRepository,
  TypeOrmContactMessageRepository,
  TypeOrmOAuthAttemptRepository,
  TypeOrmPasswordResetRepository,
  TypeOrmUserRepository,
  TypeOrmChallengeRepository,
  TypeOrmSessionRepository,
} from '../../adapters/persistence/typeorm/repositories';
import type { SessionRepository } from '../../application/ports/sessions';
import { TypeOrmLedgerRepository } from '../../adapters/persistence/typeorm/ledger/TypeOrmLedgerRepository';
import { InMemoryLedgerRepository } from '../../adapters/persistence/in-memory/InMemoryLedgerRepository';
import type { ChallengeRepository } from '../../application/ports/challenges';
import type { LedgerRepository } from '../../application/ports/ledger';
import type { TopUpRepository } from '../../application/ports/payments';
import { TypeOrmTopUpRepository } from '../../adapters/persistence/typeorm/ledger/TypeOrmTopUpRepository';
import { InMemoryTopUpRepository } from '../../adapters/persistence/in-memory/InMemoryTopUpRepository';
import {
  InMemoryAuditLogRepository,
  InMemoryAuthTokenRepository,
  InMemoryClientLogRepository,
  InMemoryContactMessageRepository,
  InMemoryOAuthAttemptRepository,
  InMemoryPasswordResetRepository,
  InMemoryUnitOfWork,
  InMemoryUserRepository,
  InMemoryChallengeRepository,
  InMemorySessionRepository,
} from '../../adapters/persistence/in-memory';
import { describeEachDialect, openTestDatabase, resetTables, type TestDatabase } from '../support/databases';

/** Every persistence port, from one store. The contract suites run unchanged against each kind of store. */
export interface Harness {
  kind: 'in-memory' | 'sqlite' | 'postgres';
  users: UserRepository;
  tokens: AuthTokenRepository;
  resets: PasswordResetRepository;
  contacts: ContactMessageRepository;
  logs: ClientLogRepository;
  audit: AuditLogRepository;
  oauth: OAuthAttemptRepository;
  unitOfWork: UnitOfWork;
  challenges: ChallengeRepository;
  sessions: SessionRepository;
  ledger: LedgerRepository;
  topUps: TopUpRepository;
  push: PushSubscriptionRepository;
  /** Only for the SQL stores. */
  database: Database | null;
}

export function inMemoryHarness(): Harness {
  const users = new InMemoryUserRepository();
  const ledger = new InMemoryLedgerRepository();
  // As the container wires it: the users' cached credits follow the ledger's available balances.
  ledger.onCachedCreditsChange((userId, cents) => users.setCachedCredits(userId, cents));
  return {
    kind: 'in-memory',
    users,
    tokens: new InMemoryAuthTokenRepository(users),
    resets: new InMemoryPasswordResetRepository(),
    contacts: new InMemoryContactMessageRepository(),
    logs: new InMemoryClientLogRepository(),
    audit: new InMemoryAuditLogRepository(),
    oauth: new InMemoryOAuthAttemptRepository(),
    unitOfWork: new InMemoryUnitOfWork(),
    challenges: new InMemoryChallengeRepository(),
    sessions: new InMemorySessionRepository(),
    ledger,
    topUps: new InMemoryTopUpRepository(),
    push: new InMemoryPushSubscriptionRepository(),
    database: null,
  };
}

export function typeOrmHarness(database: Database): Harness {
  return {
    kind: database.dialect,
    users: new TypeOrmUserRepository(database),
    tokens: new TypeOrmAuthTokenRepository(database),
    resets: new TypeOrmPasswordResetRepository(database),
    contacts: new TypeOrmContactMessageRepository(database),
    logs: new TypeOrmClientLogRepository(database),
    audit: new TypeOrmAuditLogRepository(database),
    oauth: new TypeOrmOAuthAttemptRepository(database),
    unitOfWork: new TypeOrmUnitOfWork(database),
    challenges: new TypeOrmChallengeRepository(database),
    sessions: new TypeOrmSessionRepository(database),
    ledger: new TypeOrmLedgerRepository(database),
    topUps: new TypeOrmTopUpRepository(database),
    push: new TypeOrmPushSubscriptionRepository(database),
    database,
  };
}

/**
 * Declares the suite three times: in-memory (a fresh store per test), SQLite and Postgres (one migrated database
 * per block, emptied before each test). `harness()` returns the current test's store.
 */
export function describeContract(name: string, suite: (harness: () => Harness) => void): void {
  describe(`${name} [in-memory]`, () => {
    let current: Harness;
    beforeEach(() => {
      current = inMemoryHarness();
    });
    suite(() => current);
  });
  describeEachDialect(name, (dialect) => {
    let db: TestDatabase | undefined;
    let current: Harness;
    beforeAll(async () => {
      db = await openTestDatabase(dialect);
      current = typeOrmHarness(db.database);
    });
    beforeEach(async () => {
      if (db) await resetTables(db.database);
    });
    afterAll(async () => {
      await db?.cleanup();
    });
    suite(() => current);
  });
}

export const T0 = new Date('2026-03-01T12:00:00.000Z');
export function minutesAfter(base: Date, minutes: number): Date {
  return new Date(base.getTime() + minutes * 60_000);
}
