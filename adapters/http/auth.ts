import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/errors';
import type { Role } from '../../domain/limits';
import type { User } from '../../domain/user';
import { SessionService } from '../../application/accounts/sessions';
import type { HttpContext } from './types';

/** Reads `Authorization: <token>` (an optional `Bearer ` prefix is accepted). */
export function tokenFrom(ctx: HttpContext): string | null {
  const header = ctx.get('Authorization').trim();
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token !== 'null' && token !== 'undefined' ? token : null;
}

/** Authentication and role checks for routes. Results are cached on ctx.state for the request. */
@injectable()
export class HttpAuth {
  constructor(@inject(SessionService) private readonly sessions: SessionService) {}

  /** The caller, or 401: ERR_UNAUTHORIZED without a token, ERR_TOKEN_EXPIRED with a bad one. */
  async required(ctx: HttpContext): Promise<User> {
    const user = await this.optional(ctx);
    if (!user) throw new AppError('unauthorized', 'Log in to continue');
    return user;
  }

  /** The caller or null for a visitor; a token that is present but bad is still ERR_TOKEN_EXPIRED. */
  async optional(ctx: HttpContext): Promise<User | null> {
    if (ctx.state.user !== undefined) return ctx.state.user;
    const token = tokenFrom(ctx);
    if (!token) {
      ctx.state.user = null;
      return null;
    }
    const session = await this.sessions.authenticate(token);
    ctx.state.user = session.user;
    ctx.state.tokenHash = session.tokenHash;
    return session.user;
  }

  /** The caller when their role is one of `roles`, else 403 ERR_FORBIDDEN. */
  async role(ctx: HttpContext, roles: readonly Role[]): Promise<User> {
    const user = await this.required(ctx);
    if (!roles.includes(user.role)) throw new AppError('forbidden', 'You are not allowed to do this');
    return user;
  }
}
