import Koa from 'koa';
import helmet from 'koa-helmet';
import compress from 'koa-compress';
import type { Container } from 'inversify';
import { AppLogger } from '../../application/ports/system';
import { AppError } from '../../domain/errors';
import { requestContext } from './middleware/request-context';
import { errorHandler } from './middleware/errors';
import { bodyParser } from './middleware/body';
import { serveWebApp } from './static';
import { PROFILE_IMAGE_PATH } from './routes/profile';
import { POLL_PATH } from './routes/play';
import type { HttpState, RouteModule } from './types';

/** Paths whose body the route reads itself: the Stripe webhook needs the exact bytes, uploads are multipart. */
export const RAW_BODY_PATHS = new Set(['/api/stripe_webhook', PROFILE_IMAGE_PATH]);
/** The one API call a plain HTML form posts to (the top-up form follows the provider's redirect). */
export const FORM_BODY_PATHS = new Set(['/api/create_checkout_session']);

export interface AppOptions {
  routes: RouteModule[];
  /** Built web app to serve with the SPA fallback; null for API-only (most HTTP tests). */
  webDistDir: string | null;
  publicUrl: string;
  /** Trust X-Forwarded-* from a reverse proxy (for the client address used by rate limits). */
  trustProxy: boolean;
  /**
   * How many proxies in front append to X-Forwarded-For: the client address is the entry the outermost of them
   * added, never one the client wrote itself (default 1).
   */
  proxyHops?: number;
}

export function createApp(container: Container, options: AppOptions): Koa<HttpState> {
  const app = new Koa<HttpState>({ proxy: options.trustProxy, maxIpsCount: options.trustProxy ? (options.proxyHops ?? 1) : 0 });
  const logger = container.get<AppLogger>(AppLogger);
  // Koa's own error event would print stacks for errors we already answered and logged.
  app.silent = true;

  app.use(requestContext(logger));
  app.use(errorHandler(logger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Dev pages and React's style attributes use inline styles; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          // The top-up form posts to us and is redirected to the card payment page.
          formAction: ["'self'", 'https://checkout.stripe.com'],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // The Google sign-in popup must be able to reach its opener to close itself.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    }),
  );
  // The 1 Hz poll prepares its own encodings once per version (routes/play.ts): it skips this middleware's work.
  const compressAnswers = compress({ threshold: 1024 });
  app.use((ctx, next) => (ctx.path === POLL_PATH ? next() : compressAnswers(ctx, next)));
  app.use(
    bodyParser({
      skip: (path) => RAW_BODY_PATHS.has(path),
      formPaths: (path) => FORM_BODY_PATHS.has(path) || path.startsWith('/dev/'),
      textPaths: (path) => path === '/api/save_logs',
      publicOrigin: new URL(options.publicUrl).origin,
    }),
  );

  for (const module of options.routes) {
    const router = module(container);
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true, notImplemented: () => new AppError('not_found', 'Not implemented'), methodNotAllowed: () => new AppError('not_found', 'Method not allowed') }));
  }

  if (options.webDistDir) app.use(serveWebApp({ root: options.webDistDir, publicUrl: options.publicUrl }));

  // Anything left is unknown: API paths answer the envelope, other paths a plain 404.
  app.use(async (ctx) => {
    if (ctx.path.startsWith('/api/')) throw new AppError('not_found', 'No such call');
    ctx.status = 404;
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = 'Not found';
  });
  return app;
}
