/** Web Push over HTTP: the public key, saving a titled player's subscription, and a push when challenged. */
import crypto from 'node:crypto';
import https from 'node:https';
import ece from 'http_ece';
import { PushSender, type PushSender as PushSenderPort } from '../../application/ports/push';
import { UnitOfWork } from '../../application/ports/system';
import { UserRepository } from '../../application/ports/users';
import { CreditsService } from '../../application/credits/credits-service';
import { generateVapidKeys, WebPushPushSender } from '../../adapters/push/WebPushPushSender';
import { outsideUnitOfWork } from '../../adapters/system/outside-unit-of-work';
import { PushServiceStandIn } from '../adapters/push/push-service-stand-in';
import { describeEachDialect } from '../support/databases';
import { signUp, startTestServer, type TestServer } from '../support/http';

jest.setTimeout(30_000);

describeEachDialect('Web Push over HTTP', (dialect) => {
  const service = new PushServiceStandIn();
  const vapid = { ...generateVapidKeys(), subject: 'mailto:support@titledchess.example' };
  let server: TestServer;
  let users: UserRepository;
  let counter = 0;

  beforeAll(async () => {
    await service.start();
    server = await startTestServer({
      dialect,
      override: (c) => {
        c.rebindSync<PushSenderPort>(PushSender).toDynamicValue((ctx) =>
          outsideUnitOfWork<PushSenderPort>(new WebPushPushSender(vapid, { agent: new https.Agent({ ca: service.cert }) }), ctx.get<UnitOfWork>(UnitOfWork), 'PushSender'),
        );
      },
    });
    users = server.container.get<UserRepository>(UserRepository);
  });
  afterAll(async () => {
    await server?.close();
    await service.stop();
  });

  async function pro(): Promise<{ id: number; token: string }> {
    counter += 1;
    const { token, user } = await signUp(server, `pushpro${counter}@example.com`);
    const id = user.id as number;
    await users.setRole(id, 'pro', 'FM');
    await users.updateProfile(id, { firstName: 'Pia', lastName: `Push${counter}`, lichessUsername: `pia${counter}`, online: true, pricePerMinCents: 100 });
    await users.markSeen(id, server.clock.now(), 0);
    return { id, token };
  }

  function browser(path: string) {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = crypto.randomBytes(16);
    return { ecdh, auth, json: { endpoint: `${service.origin}${path}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
  }

  it('serves the public key the browser subscribes with', async () => {
    const result = await server.call('/api/push_public_key');
    expect([result.status, result.body.public_key]).toEqual([200, vapid.publicKey]);
  });

  it('a titled player saves a subscription and is notified, encrypted, when challenged', async () => {
    const target = await pro();
    const b = browser(`/push/${dialect}/p1`);
    expect((await server.call('/api/save_push_subscription', { token: target.token, body: b.json })).status).toBe(200);
    const amateur = await signUp(server, `pushamateur${counter}@example.com`);
    await server.container.get(CreditsService).transfer(
      { from: 'platform:adjustments', to: `user:${amateur.user.id as number}:available`, amountCents: 5000, reason: 'admin_adjustment', description: 'funds', reference: null },
      `fund-push-${dialect}-${counter}`,
    );
    const before = service.received.length;
    const sent = await server.call('/api/send_challenges', { token: amateur.token, body: { target_user_ids: [target.id], minsPerSide: 5, incrementInSecs: 3, playAs: 'random' } });
    expect(sent.status).toBe(200);
    // The push goes out after the answer (never delaying it): wait for the push service to hear it.
    for (let i = 0; i < 100 && service.received.length === before; i += 1) await new Promise((r) => setTimeout(r, 50));
    const request = service.received.at(-1)!;
    expect(request.path).toBe(`/push/${dialect}/p1`);
    const message = JSON.parse(ece.decrypt(request.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth.toString('base64url') }).toString('utf8'));
    expect(message).toMatchObject({ title: 'New challenge', url: '/play', body: expect.stringContaining('challenges you: 5+3, $5.00') });
  });

  it('refuses regular players, non-https endpoints and malformed keys with a code, saving nothing', async () => {
    const regular = await signUp(server, `regular-push-${dialect}@example.com`);
    const target = await pro();
    const good = browser('/push/x').json;
    expect((await server.call('/api/save_push_subscription', { token: regular.token, body: good })).status).toBe(403);
    expect((await server.call('/api/save_push_subscription', { body: good })).status).toBe(401);
    for (const body of [
      { ...good, endpoint: 'http://push.example/x' },
      { ...good, endpoint: 'javascript:alert(1)' },
      { ...good, keys: { p256dh: 'not base64!', auth: 'x' } },
      { ...good, keys: { p256dh: 'abc' } },
      { ...good, extra: 1 },
      { endpoint: 'https://push.example/x' },
    ]) {
      const result = await server.call('/api/save_push_subscription', { token: target.token, body });
      expect([result.status, result.body.error]).toEqual([400, 'ERR_VALIDATION']);
    }
  });
});
