import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/errors';
import { userAccount, type TransferRequest } from '../../domain/ledger';
import { formatUsd } from '../../domain/money';
import { checkTopUpAmount, paidEventMismatch, topUpPrice, TOPUP_CURRENCY, type TopUpOutcome } from '../../domain/topup';
import { PaymentProvider, TopUpRepository, type PaymentEvent, type TopUp } from '../ports/payments';
import { AppLogger, Clock, IdGenerator, UnitOfWork } from '../ports/system';
import { CreditsService } from './credits-service';

export interface CheckoutStarted {
  topUp: TopUp;
  url: string;
}

export type EventOutcome = 'credited' | 'settled' | 'duplicate' | 'already_settled' | 'rejected' | 'ignored' | 'unknown_topup';

const OUTCOME_OF: Partial<Record<PaymentEvent['kind'], TopUpOutcome>> = { failed: 'failed', expired: 'expired', canceled: 'canceled' };

/**
 * Card top-ups: a pending top-up is stored, the provider's checkout is created, and the provider's report
 * (webhook, or the dev checkout page) settles it. Crediting happens exactly once: the event id is stored, the
 * top-up moves pending -> paid in one conditional write, and the ledger transfers carry keys derived from it.
 */
@injectable()
export class TopUpService {
  constructor(
    @inject(TopUpRepository) private readonly topUps: TopUpRepository,
    @inject(PaymentProvider) private readonly provider: PaymentProvider,
    @inject(CreditsService) private readonly credits: CreditsService,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(AppLogger) private readonly logger: AppLogger,
  ) {}

  /** Validates the amount (US$), stores a pending top-up and returns the provider's checkout URL. */
  async startCheckout(userId: number, creditsDollars: number): Promise<CheckoutStarted> {
    const check = checkTopUpAmount(creditsDollars);
    if (!check.ok) throw AppError.validation([{ path: 'credits', message: check.message }]);
    const quote = topUpPrice(check.creditsCents);
    const topUp: TopUp = {
      id: this.ids.uuid(),
      userId,
      creditsCents: quote.creditsCents,
      priceCents: quote.priceCents,
      discountCents: quote.discountCents,
      currency: TOPUP_CURRENCY,
      status: 'pending',
      provider: this.provider.name,
      sessionId: null,
      createdAt: this.clock.now(),
      settledAt: null,
    };
    await this.uow.run(() => this.topUps.create(topUp));
    // The provider call stays outside any transaction: a slow network must not hold database locks.
    let session;
    try {
      session = await this.provider.createCheckout({
        topUpId: topUp.id,
        userId,
        creditsCents: topUp.creditsCents,
        priceCents: topUp.priceCents,
        idempotencyKey: `topup-${topUp.id}`,
      });
    } catch (error) {
      await this.uow.run(() => this.topUps.settle(topUp.id, 'failed', this.clock.now(), null));
      if (error instanceof AppError) throw error;
      this.logger.error({ topUpId: topUp.id, err: String(error) }, 'checkout creation failed');
      throw new AppError('payment_provider', 'The payment provider could not start the checkout');
    }
    await this.uow.run(() => this.topUps.setSession(topUp.id, session.sessionId));
    return { topUp: { ...topUp, sessionId: session.sessionId }, url: session.url };
  }

  async find(topUpId: string): Promise<TopUp | null> {
    return this.topUps.findById(topUpId);
  }

  /** The one fulfilment path: webhooks and the dev checkout page both end here. */
  async handleEvent(event: PaymentEvent): Promise<EventOutcome> {
    if (event.kind === 'ignored' || event.kind === 'awaiting_payment') {
      return 'ignored';
    }
    return this.uow.run(async () => {
      const topUp = event.topUpId ? await this.topUps.findById(event.topUpId) : event.sessionId ? await this.topUps.findBySessionId(event.sessionId) : null;
      if (!topUp) {
        this.logger.warn({ eventId: event.id, sessionId: event.sessionId }, 'payment event for an unknown top-up');
        return 'unknown_topup';
      }
      if (event.kind === 'paid') {
        const mismatch =
          (event.userId !== null && event.userId !== topUp.userId ? 'user differs from the stored top-up' : null) ??
          paidEventMismatch(topUp, { sessionId: event.sessionId ?? '', amountCents: event.amountCents, currency: event.currency });
        if (mismatch) {
          // Recorded so a redelivery is not re-examined; the money question goes to a human.
          await this.topUps.recordEvent(this.eventRecord(event, topUp.id));
          this.logger.error({ eventId: event.id, topUpId: topUp.id, mismatch }, 'paid event does not match its top-up');
          return 'rejected';
        }
      }
      if (!(await this.topUps.recordEvent(this.eventRecord(event, topUp.id)))) return 'duplicate';
      const now = this.clock.now();
      if (event.kind === 'paid') {
        if (!(await this.topUps.settle(topUp.id, 'paid', now, event.sessionId))) return 'already_settled';
        await this.credits.transferAll(this.creditTransfers(topUp, event.sessionId ?? topUp.sessionId ?? topUp.id), `topup:${topUp.id}`);
        return 'credited';
      }
      const outcome = OUTCOME_OF[event.kind];
      if (!outcome) return 'ignored';
      return (await this.topUps.settle(topUp.id, outcome, now, event.sessionId)) ? 'settled' : 'already_settled';
    });
  }

  /** The card money from external:stripe, the discount from platform:discounts: together the full credits. */
  private creditTransfers(topUp: TopUp, reference: string): TransferRequest[] {
    const to = userAccount(topUp.userId, 'available');
    const transfers: TransferRequest[] = [
      { from: 'external:stripe', to, amountCents: topUp.priceCents, reason: 'topup', description: `Card top-up of ${formatUsd(topUp.creditsCents)} credits`, reference },
    ];
    if (topUp.discountCents > 0) {
      transfers.push({ from: 'platform:discounts', to, amountCents: topUp.discountCents, reason: 'topup', description: 'Top-up discount', reference });
    }
    return transfers;
  }

  private eventRecord(event: PaymentEvent, topUpId: string) {
    return { id: event.id, provider: this.provider.name, type: event.type, topUpId, receivedAt: this.clock.now() };
  }
}
