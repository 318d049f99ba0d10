import Stripe from 'stripe';
import { StripePaymentProvider, stripeClientOptions } from '../../adapters/payments/StripePaymentProvider';
import type { TopUp } from '../../application/ports/payments';
import { creditsHarness, type CreditsHarness } from './harness';
import { sessionEvent, StripeStandIn } from './stripe-stand-in';

const SECRET = 'whsec_test_secret_for_the_credits_suite';
const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET, timestamp: options.timestamp });

describe('StripePaymentProvider against a local stand-in of the Stripe API', () => {
  const standIn = new StripeStandIn();
  let provider: StripePaymentProvider;
  let h: CreditsHarness;
  let user: number;

  beforeAll(async () => {
    const apiUrl = await standIn.start();
    provider = new StripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: SECRET, publicUrl: 'https://chess.example', apiUrl, maxNetworkRetries: 0 });
  });
  afterAll(() => standIn.stop());
  beforeEach(async () => {
    standIn.failWith = null;
    h = creditsHarness(null, provider);
    user = await h.newUser();
  });

  const balance = () => h.credits.balance(`user:${user}:available`);
  const paid = (topUp: TopUp, id = 'evt_paid', type = 'checkout.session.completed', extra: Record<string, unknown> = {}) =>
    sessionEvent(id, type, {
      id: topUp.sessionId!,
      amount_total: topUp.priceCents,
      metadata: { user_id: String(user), credits_cents: String(topUp.creditsCents), topup_id: topUp.id },
      client_reference_id: String(user),
      ...extra,
    });
  const deliver = async (payload: string, signature = sign(payload)) => h.topUps.handleEvent(provider.parseWebhook(Buffer.from(payload), signature));

  it('parses STRIPE_API_URL into host, port and protocol for the client', () => {
    expect(stripeClientOptions({ apiUrl: 'http://127.0.0.1:12111' })).toMatchObject({ host: '127.0.0.1', port: 12111, protocol: 'http', telemetry: false });
    expect(stripeClientOptions({ apiUrl: 'https://api.example.com' })).toMatchObject({ host: 'api.example.com', port: 443, protocol: 'https' });
    expect(stripeClientOptions({})).not.toHaveProperty('host');
  });

  it('creates a payment-mode Checkout Session with the discounted price, metadata, URLs and an idempotency key', async () => {
    const started = await h.topUps.startCheckout(user, 300);
    const request = standIn.requests.at(-1)!;
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe('Bearer sk_test_123');
    expect(request.headers['idempotency-key']).toBe(`topup-${started.topUp.id}`);
    const form = Object.fromEntries(request.form);
    expect(form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '25500',
      client_reference_id: String(user),
      'metadata[user_id]': String(user),
      'metadata[credits_cents]': '30000',
      'metadata[topup_id]': started.topUp.id,
      success_url: 'https://chess.example/topup?status=success',
      cancel_url: 'https://chess.example/topup?status=canceled',
    });
    expect(started.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect((await h.topUps.find(started.topUp.id))).toMatchObject({ status: 'pending', sessionId: started.topUp.sessionId, priceCents: 25500, discountCents: 4500 });
  });

  it('a provider failure is ERR_PAYMENT_PROVIDER and the top-up is marked failed', async () => {
    standIn.failWith = 500;
    await expect(h.topUps.startCheckout(user, 10)).rejects.toMatchObject({ kind: 'payment_provider' });
    const request = standIn.requests.at(-1)!;
    const topUp = await h.topUps.find(String(request.form.get('metadata[topup_id]')));
    expect(topUp?.status).toBe('failed');
  });

  it('a valid paid event credits the full credits once: price from external:stripe, discount from platform:discounts', async () => {
    const { topUp } = await h.topUps.startCheckout(user, 100);
    expect(await deliver(paid(topUp))).toBe('credited');
    expect(await balance()).toBe(10_000);
    expect(await h.credits.balance('external:stripe')).toBe(-9000);
    expect(await h.credits.balance('platform:discounts')).toBe(-1000);
    expect(await deliver(paid(topUp))).toBe('duplicate');
    expect(await balance()).toBe(10_000);
    expect(await h.consistency.check()).toEqual({ ok: true, problems: [] });
  });

  it('refuses a tampered body, a wrong secret and a stale timestamp, and credits nothing', async () => {
    const { topUp } = await h.topUps.startCheckout(user, 100);
    const payload = paid(topUp);
    const tampered = payload.replace(`"amount_total":${topUp.priceCents}`, `"amount_total":${topUp.priceCents + 1}`);
    expect(tampered).not.toBe(payload);
    await expect(deliver(tampered, sign(payload))).rejects.toMatchObject({ kind: 'validation' });
    await expect(deliver(payload, sign(payload, { secret: 'whsec_wrong' }))).rejects.toMatchObject({ kind: 'validation' });
    await expect(deliver(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 }))).rejects.toMatchObject({ kind: 'validation' });
    await expect(deliver(payload, 'garbage')).rejects.toMatchObject({ kind: 'validation' });
    expect(await balance()).toBe(0);
    // The genuine delivery still works afterwards: the refusals stored nothing.
    expect(await deliver(payload)).toBe('credited');
  });

  it('only a paid report credits: unpaid completion waits, failure, expiry and mismatches never credit', async () => {
    const a = (await h.topUps.startCheckout(user, 50)).topUp;
    expect(await deliver(paid(a, 'evt_unpaid', 'checkout.session.completed', { payment_status: 'unpaid' }))).toBe('ignored');
    expect(await deliver(paid(a, 'evt_failed', 'checkout.session.async_payment_failed'))).toBe('settled');
    expect(await deliver(paid(a, 'evt_late', 'checkout.session.async_payment_succeeded'))).toBe('already_settled');
    const b = (await h.topUps.startCheckout(user, 20)).topUp;
    expect(await deliver(paid(b, 'evt_expired', 'checkout.session.expired', { payment_status: 'unpaid' }))).toBe('settled');
    const c = (await h.topUps.startCheckout(user, 30)).topUp;
    expect(await deliver(paid(c, 'evt_amount', 'checkout.session.completed', { amount_total: 1 }))).toBe('rejected');
    expect(await deliver(paid(c, 'evt_currency', 'checkout.session.completed', { currency: 'eur' }))).toBe('rejected');
    expect(await deliver(paid(c, 'evt_session', 'checkout.session.completed', { id: 'cs_other' }))).toBe('rejected');
    expect(await deliver(sessionEvent('evt_other', 'payment_intent.created', { id: 'pi_1', amount_total: 1, metadata: {} }))).toBe('ignored');
    expect(await balance()).toBe(0);
    expect([(await h.topUps.find(a.id))?.status, (await h.topUps.find(b.id))?.status, (await h.topUps.find(c.id))?.status]).toEqual(['failed', 'expired', 'pending']);
  });

  it('duplicated and shuffled deliveries of an async payment credit exactly once, in any order', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 12; round++) {
      h = creditsHarness(null, provider);
      user = await h.newUser();
      const { topUp } = await h.topUps.startCheckout(user, 300);
      const deliveries = [
        paid(topUp, 'evt_completed', 'checkout.session.completed', { payment_status: 'unpaid' }),
        paid(topUp, 'evt_succeeded', 'checkout.session.async_payment_succeeded'),
        paid(topUp, 'evt_completed_paid', 'checkout.session.completed'),
        sessionEvent('evt_noise', 'customer.created', { id: 'cus_1', amount_total: 0, metadata: {} }),
      ];
      const queue = [...deliveries, ...deliveries, paid(topUp, 'evt_succeeded', 'checkout.session.async_payment_succeeded')];
      for (let i = queue.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [queue[i], queue[j]] = [queue[j]!, queue[i]!];
      }
      const outcomes = [];
      for (const payload of queue) outcomes.push(await deliver(payload));
      expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
      expect(await balance()).toBe(30_000);
      expect(await h.consistency.check()).toEqual({ ok: true, problems: [] });
    }
  });
});
