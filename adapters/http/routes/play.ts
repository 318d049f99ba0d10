import Router from '@koa/router';
import type { Container } from 'inversify';
import { AppStateService } from '../../../application/play/app-state-service';
import { ok } from '../envelope';
import { HttpAuth, tokenFrom } from '../auth';
import { presentOpponent } from '../presenters/opponent';
import { presentUser } from '../presenters/user';
import { presentChallenge } from '../presenters/challenge';
import { presentSession } from '../presenters/session';
import { OpponentsSnapshotCache, shortHash } from '../opponents-snapshot';
import { gzipMember } from '../gzip-assembly';
import { AppSettings } from '../../../application/ports/settings';
import type { AppRouter, HttpContext, HttpState } from '../types';
import { RosterChanges } from '../../../application/play/roster-changes';

/**
 * True when the request's If-None-Match names one of `etags` (strong comparison; `*` matches). Not Koa's ctx.fresh:
 * that answers "stale" whenever the request says Cache-Control: no-cache, which fetch adds to every hand-made
 * conditional request; the directive is for caches, and the origin may still answer 304 for a matching tag.
 */
export function ifNoneMatch(header: string, ...etags: string[]): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || etags.includes(t);
  });
}

/** The play screen's 1 Hz poll. */
export const POLL_PATH = '/api/get_app_state';

type Coding = 'br' | 'gzip' | 'identity';
const CODINGS: readonly Coding[] = ['br', 'gzip', 'identity'];

/**
 * A strong ETag names one representation's bytes, so each content coding has its own tag. A client that holds
 * any of them holds the same data: a match on any answers 304 (with the tag of the coding it would get now).
 */
function etagsFor(version: string): Record<Coding, string> {
  return { identity: `"${version}"`, gzip: `"${version}-gzip"`, br: `"${version}-br"` };
}

/** Answers 304 when the client already holds this version; otherwise sets the tag of the coding it gets. */
function notModified(ctx: HttpContext, version: string, coding: Coding): boolean {
  const etags = etagsFor(version);
  ctx.set('ETag', etags[coding]);
  if (!ifNoneMatch(ctx.get('If-None-Match'), ...CODINGS.map((c) => etags[c]))) return false;
  ctx.status = 304;
  return true;
}

/** The content coding to send: the best the client accepts of `offered` (Accept-Encoding), else identity. */
function chooseCoding(ctx: HttpContext, offered: readonly Coding[]): Coding {
  const chosen = ctx.acceptsEncodings(...offered);
  return typeof chosen === 'string' && (offered as readonly string[]).includes(chosen) ? (chosen as Coding) : 'identity';
}

/** Sends prepared bytes as they are: koa-compress must not compress them again. */
function sendBytes(ctx: HttpContext, coding: Coding, pieces: readonly Buffer[]): void {
  ctx.compress = false;
  if (coding !== 'identity') ctx.set('Content-Encoding', coding);
  ctx.body = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
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

  const rosterChanges = container.get(RosterChanges);
  const snapshots = new OpponentsSnapshotCache(() => appState.roster(), () => Date.now(), settings.opponentsSnapshotMs, () => rosterChanges.version);

  /**
   * Polled every second by every open play screen. The opponents come from a shared snapshot (serialized once a
   * second at most); the viewer's part is small and read fresh. A strong ETag (the snapshot's hash plus the
   * viewer part's) lets an unchanged poll be a 304 with no body; `no-cache` makes browsers ask every time.
   */
  router.get(POLL_PATH, async (ctx) => {
    const token = tokenFrom(ctx);
    const snapshot = await snapshots.get();
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Vary', 'Authorization, Accept-Encoding');
    ctx.type = 'application/json; charset=utf-8';
    if (!token) {
      // Every visitor gets the same bytes: compressed once per snapshot version, not per request.
      const coding = chooseCoding(ctx, CODINGS);
      if (notModified(ctx, snapshot.hash, coding)) return;
      const body = snapshot.visitorBody();
      sendBytes(ctx, coding, [coding === 'br' ? body.br : coding === 'gzip' ? body.gzip : body.raw]);
      return;
    }
    // The session and the viewer's part are read together (HttpAuth's check, one round trip on Postgres).
    const mine = await appState.pollWithToken(token, snapshot.roster.profiles);
    const viewer = mine.user;
    ctx.state.user = viewer;
    ctx.state.tokenHash = mine.tokenHash;
    const own = `"challenges":${JSON.stringify(mine.challenges.map(presentChallenge))},"scheduled_challenges":${JSON.stringify(mine.scheduledChallenges.map(presentSession))}`;
    const user = JSON.stringify(presentUser(viewer));
    // Brotli streams cannot be spliced: a signed-in answer (its own head and tail around the shared list) is gzip.
    const coding = chooseCoding(ctx, ['gzip', 'identity']);
    if (notModified(ctx, `${snapshot.hash}.${shortHash(`${viewer.id}|${own}|${user}`)}`, coding)) return;
    // Assembled from bytes: the shared list is never re-serialized, and its gzip form is deflated once per version.
    const head = Buffer.from(`{"success":true,${own},"opponents":`);
    const tail = Buffer.from(`,"user":${user}}`);
    sendBytes(ctx, coding, coding === 'gzip' ? gzipMember(head, snapshot.gzipListExcept(viewer.id), tail) : [head, ...snapshot.opponentsExcept(viewer.id), tail]);
  });

  router.get('/api/get_schedule_data', async (ctx) => {
    const viewer = await auth.optional(ctx);
    const data = await appState.getScheduleData(viewer);
    noStore(ctx);
    ok(ctx, { opponents: data.opponents.map(presentOpponent), scheduled_challenges: data.scheduledChallenges.map(presentSession) });
  });

  return router;
}
