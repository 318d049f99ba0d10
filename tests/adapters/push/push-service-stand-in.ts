import https from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';

export interface ReceivedPush {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A local push service over HTTPS (web-push speaks only https), with a throw-away self-signed certificate the
 * test's agent trusts. Records every request; answers 201, or the status set for a path (404/410 = gone).
 */
export class PushServiceStandIn {
  readonly received: ReceivedPush[] = [];
  readonly statusFor = new Map<string, number>();
  readonly cert: string;
  private readonly key: string;
  private server: https.Server | null = null;
  origin = '';

  constructor() {
    const pems = selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
      days: 1,
      keySize: 2048,
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    this.cert = pems.cert;
    this.key = pems.private;
  }

  async start(): Promise<string> {
    this.server = https.createServer({ key: this.key, cert: this.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = this.statusFor.get(req.url ?? '') ?? 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.origin;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
