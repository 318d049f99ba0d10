import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form-encoded body Stripe's client sends, decoded. */
  form: URLSearchParams;
}

/**
 * A local stand-in for the part of the Stripe API the server uses: POST /v1/checkout/sessions. It records
 * every request, honours Idempotency-Key like Stripe (same key -> same session), and can be told to fail.
 */
export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  failWith: number | null = null;
  private readonly byKey = new Map<string, Record<string, unknown>>();
  private server: Server | null = null;
  private counter = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        this.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
        res.setHeader('Content-Type', 'application/json');
        if (this.failWith) {
          res.statusCode = this.failWith;
          res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in failure' } }));
          return;
        }
        if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
          res.statusCode = 404;
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No such route ${req.url}` } }));
          return;
        }
        const key = String(req.headers['idempotency-key'] ?? '');
        let session = key ? this.byKey.get(key) : undefined;
        if (!session) {
          const id = `cs_test_${++this.counter}`;
          session = {
            id,
            object: 'checkout.session',
            mode: form.get('mode'),
            payment_status: 'unpaid',
            status: 'open',
            amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
            currency: form.get('line_items[0][price_data][currency]'),
            client_reference_id: form.get('client_reference_id'),
            metadata: {
              user_id: form.get('metadata[user_id]'),
              credits_cents: form.get('metadata[credits_cents]'),
              topup_id: form.get('metadata[topup_id]'),
            },
            success_url: form.get('success_url'),
            cancel_url: form.get('cancel_url'),
            url: `https://checkout.stripe.test/c/pay/${id}`,
          };
          if (key) this.byKey.set(key, session);
        }
        res.statusCode = 200;
        res.end(JSON.stringify(session));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** A Stripe event for a checkout session, as the webhook would deliver it. */
export function sessionEvent(
  id: string,
  type: string,
  session: { id: string; amount_total: number; currency?: string; payment_status?: string; metadata: Record<string, string>; client_reference_id?: string },
): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { object: 'checkout.session', currency: 'usd', payment_status: 'paid', ...session } },
  });
}
