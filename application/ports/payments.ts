import type { Cents } from '../../domain/money';
import type { TopUpOutcome, TopUpStatus } from '../../domain/topup';

export interface TopUp {
  id: string;
  userId: number;
  creditsCents: Cents;
  priceCents: Cents;
  discountCents: Cents;
  currency: string;
  status: TopUpStatus;
  provider: string;
  /** The provider's checkout session id, known once the session is created. */
  sessionId: string | null;
  createdAt: Date;
  settledAt: Date | null;
}

export const TopUpRepository = Symbol.for('TopUpRepository');
export interface TopUpRepository {
  create(topUp: TopUp): Promise<void>;
  findById(id: string): Promise<TopUp | null>;
  findBySessionId(sessionId: string): Promise<TopUp | null>;
  setSession(id: string, sessionId: string): Promise<void>;
  /**
   * pending -> outcome in one conditional write (also fills a missing session id); true only for the call that
   * made the change, so concurrent deliveries settle a top-up once.
   */
  settle(id: string, outcome: TopUpOutcome, at: Date, sessionId: string | null): Promise<boolean>;
  /** Stores a provider event id; false when it was stored before (a repeated delivery). */
  recordEvent(event: { id: string; provider: string; type: string; topUpId: string | null; receivedAt: Date }): Promise<boolean>;
}

export interface CheckoutRequest {
  topUpId: string;
  userId: number;
  creditsCents: Cents;
  priceCents: Cents;
  /** Sent to the provider so a retried creation returns the same session. */
  idempotencyKey: string;
}

export interface CheckoutSession {
  sessionId: string;
  /** Where the user's browser goes to pay. */
  url: string;
}

/** What a provider reported, mapped from its own event types. */
export type PaymentEventKind = 'paid' | 'awaiting_payment' | 'failed' | 'expired' | 'canceled' | 'ignored';

export interface PaymentEvent {
  /** The provider's event id; a repeated id is a repeated delivery. */
  id: string;
  /** The provider's own type, kept for the record. */
  type: string;
  kind: PaymentEventKind;
  sessionId: string | null;
  topUpId: string | null;
  userId: number | null;
  amountCents: Cents | null;
  currency: string | null;
}

export const PaymentProvider = Symbol.for('PaymentProvider');
export interface PaymentProvider {
  readonly name: 'stripe' | 'dev';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies the signature over the exact raw body and maps the event. A bad or stale signature is
   * AppError('validation'); a provider without webhooks (dev) refuses with AppError('not_found').
   */
  parseWebhook(rawBody: Buffer, signature: string): PaymentEvent;
}
