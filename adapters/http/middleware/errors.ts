import type { Middleware } from 'koa';
import { AppError, type ErrorKind } from '../../../domain/errors';
import type { AppLogger } from '../../../application/ports/system';
import { ERROR_TABLE } from '../error-table';
import type { HttpState } from '../types';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
}

/** Errors raised by Koa or body parsers that carry an HTTP status of their own. */
function kindFromHttpError(error: unknown): ErrorKind | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as HttpLikeError;
  const status = e.status ?? e.statusCode;
  if (status === 413 || e.type === 'entity.too.large') return 'payload_too_large';
  if (status === 400 || status === 415 || status === 422) return 'validation';
  if (status === 404) return 'not_found';
  return null;
}

/**
 * Turns every thrown error into the envelope with an honest status. Unexpected errors are logged with the
 * request id and answered as ERR_INTERNAL, never with a stack trace.
 */
export function errorHandler(logger: AppLogger): Middleware<HttpState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      let appError: AppError;
      if (error instanceof AppError) {
        appError = error;
      } else {
        const kind = kindFromHttpError(error);
        appError = kind ? new AppError(kind, kind === 'validation' ? 'Bad request' : kind) : new AppError('internal');
        if (!kind) {
          logger.error(
            { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, err: serializeError(error) },
            'unexpected error',
          );
        }
      }
      if (appError.kind === 'internal' && error instanceof AppError) {
        logger.error({ requestId: ctx.state.requestId, path: ctx.path, message: appError.message }, 'internal error');
      }
      const { status, code } = ERROR_TABLE[appError.kind];
      ctx.status = status;
      if (appError.details.retryAfterSeconds) ctx.set('Retry-After', String(appError.details.retryAfterSeconds));
      const body: Record<string, unknown> = { success: false, error: code, request_id: ctx.state.requestId };
      if (appError.kind !== 'internal' && appError.message !== appError.kind) body.message = appError.message;
      if (appError.details.issues) body.issues = appError.details.issues;
      if (appError.details.ids) body.ids = appError.details.ids;
      ctx.body = body;
    }
  };
}

function serializeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { value: String(error) };
}
