import { AppError } from '../../domain/errors';
import type { CheckoutRequest, CheckoutSession, PaymentEvent, PaymentProvider } from '../../application/ports/payments';

/**
 * The development profile's card provider: the "checkout page" is /dev/checkout/{topUpId} on this server, and
 * its Pay / Cancel buttons feed the same fulfilment use case a Stripe webhook does.
 */
export class DevPaymentProvider implements PaymentProvider {
  readonly name = 'dev' as const;

  constructor(private readonly publicUrl: string) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    return { sessionId: `dev_cs_${request.topUpId}`, url: `${this.publicUrl}/dev/checkout/${request.topUpId}` };
  }

  parseWebhook(): PaymentEvent {
    throw new AppError('not_found', 'The development payment provider has no webhooks');
  }
}

/** The event a button on the dev checkout page stands for; one fixed id per top-up and action, like a webhook. */
export function devCheckoutEvent(
  topUp: { id: string; userId: number; sessionId: string | null; priceCents: number; currency: string },
  action: 'pay' | 'cancel',
): PaymentEvent {
  return {
    id: `dev_evt_${topUp.id}_${action}`,
    type: action === 'pay' ? 'dev.checkout.paid' : 'dev.checkout.canceled',
    kind: action === 'pay' ? 'paid' : 'canceled',
    sessionId: topUp.sessionId ?? `dev_cs_${topUp.id}`,
    topUpId: topUp.id,
    userId: topUp.userId,
    amountCents: topUp.priceCents,
    currency: topUp.currency,
  };
}
