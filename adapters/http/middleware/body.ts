import getRawBody from 'raw-body';
import type { Middleware } from 'koa';
import { AppError } from '../../../domain/errors';
import { LIMITS } from '../../../domain/limits';
import type { HttpState } from '../types';
import { unsafeTextIssues } from './text-safety';

export interface BodyOptions {
  /** Paths whose body is read by the route itself (raw webhooks, multipart uploads). */
  skip: (path: string) => boolean;
  /** Paths a plain HTML form posts to (the top-up form, the development stand-in pages). */
  formPaths: (path: string) => boolean;
  /** Paths that also take a text/plain JSON body (a log flush sent with navigator.sendBeacon). */
  textPaths: (path: string) => boolean;
  /** This site's own origin (scheme, host, port), for the cross-site check on form and text bodies. */
  publicOrigin: string;
}

/**
 * Form and text/plain bodies are "simple requests" a hostile page can make a visitor's browser send without a CORS
 * preflight: they are accepted only from this site (Sec-Fetch-Site same-origin or none, Origin ours when sent).
 * JSON bodies need a preflight, which this server never grants to other origins.
 */
function refuseCrossSite(ctx: { get(name: string): string }, publicOrigin: string): void {
  const site = ctx.get('Sec-Fetch-Site');
  const origin = ctx.get('Origin');
  // Sec-Fetch-Site, when the browser sends it, says exactly how the request relates to us. Origin alone is weaker:
  // under this site's no-referrer policy a browser sends `Origin: null` even for its own same-origin form post.
  const crossSite = site ? site !== 'same-origin' && site !== 'none' : origin !== '' && origin !== publicOrigin;
  if (crossSite) throw new AppError('forbidden', 'Cross-site form posts are refused');
}

/**
 * Reads JSON bodies (and, on the few paths that need them, form and text/plain bodies) with a 1 MB cap. Malformed JSON is ERR_VALIDATION; an oversized body
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
    const form = type === 'application/x-www-form-urlencoded' && options.formPaths(ctx.path);
    const text = type === 'text/plain' && options.textPaths(ctx.path);
    if (form || text) refuseCrossSite(ctx, options.publicOrigin);
    if (form) {
      ctx.request.body = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    } else if (type === 'application/json' || text) {
      try {
        ctx.request.body = JSON.parse(raw.toString('utf8')) as unknown;
      } catch {
        throw AppError.validation([{ path: '(body)', message: 'Malformed JSON' }]);
      }
    } else {
      throw AppError.validation([{ path: '(body)', message: 'Send the body as JSON (Content-Type: application/json)' }]);
    }
    const issues = unsafeTextIssues(ctx.request.body);
    if (issues.length > 0) throw AppError.validation(issues);
    return next();
  };
}
