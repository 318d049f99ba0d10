import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppLogger } from '../../../application/ports/system';
import type { HttpState } from '../types';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives each request an id (an incoming X-Request-Id is kept when it is safe) and logs its outcome. */
export function requestContext(logger: AppLogger): Middleware<HttpState> {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    ctx.state.requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // Polling calls are frequent and uninteresting when they succeed: log them only when they fail.
      const quiet = ctx.path === '/api/get_app_state' && ctx.status < 400;
      if (!quiet) {
        logger.info(
          { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms) },
          'request',
        );
      }
    }
  };
}
