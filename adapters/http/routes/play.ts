import Router from '@koa/router';
import type { Container } from 'inversify';
import { AppStateService } from '../../../application/play/app-state-service';
import { ok } from '../envelope';
import { HttpAuth } from '../auth';
import { presentOpponent } from '../presenters/opponent';
import { presentUser } from '../presenters/user';
import { presentChallenge } from '../presenters/challenge';
import { presentSession } from '../presenters/session';
import type { AppRouter, HttpContext, HttpState } from '../types';

/** Presence and availability change every few seconds: no cache (browser, proxy or service worker) may keep them. */
function noStore(ctx: HttpContext): void {
  ctx.set('Cache-Control', 'no-store');
}

/**
 * The play and schedule screens' reads. The token is optional: a visitor gets the opponents and `user: null`;
 * a token that is present but unknown, expired or revoked still answers 401 ERR_TOKEN_EXPIRED (HttpAuth.optional),
 * so a client with a dead session learns it instead of silently becoming a visitor. Query parameters (`t`
 * cache-busting) are ignored.
 */
export function playRoutes(container: Container): AppRouter {
  const router = new Router<HttpState>();
  const appState = container.get(AppStateService);
  const auth = container.get(HttpAuth);

  router.get('/api/get_app_state', async (ctx) => {
    const viewer = await auth.optional(ctx);
    const state = await appState.getAppState(viewer);
    noStore(ctx);
    ok(ctx, {
      challenges: state.challenges.map(presentChallenge),
      scheduled_challenges: state.scheduledChallenges.map(presentSession),
      opponents: state.opponents.map(presentOpponent),
      user: state.user ? presentUser(state.user) : null,
    });
  });

  router.get('/api/get_schedule_data', async (ctx) => {
    const viewer = await auth.optional(ctx);
    const data = await appState.getScheduleData(viewer);
    noStore(ctx);
    ok(ctx, { opponents: data.opponents.map(presentOpponent), scheduled_challenges: data.scheduledChallenges.map(presentSession) });
  });

  return router;
}
