import type { Container } from 'inversify';
import { userAccount } from '../../domain/ledger';
import { LedgerRepository } from '../../application/ports/ledger';
import { PaymentProvider, TopUpRepository } from '../../application/ports/payments';
import { UserRepository } from '../../application/ports/users';
import { CreditsService } from '../../application/credits/credits-service';
import { StatementService } from '../../application/credits/statement';
import { LedgerConsistency } from '../../application/credits/consistency';
import { TopUpService } from '../../application/credits/topups';
import { AdminCreditsService } from '../../application/credits/admin-credits';
import { TypeOrmLedgerRepository } from '../../adapters/persistence/typeorm/ledger/TypeOrmLedgerRepository';
import { TypeOrmTopUpRepository } from '../../adapters/persistence/typeorm/ledger/TypeOrmTopUpRepository';
import { InMemoryLedgerRepository } from '../../adapters/persistence/in-memory/InMemoryLedgerRepository';
import { InMemoryTopUpRepository } from '../../adapters/persistence/in-memory/InMemoryTopUpRepository';
import { StripePaymentProvider } from '../../adapters/payments/StripePaymentProvider';
import { DevPaymentProvider } from '../../adapters/payments/DevPaymentProvider';
import type { ModuleContext } from './context';

/** An in-memory user store may offer this so its cached `creditsCents` follows the in-memory ledger. */
interface CachedCreditsSink {
  setCachedCredits(userId: number, cents: number): void;
}

function isCachedCreditsSink(value: unknown): value is CachedCreditsSink {
  return typeof (value as Partial<CachedCreditsSink>).setCachedCredits === 'function';
}

/** The ledger, top-ups, the payment provider for the profile, and the credits use cases. */
export function bindCredits(container: Container, { config, database }: ModuleContext): void {
  if (database) {
    container.bind<LedgerRepository>(LedgerRepository).to(TypeOrmLedgerRepository).inSingletonScope();
    container.bind<TopUpRepository>(TopUpRepository).to(TypeOrmTopUpRepository).inSingletonScope();
  } else {
    container
      .bind<LedgerRepository>(LedgerRepository)
      .toDynamicValue((context) => {
        const ledger = new InMemoryLedgerRepository();
        const users = context.get<UserRepository>(UserRepository);
        if (isCachedCreditsSink(users)) ledger.onCachedCreditsChange((userId, cents) => users.setCachedCredits(userId, cents));
        return ledger;
      })
      .inSingletonScope();
    container.bind<TopUpRepository>(TopUpRepository).to(InMemoryTopUpRepository).inSingletonScope();
  }

  if (config.PAYMENT_PROVIDER === 'stripe') {
    const provider = new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY ?? '',
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
      publicUrl: config.PUBLIC_URL,
      apiUrl: config.STRIPE_API_URL,
    });
    container.bind<PaymentProvider>(PaymentProvider).toConstantValue(provider);
  } else {
    container.bind<PaymentProvider>(PaymentProvider).toConstantValue(new DevPaymentProvider(config.PUBLIC_URL));
  }

  container.bind(CreditsService).toSelf().inSingletonScope();
  container.bind(StatementService).toSelf().inSingletonScope();
  container.bind(LedgerConsistency).toSelf().inSingletonScope();
  container.bind(TopUpService).toSelf().inSingletonScope();
  container.bind(AdminCreditsService).toSelf().inSingletonScope();
}

/**
 * Demo data: gives a user credits through the ledger (an adjustment from platform:adjustments), never by
 * writing the cached balance. The key makes a repeated seed a no-op.
 */
export async function grantDemoCredits(container: Container, userId: number, cents: number): Promise<void> {
  await container.get(CreditsService).transfer(
    {
      from: 'platform:adjustments',
      to: userAccount(userId, 'available'),
      amountCents: cents,
      reason: 'admin_adjustment',
      description: 'Demo credits',
      reference: null,
    },
    `demo-credits:${userId}`,
  );
}
