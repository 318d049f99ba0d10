import Stripe from 'stripe';
import { AppError } from '../../domain/errors';
import { formatUsd } from '../../domain/money';
import { TOPUP_CURRENCY } from '../../domain/topup';
import type { CheckoutRequest, CheckoutSession, PaymentEvent, PaymentProvider } from '../../application/ports/payments';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publicUrl: string;
  /** Points the client at another server (a local stand-in in tests), e.g. http://127.0.0.1:12111. */
  apiUrl?: string;
  maxNetworkRetries?: number;
}

/** The subset of a Checkout Session the webhook handling reads. */
interface SessionFields {
  id?: unknown;
  payment_status?: unknown;
  amount_total?: unknown;
  currency?: unknown;
  client_reference_id?: unknown;
  metadata?: unknown;
}

const asString = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const asInt = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null);

export function stripeClientOptions(settings: Pick<StripeSettings, 'apiUrl' | 'maxNetworkRetries'>) {
  const options: { maxNetworkRetries: number; telemetry: boolean; host?: string; port?: number; protocol?: 'http' | 'https' } = {
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    telemetry: false,
  };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.host = url.hostname;
    options.port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
    options.protocol = protocol;
  }
  return options;
}

/** Card payments through Stripe Checkout (payment mode) and its signed webhooks. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, stripeClientOptions(settings));
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: TOPUP_CURRENCY,
                unit_amount: request.priceCents,
                product_data: { name: `${formatUsd(request.creditsCents)} in credits` },
              },
            },
          ],
          client_reference_id: String(request.userId),
          metadata: { user_id: String(request.userId), credits_cents: String(request.creditsCents), topup_id: request.topUpId },
          success_url: `${this.settings.publicUrl}/topup?status=success`,
          cancel_url: `${this.settings.publicUrl}/topup?status=canceled`,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { sessionId: session.id, url: session.url };
    } catch (error) {
      throw new AppError('payment_provider', `Stripe could not create the checkout: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  parseWebhook(rawBody: Buffer, signature: string): PaymentEvent {
    let event: { id: string; type: string; data: { object: unknown } };
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret) as unknown as typeof event;
    } catch (error) {
      throw AppError.validation([{ path: 'stripe-signature', message: error instanceof Error ? error.message : 'Bad signature' }]);
    }
    return mapStripeEvent(event);
  }
}

/** Maps a verified Stripe event to what the top-up use case understands. */
export function mapStripeEvent(event: { id: string; type: string; data: { object: unknown } }): PaymentEvent {
  // A signed body is still only as well-formed as its sender made it: check the shape before using it.
  const shaped = typeof event === 'object' && event !== null && !Array.isArray(event);
  if (!shaped || typeof event.id !== 'string' || event.id.length === 0 || event.id.length > 255 || typeof event.type !== 'string') {
    throw AppError.validation([{ path: '(body)', message: 'Not a Stripe event' }]);
  }
  if (event.data !== undefined && (typeof event.data !== 'object' || event.data === null)) {
    throw AppError.validation([{ path: 'data', message: 'Not a Stripe event' }]);
  }
  const session = (event.data?.object ?? {}) as SessionFields;
  const metadata = (session.metadata && typeof session.metadata === 'object' ? session.metadata : {}) as Record<string, unknown>;
  const userId = asInt(metadata.user_id) ?? asInt(session.client_reference_id);
  const base = {
    id: event.id,
    type: event.type,
    sessionId: asString(session.id),
    topUpId: asString(metadata.topup_id),
    userId,
    amountCents: asInt(session.amount_total),
    currency: asString(session.currency),
  };
  switch (event.type) {
    case 'checkout.session.completed':
      // Card payments complete as paid; delayed methods complete unpaid and report later.
      return { ...base, kind: session.payment_status === 'paid' ? 'paid' : 'awaiting_payment' };
    case 'checkout.session.async_payment_succeeded':
      return { ...base, kind: 'paid' };
    case 'checkout.session.async_payment_failed':
      return { ...base, kind: 'failed' };
    case 'checkout.session.expired':
      return { ...base, kind: 'expired' };
    default:
      return { ...base, kind: 'ignored' };
  }
}
