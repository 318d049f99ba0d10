import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../adapters/persistence/typeorm/database';
import { TypeOrmUnitOfWork } from '../../adapters/persistence/typeorm/TypeOrmUnitOfWork';
import { TypeOrmLedgerRepository } from '../../adapters/persistence/typeorm/ledger/TypeOrmLedgerRepository';
import { TypeOrmTopUpRepository } from '../../adapters/persistence/typeorm/ledger/TypeOrmTopUpRepository';
import { InMemoryLedgerRepository } from '../../adapters/persistence/in-memory/InMemoryLedgerRepository';
import { InMemoryTopUpRepository } from '../../adapters/persistence/in-memory/InMemoryTopUpRepository';
import { InMemoryUnitOfWork } from '../../adapters/persistence/in-memory/InMemoryUnitOfWork';
import { FixedClock } from '../../adapters/system/FixedClock';
import { CapturingAppLogger } from '../../adapters/system/CapturingAppLogger';
import { DevPaymentProvider } from '../../adapters/payments/DevPaymentProvider';
import { CreditsService } from '../../application/credits/credits-service';
import { StatementService } from '../../application/credits/statement';
import { LedgerConsistency } from '../../application/credits/consistency';
import { TopUpService } from '../../application/credits/topups';
import type { LedgerRepository } from '../../application/ports/ledger';
import type { PaymentProvider, TopUpRepository } from '../../application/ports/payments';
import type { UnitOfWork } from '../../application/ports/system';
import { insertUser } from './support';

export interface CreditsHarness {
  ledger: LedgerRepository;
  topUpRepository: TopUpRepository;
  uow: UnitOfWork;
  clock: FixedClock;
  logger: CapturingAppLogger;
  credits: CreditsService;
  statement: StatementService;
  consistency: LedgerConsistency;
  topUps: TopUpService;
  /** A user the ledger may credit (a real row on SQL databases). */
  newUser(): Promise<number>;
}

/** The credits use cases over the in-memory adapters (database null) or a real database. */
export function creditsHarness(database: Database | null, provider: PaymentProvider = new DevPaymentProvider('http://localhost:3999')): CreditsHarness {
  const clock = new FixedClock({ start: '2026-01-15T12:00:00Z' });
  const logger = new CapturingAppLogger();
  const ids = { uuid: () => randomUUID(), token: () => randomUUID() };
  const ledger = database ? new TypeOrmLedgerRepository(database) : new InMemoryLedgerRepository();
  const topUpRepository = database ? new TypeOrmTopUpRepository(database) : new InMemoryTopUpRepository();
  const uow = database ? new TypeOrmUnitOfWork(database) : new InMemoryUnitOfWork();
  const credits = new CreditsService(ledger, uow, clock, ids);
  let users = 0;
  return {
    ledger,
    topUpRepository,
    uow,
    clock,
    logger,
    credits,
    statement: new StatementService(ledger),
    consistency: new LedgerConsistency(ledger),
    topUps: new TopUpService(topUpRepository, provider, credits, uow, clock, ids, logger),
    newUser: async () => (database ? insertUser(database, ++users) : ++users),
  };
}

/** Gives a user credits the way an admin would (platform:adjustments -> available). */
export async function fund(h: CreditsHarness, userId: number, cents: number, key = `fund:${userId}:${cents}:${randomUUID()}`): Promise<void> {
  await h.credits.transfer(
    { from: 'platform:adjustments', to: `user:${userId}:available`, amountCents: cents, reason: 'admin_adjustment', description: 'test funds', reference: null },
    key,
  );
}
