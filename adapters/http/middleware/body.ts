import getRawBody from 'raw-body';
import type { Middleware } from 'koa';
import { AppError } from '../../../domain/errors';
import { LIMITS } from '../../../domain/limits';
import type { HttpState } from '../types';
import { unsafeTextIssues } from './text-safety';

export interface BodyOptions {
  /** Paths whose body is read by the route itself (raw webhooks, multipart uploads). */
  skip: (path: string) => boolean;
}

/**
 * Reads JSON and URL-encoded bodies with a 1 MB cap. Malformed JSON is ERR_VALIDATION; an oversized body
 * is ERR_PAYLOAD_TOO_LARGE. Other content types with a body are refused. Control characters, lone surrogates
 * and deep nesting are refused in any body or query (./text-safety.ts). The exact bytes stay on
 * ctx.request.rawBody.
 */
export function bodyParser(options: BodyOptions): Middleware<HttpState> {
  return async (ctx, next) => {
    // Query strings reach schemas and databases too: the same rule for every method.
    const queryIssues = unsafeTextIssues(ctx.query);
    if (queryIssues.length > 0) throw AppError.validation(queryIssues);
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method) || options.skip(ctx.path)) return next();
    const length = ctx.get('Content-Length');
    if (length && Number(length) > LIMITS.jsonBodyBytes) throw new AppError('payload_too_large', 'Body too large');
    let raw: Buffer;
    try {
      raw = await getRawBody(ctx.req, { limit: LIMITS.jsonBodyBytes, length: length || undefined });
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type === 'entity.too.large') throw new AppError('payload_too_large', 'Body too large');
      throw new AppError('validation', 'Could not read the request body');
    }
    ctx.request.rawBody = raw;
    if (raw.length === 0) {
      ctx.request.body = {};
      return next();
    }
    const type = ctx.request.is('application/json', 'application/x-www-form-urlencoded', 'text/plain');
    if (type === 'application/x-www-form-urlencoded') {
      ctx.request.body = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    } else if (type === 'application/json' || type === 'text/plain') {
      // text/plain is what navigator.sendBeacon sends for a string: the log flush on page close uses it.
      try {
        ctx.request.body = JSON.parse(raw.toString('utf8')) as unknown;
      } catch {
        throw AppError.validation([{ path: '(body)', message: 'Malformed JSON' }]);
      }
    } else {
      throw AppError.validation([{ path: '(body)', message: 'Unsupported content type' }]);
    }
    const issues = unsafeTextIssues(ctx.request.body);
    if (issues.length > 0) throw AppError.validation(issues);
    return next();
  };
}
