import type { ParameterizedContext, DefaultContext } from 'koa';
import type Router from '@koa/router';
import type { Container } from 'inversify';
import type { User } from '../../domain/user';

/** What middleware leaves on ctx.state for the routes. */
export interface HttpState {
  requestId: string;
  /** Set by HttpAuth once the caller is known. */
  user?: User | null;
  /** The raw token hash of the caller's session, when authenticated. */
  tokenHash?: string;
}

export type HttpContext = ParameterizedContext<HttpState, DefaultContext>;
export type AppRouter = Router<HttpState, DefaultContext>;

/** A feature's routes: a function of the container returning a router (mounted at the root). */
export type RouteModule = (container: Container) => AppRouter;

declare module 'koa' {
  interface Request {
    /** Parsed JSON or form body (middleware/body.ts); undefined for raw and multipart routes. */
    body?: unknown;
    /** The exact bytes received, kept for signature checks (Stripe webhooks). */
    rawBody?: Buffer;
  }
}
