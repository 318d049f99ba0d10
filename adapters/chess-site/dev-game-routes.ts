import Router from '@koa/router';
import { AppError } from '../../domain/errors';
import type { AppRouter, HttpState } from '../http/types';
import { DEV_RESULTS, type DevChessSite, type DevResult } from './DevChessSite';
import { devGamePage } from './dev-game-page';

function isDevResult(value: unknown): value is DevResult {
  return typeof value === 'string' && Object.hasOwn(DEV_RESULTS, value);
}

/**
 * /dev/game/{id}: the development chess site's game page. Opening it starts the game; the buttons end it. The
 * money follows through the same path as on Lichess: finish_challenge or the follow-up job reads the result.
 * Mounted only outside production and only with CHESS_SITE=dev.
 */
export function devGameRoutes(site: DevChessSite): AppRouter {
  const router = new Router<HttpState>();

  router.get('/dev/game/:id', async (ctx) => {
    const game = site.markStarted(ctx.params.id ?? '');
    if (!game) throw new AppError('not_found', 'No such game');
    const color = typeof ctx.query.color === 'string' ? ctx.query.color : null;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = devGamePage(game, color);
  });

  router.post('/dev/game/:id/end', async (ctx) => {
    const result = (ctx.request.body as Record<string, unknown> | undefined)?.result;
    if (!isDevResult(result)) throw AppError.validation([{ path: 'result', message: 'result must be white, black, draw or aborted' }]);
    const game = site.end(ctx.params.id ?? '', result);
    if (!game) throw new AppError('not_found', 'No such game');
    ctx.status = 303;
    ctx.redirect(`/dev/game/${encodeURIComponent(game.id)}`);
  });
  return router;
}
