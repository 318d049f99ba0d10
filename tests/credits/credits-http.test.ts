import Stripe from 'stripe';
import { startTestServer, signUp, type TestServer } from '../support/http';
import { UserRepository } from '../../application/ports/users';
import { AuditLogRepository } from '../../application/ports/records';
import type { Database } from '../../adapters/persistence/typeorm/database';
import { checkLedger } from '../../bin/admin-ledger';
import { cachedCredits } from './support';
import { sessionEvent, StripeStandIn } from './stripe-stand-in';

jest.setTimeout(30_000);

const form = (fields: Record<string, string>) => ({
  rawBody: new URLSearchParams(fields).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
});

describe('credits over HTTP with the dev payment provider (SQLite)', () => {
  let server: TestServer;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite' });
    const signed = await signUp(server, 'buyer@example.com');
    token = signed.token;
    userId = signed.user.id as number;
  });
  afterAll(() => server?.close());

  const checkout = async (credits: string, withToken = token) => {
    const result = await server.call('/api/create_checkout_session', form({ token: withToken, credits }));
    return { status: result.status, location: result.headers.get('location') ?? '' };
  };

  it('create_checkout_session answers 303 to the checkout page, which shows the credits and the discounted price', async () => {
    const { status, location } = await checkout('100');
    expect(status).toBe(303);
    expect(location).toMatch(/^http:\/\/localhost:3999\/dev\/checkout\/[0-9a-f-]{36}$/);
    const page = await server.call(new URL(location).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('$100.00');
    expect(page.text).toContain('$90.00');
    expect(page.text).toMatch(/Pay \$90\.00/);
    expect(page.text).toContain('Cancel');
  });

  it('Pay credits the full amount once, however often it is pressed, and returns to /topup?status=success', async () => {
    const before = await cachedCredits(server.database as Database, userId);
    const { location } = await checkout('100');
    const path = new URL(location).pathname;
    for (let i = 0; i < 3; i++) {
      const paid = await server.call(`${path}/pay`, { method: 'POST' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe('/topup?status=success');
    }
    expect(await cachedCredits(server.database as Database, userId)).toBe(before + 10_000);
    // Cancel after paying changes nothing.
    expect((await server.call(`${path}/cancel`, { method: 'POST' })).headers.get('location')).toBe('/topup?status=success');
    expect(await cachedCredits(server.database as Database, userId)).toBe(before + 10_000);
    expect(await checkLedger(server.database as Database)).toEqual({ ok: true, problems: [] });
  });

  it('Cancel settles the top-up as canceled and credits nothing; Pay afterwards does not credit either', async () => {
    const before = await cachedCredits(server.database as Database, userId);
    const { location } = await checkout('25');
    const path = new URL(location).pathname;
    const canceled = await server.call(`${path}/cancel`, { method: 'POST' });
    expect([canceled.status, canceled.headers.get('location')]).toEqual([303, '/topup?status=canceled']);
    expect((await server.call(`${path}/pay`, { method: 'POST' })).headers.get('location')).toBe('/topup?status=canceled');
    expect(await cachedCredits(server.database as Database, userId)).toBe(before);
    expect((await server.call(path)).text).toContain('already canceled');
  });

  it('a form with a bad amount or token goes back to /topup with the error; JSON callers get the envelope', async () => {
    const low = await checkout('4.99');
    expect(low.status).toBe(303);
    const lowQuery = new URL(low.location, 'http://x').searchParams;
    // Only the code travels in the URL; the page maps it to its own text (no text from a URL is ever shown).
    expect([...lowQuery.entries()]).toEqual([['status', 'error'], ['error', 'ERR_VALIDATION']]);
    const high = new URL((await checkout('500.01')).location, 'http://x').searchParams;
    expect([...high.entries()]).toEqual([['status', 'error'], ['error', 'ERR_VALIDATION']]);
    const badToken = new URL((await checkout('10', 'not-a-token')).location, 'http://x').searchParams;
    expect(badToken.get('error')).toBe('ERR_TOKEN_EXPIRED');
    const json = await server.call('/api/create_checkout_session', { body: { token, credits: 4.99 } });
    expect([json.status, json.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const unknownField = await server.call('/api/create_checkout_session', { body: { token, credits: 10, extra: 1 } });
    expect(unknownField.status).toBe(400);
  });

  it('get_transactions lists the signed-in user lines newest first and pages with next_before', async () => {
    const all = await server.call('/api/get_transactions', { token });
    expect(all.status).toBe(200);
    const lines = all.body.transactions as { id: number; reason: string; amount: number; balance_after: number; created_at: string; description: string; reference: string }[];
    expect(lines.map((l) => [l.reason, l.amount, l.balance_after])).toEqual([
      ['topup', 10, 100],
      ['topup', 90, 90],
    ]);
    expect(lines[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(lines[1]?.description).toBe('Card top-up of $100.00 credits');
    expect(all.body.next_before).toBeNull();
    // The statement screen's view: the card payment and its discount are one entry.
    expect(all.body.entries).toEqual([
      expect.objectContaining({ kind: 'topup', amount: 100, held_amount: 0, description: 'Added 100.00 credits (paid US$90.00, 10% off)' }),
    ]);
    expect((all.body.entries as { lines: unknown[] }[])[0]?.lines).toHaveLength(2);
    const first = await server.call('/api/get_transactions?limit=1&t=123', { token });
    expect((first.body.transactions as unknown[]).length).toBe(1);
    const second = await server.call(`/api/get_transactions?limit=1&before=${String(first.body.next_before)}`, { token });
    expect((second.body.transactions as { amount: number }[])[0]?.amount).toBe(90);
    expect((await server.call('/api/get_transactions')).status).toBe(401);
    expect((await server.call('/api/get_transactions?limit=0', { token })).status).toBe(400);
  });

  it('an admin adjusts credits with a reason (ledger + audit log); never below zero; others are refused', async () => {
    const admin = await signUp(server, 'admin@example.com');
    await server.container.get<UserRepository>(UserRepository).setRole(admin.user.id as number, 'admin', null);
    const call = (body: unknown, as = admin.token, headers: Record<string, string> = {}) => server.call('/api/admin/adjust_credits', { body, token: as, headers });
    const minus = await call({ user_id: userId, amount: -5.5, reason: 'Goodwill correction' });
    expect(minus.status).toBe(200);
    expect((minus.body.user as { credits: number }).credits).toBe(94.5);
    const replay = await call({ user_id: userId, amount: 12.25, reason: 'Bonus' }, admin.token, { 'Idempotency-Key': 'adjust-0001' });
    const again = await call({ user_id: userId, amount: 12.25, reason: 'Bonus' }, admin.token, { 'Idempotency-Key': 'adjust-0001' });
    expect([(replay.body.user as { credits: number }).credits, (again.body.user as { credits: number }).credits]).toEqual([106.75, 106.75]);
    const conflict = await call({ user_id: userId, amount: 1, reason: 'Bonus' }, admin.token, { 'Idempotency-Key': 'adjust-0001' });
    expect([conflict.status, conflict.body.error]).toEqual([409, 'ERR_IDEMPOTENCY_CONFLICT']);
    const tooMuch = await call({ user_id: userId, amount: -1000, reason: 'Too much' });
    expect([tooMuch.status, tooMuch.body.error]).toEqual([402, 'ERR_INSUFFICIENT_CREDITS']);
    expect((await call({ user_id: userId, amount: 1, reason: '  ' })).status).toBe(400);
    expect((await call({ user_id: userId, amount: 1.001, reason: 'x' })).status).toBe(400);
    expect((await call({ user_id: 999_999, amount: 1, reason: 'x' })).status).toBe(404);
    expect((await call({ user_id: userId, amount: 1, reason: 'x' }, token)).status).toBe(403);
    const audit = await server.container.get<AuditLogRepository>(AuditLogRepository).list(10);
    expect(audit.filter((r) => r.action === 'adjust_credits').map((r) => JSON.parse(r.details).amountCents)).toEqual(expect.arrayContaining([-550, 1225]));
    expect(audit.filter((r) => r.action === 'adjust_credits')).toHaveLength(2);
    const lines = (await server.call('/api/get_transactions', { token })).body.transactions as { reason: string; amount: number; description: string }[];
    expect(lines[0]).toMatchObject({ reason: 'admin_adjustment', amount: 12.25, description: 'Adjustment by an admin: Bonus' });
    expect(await checkLedger(server.database as Database)).toEqual({ ok: true, problems: [] });
  });

  it('the Stripe webhook route is not available with the dev provider', async () => {
    expect((await server.call('/api/stripe_webhook', { rawBody: '{}', headers: { 'Content-Type': 'application/json' } })).status).toBe(404);
  });
});

describe('credits over HTTP with the Stripe provider pointed at a local stand-in', () => {
  const standIn = new StripeStandIn();
  const secret = 'whsec_http_suite';
  let server: TestServer;
  beforeAll(async () => {
    const apiUrl = await standIn.start();
    server = await startTestServer({
      dialect: 'sqlite',
      env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_http', STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_URL: apiUrl },
    });
  });
  afterAll(async () => {
    await server?.close();
    await standIn.stop();
  });

  it('redirects to the Stripe session URL and credits once from a signed webhook on the raw body', async () => {
    const { token, user } = await signUp(server, 'card@example.com');
    const started = await server.call('/api/create_checkout_session', form({ token, credits: '300' }));
    expect(started.status).toBe(303);
    expect(started.headers.get('location')).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const request = standIn.requests.at(-1)!;
    const payload = sessionEvent('evt_http_1', 'checkout.session.completed', {
      id: started.headers.get('location')!.split('/').pop()!,
      amount_total: 25500,
      metadata: { user_id: String(user.id), credits_cents: '30000', topup_id: String(request.form.get('metadata[topup_id]')) },
    });
    // Whitespace in the body must survive: the signature covers the exact bytes.
    const body = payload.replace('{', '{ ');
    const post = (raw: string, signature: string) =>
      server.call('/api/stripe_webhook', { rawBody: raw, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    const bad = await post(body.replace('25500', '25501'), signature);
    expect([bad.status, bad.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const results = await Promise.all(Array.from({ length: 5 }, () => post(body, signature)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.outcome === 'credited')).toHaveLength(1);
    expect(await cachedCredits(server.database as Database, user.id as number)).toBe(30_000);
    expect(await checkLedger(server.database as Database)).toEqual({ ok: true, problems: [] });
  });
});
