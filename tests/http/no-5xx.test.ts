import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { AppLogger } from '../../application/ports/system';
import { CapturingAppLogger } from '../../adapters/system/CapturingAppLogger';
import { signUp, startTestServer, type TestServer } from '../support/http';

/** Inputs an outside review turned into 500s; each must be a 4xx (or a 502 for an outside service) with a code. */
describe('no 5xx from bad input or an absent outside service', () => {
  const servers: TestServer[] = [];
  afterAll(async () => Promise.all(servers.map((s) => s.close())));
  async function server(options: Parameters<typeof startTestServer>[0] = {}): Promise<{ server: TestServer; logger: CapturingAppLogger }> {
    const logger = new CapturingAppLogger();
    const s = await startTestServer({ ...options, override: (c) => c.rebindSync<AppLogger>(AppLogger).toConstantValue(logger) });
    servers.push(s);
    return { server: s, logger };
  }

  it('a malformed multipart body on save_profile_image is 400', async () => {
    const { server: s } = await server();
    const { token } = await signUp(s, 'multipart@example.com');
    for (const body of ['--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nunterminated', 'not multipart at all', '--x--']) {
      const result = await s.call('/api/save_profile_image', { token, rawBody: body, headers: { 'Content-Type': 'multipart/form-data; boundary=x' } });
      expect([body.slice(0, 10), result.status, result.body.error]).toEqual([body.slice(0, 10), 400, 'ERR_VALIDATION']);
    }
  });

  it('a 10,000-character path is a plain 404, logged as nothing unexpected', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'tcm-longpath-'));
    const dist = join(parent, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
    try {
      const { server: s, logger } = await server({ webDistDir: dist });
      for (const path of [`/${'a'.repeat(10_000)}`, `/assets/${'b'.repeat(10_000)}.js`, `/${'c/'.repeat(3000)}x.js`]) {
        const response = await fetch(`${s.url}${path}`);
        expect(response.status).toBeLessThan(500);
      }
      expect(logger.entries.filter((e) => e.level === 'error')).toEqual([]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('a correctly signed Stripe event with an object for an id is 400, nothing credited', async () => {
    const secret = 'whsec_test_secret';
    const { server: s } = await server({
      env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_URL: 'http://127.0.0.1:9' },
    });
    const deliver = (payload: string) =>
      s.call('/api/stripe_webhook', {
        rawBody: payload,
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
      });
    // Not an event at all: 400.
    for (const payload of [
      JSON.stringify({ id: { $gt: '' }, type: 'checkout.session.completed', data: { object: {} } }),
      JSON.stringify({ id: 'evt_1', type: 42, data: null }),
      JSON.stringify([1, 2, 3]),
    ]) {
      const result = await deliver(payload);
      expect([payload.slice(0, 20), result.status, result.body.error]).toEqual([payload.slice(0, 20), 400, 'ERR_VALIDATION']);
    }
    // An event whose session is unusable is acknowledged (Stripe stops retrying) and credits nothing.
    const junk = await deliver(JSON.stringify({ id: 'evt_2', type: 'checkout.session.completed', data: { object: { id: ['cs'], metadata: 'x', payment_status: {} } } }));
    expect(junk.status).toBe(200);
    expect(junk.body.outcome).not.toBe('credited');
  });

  it('signing in with Google while Google is unreachable is 502 ERR_IDENTITY_PROVIDER', async () => {
    const { server: s } = await server({
      env: { IDENTITY_PROVIDER: 'google', GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'http://127.0.0.1:9' },
    });
    const result = await s.call('/api/oauth/google');
    expect([result.status, result.body.error]).toEqual([502, 'ERR_IDENTITY_PROVIDER']);
  });
});
