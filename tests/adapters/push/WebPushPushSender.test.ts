/**
 * WebPushPushSender against a local push service: each request must be a valid Web Push message (RFC 8030
 * headers, an aes128gcm body the subscription's keys decrypt, RFC 8292 VAPID signature); 404/410 mean gone.
 */
import crypto from 'node:crypto';
import https from 'node:https';
import ece from 'http_ece';
import { InMemoryPushSubscriptionRepository } from '../../../adapters/persistence/in-memory/InMemoryPushSubscriptionRepository';
import { generateVapidKeys, WebPushPushSender } from '../../../adapters/push/WebPushPushSender';
import { PushNotifications } from '../../../application/play/push-notifications';
import type { AppLogger, Clock } from '../../../application/ports/system';
import type { User } from '../../../domain/user';
import { PushServiceStandIn } from './push-service-stand-in';

const b64url = (buf: Buffer) => buf.toString('base64url');

/** A browser's subscription: its own P-256 key pair and auth secret, as PushManager.subscribe makes them. */
function browserSubscription(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, record: { endpoint, p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
}

/** Verifies `vapid t=<jwt>, k=<key>` with the server's public key; returns the JWT's claims. */
function verifyVapid(authorization: string, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [, jwt, k] = match;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt!.split('.');
  expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const point = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) }, format: 'jwk' });
  const valid = crypto.verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  expect(valid).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>;
}

describe('WebPushPushSender against a local push service', () => {
  const service = new PushServiceStandIn();
  const vapid = { ...generateVapidKeys(), subject: 'mailto:support@titledchess.example' };
  let sender: WebPushPushSender;

  beforeAll(async () => {
    await service.start();
    sender = new WebPushPushSender(vapid, { agent: new https.Agent({ ca: service.cert }), timeoutMs: 5000 });
  });
  afterAll(() => service.stop());

  it('sends an encrypted, VAPID-signed message that only the subscription can read', async () => {
    const browser = browserSubscription(`${service.origin}/push/abc`);
    const message = { title: 'New challenge', body: 'Ann challenges you: 5+0, $7.50.', url: '/play', tag: 'challenge-b1' };
    expect(await sender.send(browser.record, message)).toBe('sent');
    const request = service.received.at(-1)!;
    expect([request.method, request.path]).toEqual(['POST', '/push/abc']);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers['content-type']).toBe('application/octet-stream');
    expect(request.headers.ttl).toBe('60');
    expect(request.headers.urgency).toBe('high');
    const claims = verifyVapid(String(request.headers.authorization), vapid.publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe('mailto:support@titledchess.example');
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
    expect(Number(claims.exp)).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
    // The body is not the message in clear; the browser's private key and auth secret decrypt it.
    expect(request.body.toString('utf8')).not.toContain('New challenge');
    const plain = ece.decrypt(request.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: b64url(browser.auth) });
    expect(JSON.parse(plain.toString('utf8'))).toEqual(message);
  });

  it.each([404, 410])('a %i answer means the subscription is gone', async (status) => {
    service.statusFor.set(`/push/gone-${status}`, status);
    expect(await sender.send(browserSubscription(`${service.origin}/push/gone-${status}`).record, { title: 't', body: 'b', url: '/play', tag: 'x' })).toBe('gone');
  });

  it('any other failure throws (the caller logs it)', async () => {
    service.statusFor.set('/push/broken', 500);
    await expect(sender.send(browserSubscription(`${service.origin}/push/broken`).record, { title: 't', body: 'b', url: '/play', tag: 'x' })).rejects.toThrow();
  });

  it('PushNotifications: notifies each target browser, forgets gone ones, keeps failing ones, never throws', async () => {
    const repo = new InMemoryPushSubscriptionRepository();
    const warnings: string[] = [];
    const logger = { info: () => undefined, warn: (_f: object, m: string) => warnings.push(m), error: () => undefined } as unknown as AppLogger;
    const clock = { now: () => new Date('2026-11-23T12:00:00Z') } as Clock;
    const push = new PushNotifications(repo, sender, logger, clock);
    const live = browserSubscription(`${service.origin}/push/live`);
    const gone = browserSubscription(`${service.origin}/push/expired`);
    const broken = browserSubscription(`${service.origin}/push/down`);
    service.statusFor.set('/push/expired', 410);
    service.statusFor.set('/push/down', 503);
    for (const [userId, s] of [[7, live], [7, gone], [8, broken]] as const) {
      await repo.save({ userId, ...s.record, createdAt: clock.now() });
    }
    const before = service.received.length;
    const ann = { id: 1, firstName: 'Ann', lastName: 'Amateur', username: 'ann' } as User;
    await push.notifyIncoming(ann, [
      { targetUserId: 7, batchId: 'b9', minsPerSide: 5, incrementSecs: 0, priceCents: 750 },
      { targetUserId: 8, batchId: 'b9', minsPerSide: 5, incrementSecs: 0, priceCents: 1000 },
    ]);
    expect(service.received.length - before).toBe(3);
    const toLive = service.received.slice(before).find((r) => r.path === '/push/live')!;
    const plain = JSON.parse(ece.decrypt(toLive.body, { version: 'aes128gcm', privateKey: live.ecdh, authSecret: b64url(live.auth) }).toString('utf8'));
    expect(plain).toEqual({ title: 'New challenge', body: 'Ann Amateur challenges you: 5+0, $7.50. Accept on the Play page.', url: '/play', tag: 'challenge-b9' });
    expect((await repo.listForUsers([7, 8])).map((s) => s.endpoint).sort()).toEqual([`${service.origin}/push/down`, `${service.origin}/push/live`]);
    expect(warnings).toEqual(['push: sending failed']);
  });

  it('refuses a subscription endpoint that is not https (the server would call wherever a client points)', async () => {
    const push = new PushNotifications(new InMemoryPushSubscriptionRepository(), sender, { info() {}, warn() {}, error() {} } as unknown as AppLogger, { now: () => new Date() } as Clock);
    const user = { id: 3 } as User;
    for (const endpoint of ['http://push.example/x', 'file:///etc/passwd', 'not a url', 'https://user:pw@push.example/x']) {
      await expect(push.subscribe(user, { endpoint, p256dh: 'a', auth: 'b' })).rejects.toMatchObject({ kind: 'validation' });
    }
  });
});
