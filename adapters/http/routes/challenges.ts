import Router from '@koa/router';
import { z } from 'zod';
import type { Container } from 'inversify';
import { ChallengeService } from '../../../application/play/challenge-service';
import { PushNotifications } from '../../../application/play/push-notifications';
import { PLAY_AS } from '../../../domain/challenges';
import { START_POSITION_TYPES } from '../../../domain/start-positions';
import { ok } from '../envelope';
import { HttpAuth } from '../auth';
import { RateLimiter } from '../rate-limit';
import { noPayloadSchema, parseWith } from '../validation';
import { presentChallenge } from '../presenters/challenge';
import type { AppRouter, HttpState } from '../types';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** send_challenges: the target ids plus the client's game config fields (spec section 3), strictly. */
const sendSchema = z
  .object({
    target_user_ids: z.array(id).min(1, 'Choose at least one opponent').max(100),
    minsPerSide: z.number().int().min(1).max(120),
    incrementInSecs: z.number().int().min(0).max(30),
    playAs: z.enum(PLAY_AS),
    startingFen: z.string().max(100).nullish(),
    startingPositionType: z.enum(START_POSITION_TYPES).nullish(),
  })
  .strict();
const answerSchema = z.object({ challenge_id: id, status: z.enum(['accepted', 'rejected']) }).strict();
const finishSchema = z.object({ challenge_id: id }).strict();
/** A browser's PushSubscription.toJSON(): endpoint, optional expiry, and the two base64url keys. */
const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+=*$/, 'Must be base64url');
const pushSubscriptionSchema = z
  .object({
    endpoint: z.string().min(1).max(2000),
    expirationTime: z.number().nullish(),
    keys: z.object({ p256dh: base64url(200), auth: base64url(100) }).strict(),
  })
  .strict();

/** The live-challenge calls (spec section 7, server.md 4). Each answers the viewer's challenges. */
export function challengeRoutes(container: Container): AppRouter {
  const router = new Router<HttpState>();
  const challenges = container.get(ChallengeService);
  const auth = container.get(HttpAuth);
  const limiter = container.get(RateLimiter);
  const push = container.get(PushNotifications);

  // Web Push (titled players and admins receive challenges): the public key to subscribe with, and the subscription.
  router.get('/api/push_public_key', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ok(ctx, { public_key: push.publicKey });
  });

  router.post('/api/save_push_subscription', async (ctx) => {
    const user = await auth.role(ctx, ['pro', 'admin']);
    const input = parseWith(pushSubscriptionSchema, ctx.request.body);
    limiter.hit([`push-subscribe:user:${user.id}`], { max: 60, windowMs: 15 * 60_000 });
    await push.subscribe(user, { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
    ok(ctx, {});
  });

  router.post('/api/send_challenges', async (ctx) => {
    const user = await auth.required(ctx);
    const input = parseWith(sendSchema, ctx.request.body);
    limiter.hit([`send:user:${user.id}`]);
    const views = await challenges.send(user, {
      targetIds: input.target_user_ids,
      config: {
        minsPerSide: input.minsPerSide,
        incrementInSecs: input.incrementInSecs,
        playAs: input.playAs,
        startingFen: input.startingFen ?? null,
        startingPositionType: input.startingPositionType ?? null,
      },
    });
    ok(ctx, { challenges: views.map(presentChallenge) });
  });

  router.post('/api/accept_reject_challenge', async (ctx) => {
    const user = await auth.required(ctx);
    const input = parseWith(answerSchema, ctx.request.body);
    ok(ctx, { challenges: (await challenges.respond(user, input.challenge_id, input.status)).map(presentChallenge) });
  });

  router.post('/api/cancel_challenges', async (ctx) => {
    const user = await auth.required(ctx);
    parseWith(noPayloadSchema, ctx.request.body);
    ok(ctx, { challenges: (await challenges.cancel(user)).map(presentChallenge) });
  });

  router.post('/api/finish_challenge', async (ctx) => {
    const user = await auth.required(ctx);
    const input = parseWith(finishSchema, ctx.request.body);
    ok(ctx, { challenges: (await challenges.finish(user, input.challenge_id)).map(presentChallenge) });
  });

  return router;
}
