import Router from '@koa/router';
import type { Container } from 'inversify';
import { AppStateService } from '../../../application/play/app-state-service';
import { ok } from '../envelope';
import { HttpAuth } from '../auth';
import { presentOpponent } from '../presenters/opponent';
import { presentUser } from '../presenters/user';
import { presentChallenge } from '../presenters/challenge';
import { presentSession } from '../presenters/session';
import { OpponentsSnapshotCache, shortHash } from '../opponents-snapshot';
import { AppSettings } from '../../../application/ports/settings';
import type { AppRouter, HttpContext, HttpState } from '../types';

/**
 * True when the request's If-None-Match names `etag` (strong comparison; `*` matches). Not Koa's ctx.fresh: that
 * answers "stale" whenever the request says Cache-Control: no-cache, which fetch adds to every hand-made
 * conditional request; the directive is for caches, and the origin may still answer 304 for a matching tag.
 */
export function ifNoneMatch(header: string, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag;
  });
}

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
  const settings = container.get<AppSettings>(AppSettings);

  const snapshots = new OpponentsSnapshotCache(() => appState.roster(), () => Date.now(), settings.opponentsSnapshotMs);

  /**
   * Polled every second by every open play screen. The opponents come from a shared snapshot (serialized once a
   * second at most); the viewer's part is small and read fresh. A strong ETag (the snapshot's hash plus the
   * viewer part's) lets an unchanged poll be a 304 with no body; `no-cache` makes browsers ask every time.
   */
  router.get('/api/get_app_state', async (ctx) => {
    const viewer = await auth.optional(ctx);
    const snapshot = await snapshots.get();
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Vary', 'Authorization, Accept-Encoding');
    ctx.type = 'application/json; charset=utf-8';
    if (!viewer) {
      const etag = `"${snapshot.hash}"`;
      ctx.set('ETag', etag);
      if (ifNoneMatch(ctx.get('If-None-Match'), etag)) {
        ctx.status = 304;
        return;
      }
      // Every visitor gets the same bytes: compressed once per snapshot version, not per request.
      const body = snapshot.visitorBody();
      const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
      ctx.compress = false;
      if (encoding === 'br' || encoding === 'gzip') {
        ctx.set('Content-Encoding', encoding);
        ctx.body = encoding === 'br' ? body.br : body.gzip;
      } else ctx.body = body.raw;
      return;
    }
    const mine = await appState.viewerState(viewer, snapshot.roster.profiles);
    const head = `"challenges":${JSON.stringify(mine.challenges.map(presentChallenge))},"scheduled_challenges":${JSON.stringify(mine.scheduledChallenges.map(presentSession))}`;
    const user = JSON.stringify(presentUser(viewer));
    const etag = `"${snapshot.hash}.${shortHash(`${viewer.id}|${head}|${user}`)}"`;
    ctx.set('ETag', etag);
    if (ifNoneMatch(ctx.get('If-None-Match'), etag)) {
      ctx.status = 304;
      return;
    }
    // Assembled from bytes: the shared list is copied once into the answer, never re-serialized or re-encoded.
    ctx.body = Buffer.concat([Buffer.from(`{"success":true,${head},"opponents":`), ...snapshot.opponentsExcept(viewer.id), Buffer.from(`,"user":${user}}`)]);
  });

  router.get('/api/get_schedule_data', async (ctx) => {
    const viewer = await auth.optional(ctx);
    const data = await appState.getScheduleData(viewer);
    noStore(ctx);
    ok(ctx, { opponents: data.opponents.map(presentOpponent), scheduled_challenges: data.scheduledChallenges.map(presentSession) });
  });

  return router;
}
