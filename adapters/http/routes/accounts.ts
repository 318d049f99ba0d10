import Router from '@koa/router';
import { z } from 'zod';
import { isAppError } from '../../../domain/errors';
import type { Container } from 'inversify';
import { AccountService } from '../../../application/accounts/accounts';
import { PasswordResetService } from '../../../application/accounts/password-reset';
import { normalizeEmail } from '../../../domain/user';
import { LIMITS } from '../../../domain/limits';
import { noPayloadSchema, parseWith } from '../validation';
import { ok } from '../envelope';
import { HttpAuth } from '../auth';
import { RateLimiter } from '../rate-limit';
import { presentUser } from '../presenters/user';
import type { AppRouter, HttpContext, HttpState } from '../types';

// Lengths are capped loosely here; the precise rules (and their spec texts) live in domain/accounts.ts.
const email = z.string().max(LIMITS.text.email + 100);
const password = z.string().max(LIMITS.password.max + 100);

const credentialsSchema = z.object({ email, password }).strict();
const signUpSchema = z.object({ email, password, timezone: z.string().max(64).nullish() }).strict();
const resetSchema = z.object({ email }).strict();
const setPasswordSchema = z.object({ token: z.string().max(200), password }).strict();

/** Counts an attempt per client address and per e-mail (server.md 9: 10 per 15 minutes by default). */
export function limitAttempts(limiter: RateLimiter, ctx: HttpContext, action: string, address: string): void {
  limiter.hit([`${action}:ip:${ctx.ip}`, `${action}:email:${normalizeEmail(address)}`]);
}

export function accountRoutes(container: Container): AppRouter {
  const router = new Router<HttpState>();
  const accounts = container.get(AccountService);
  const resets = container.get(PasswordResetService);
  const auth = container.get(HttpAuth);
  const limiter = container.get(RateLimiter);

  router.post('/api/signup', async (ctx) => {
    const input = parseWith(signUpSchema, ctx.request.body);
    limitAttempts(limiter, ctx, 'signup', input.email);
    const { user, token } = await accounts.signUp(input);
    ok(ctx, { user: presentUser(user), token });
  });

  /**
   * Wrong passwords are counted, successes are not, so people behind one office or club address do not lock each
   * other out. The per-e-mail limit applies only to an address that has itself failed for that e-mail: someone
   * guessing from elsewhere cannot lock the owner out, while each address still gets few guesses.
   */
  router.post('/api/login', async (ctx) => {
    const input = parseWith(credentialsSchema, ctx.request.body);
    const email = normalizeEmail(input.email);
    const keys = { ip: `login-fail:ip:${ctx.ip}`, email: `login-fail:email:${email}`, pair: `login-fail:pair:${ctx.ip}:${email}` };
    limiter.check([keys.ip, keys.pair]);
    if (limiter.used(keys.pair) > 0) limiter.check([keys.email]);
    try {
      const { user, token } = await accounts.logIn(input);
      ok(ctx, { user: presentUser(user), token });
    } catch (error) {
      if (isAppError(error) && error.kind === 'user_pass') limiter.count([keys.ip, keys.email, keys.pair]);
      throw error;
    }
  });

  router.post('/api/logout', async (ctx) => {
    parseWith(noPayloadSchema, ctx.request.body);
    await auth.required(ctx);
    await accounts.logOut(ctx.state.tokenHash as string);
    ok(ctx);
  });

  router.post('/api/reset_password', async (ctx) => {
    const input = parseWith(resetSchema, ctx.request.body);
    limitAttempts(limiter, ctx, 'reset', input.email);
    await resets.requestReset(input);
    ok(ctx);
  });

  router.post('/api/set_password', async (ctx) => {
    const input = parseWith(setPasswordSchema, ctx.request.body);
    limiter.hit([`set_password:ip:${ctx.ip}`]);
    const { user, token } = await resets.setPassword(input);
    ok(ctx, { user: presentUser(user), token });
  });

  return router;
}
