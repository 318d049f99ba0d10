import Router from '@koa/router';
import getRawBody from 'raw-body';
import { z } from 'zod';
import type { Container } from 'inversify';
import { AppError, isAppError } from '../../../domain/errors';
import { LIMITS } from '../../../domain/limits';
import { dollarsToCents, hasAtMostTwoDecimals } from '../../../domain/money';
import { SessionService } from '../../../application/accounts/sessions';
import { AdminCreditsService } from '../../../application/credits/admin-credits';
import { StatementService, STATEMENT_PAGE } from '../../../application/credits/statement';
import { TopUpService } from '../../../application/credits/topups';
import { PaymentProvider } from '../../../application/ports/payments';
import { IdGenerator } from '../../../application/ports/system';
import { ERROR_TABLE } from '../error-table';
import { ok } from '../envelope';
import { HttpAuth, tokenFrom } from '../auth';
import { parseWith } from '../validation';
import { presentAdminUser } from '../presenters/user';
import { presentStatementEntry, presentStatementLine } from '../presenters/ledger';
import type { AppRouter, HttpContext, HttpState } from '../types';

/** Form fields arrive as text, JSON as numbers: both become a number here; the use case checks the range. */
const dollars = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, 'Must be a number').transform(Number)]);

const checkoutSchema = z.object({ token: z.string().max(500).optional(), credits: dollars }).strict();
const statementQuery = z.object({
  limit: z.coerce.number().int().min(1).max(STATEMENT_PAGE.max).optional(),
  before: z.coerce.number().int().positive().optional(),
  t: z.string().optional(),
});
const adjustSchema = z
  .object({
    user_id: z.number().int().positive(),
    amount: z.number().refine((v) => hasAtMostTwoDecimals(v) && v !== 0, 'A non-zero amount in US$ with at most 2 decimals'),
    reason: z.string().trim().min(1, 'A reason is required').max(500),
  })
  .strict();

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;

/** A browser form post (not a script): errors go back to /topup as a redirect rather than a JSON page. */
function isFormPost(ctx: HttpContext): boolean {
  return ctx.request.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
}

export function creditsRoutes(container: Container): AppRouter {
  const router = new Router<HttpState>();
  const sessions = container.get(SessionService);
  const topUps = container.get(TopUpService);
  const statement = container.get(StatementService);
  const adminCredits = container.get(AdminCreditsService);
  const provider = container.get<PaymentProvider>(PaymentProvider);
  const ids = container.get<IdGenerator>(IdGenerator);
  const auth = container.get(HttpAuth);

  // The top-up form posts here with the token as a field (a plain form cannot set headers) and follows the 303.
  router.post('/api/create_checkout_session', async (ctx) => {
    try {
      const input = parseWith(checkoutSchema, ctx.request.body);
      const token = input.token?.trim() || tokenFrom(ctx);
      if (!token) throw new AppError('unauthorized', 'Log in to continue');
      const { user } = await sessions.authenticate(token);
      const started = await topUps.startCheckout(user.id, input.credits);
      ctx.status = 303;
      ctx.redirect(started.url);
    } catch (error) {
      if (!isFormPost(ctx) || !isAppError(error) || error.kind === 'internal') throw error;
      // Only the code travels: the page shows its own text for it, never text from the URL.
      const query = new URLSearchParams({ status: 'error', error: ERROR_TABLE[error.kind].code });
      ctx.status = 303;
      ctx.redirect(`/topup?${query.toString()}`);
    }
  });

  // Stripe signs the exact bytes it sent: the body parser skips this path and the raw body is read here.
  router.post('/api/stripe_webhook', async (ctx) => {
    let raw: Buffer;
    try {
      raw = await getRawBody(ctx.req, { limit: LIMITS.jsonBodyBytes });
    } catch (error) {
      if ((error as { type?: string }).type === 'entity.too.large') throw new AppError('payload_too_large', 'Body too large');
      throw new AppError('validation', 'Could not read the request body');
    }
    const event = provider.parseWebhook(raw, ctx.get('Stripe-Signature'));
    const outcome = await topUps.handleEvent(event);
    ok(ctx, { outcome });
  });

  router.get('/api/get_transactions', async (ctx) => {
    const user = await auth.required(ctx);
    const query = parseWith(statementQuery, ctx.query);
    const page = await statement.statement(user.id, { limit: query.limit, before: query.before ?? null });
    ok(ctx, { transactions: page.lines.map(presentStatementLine), entries: page.entries.map(presentStatementEntry), next_before: page.nextBefore });
  });

  router.post('/api/admin/adjust_credits', async (ctx) => {
    const admin = await auth.role(ctx, ['admin']);
    const input = parseWith(adjustSchema, ctx.request.body);
    const headerKey = ctx.get('Idempotency-Key').trim();
    if (headerKey && !IDEMPOTENCY_KEY.test(headerKey)) {
      throw AppError.validation([{ path: 'Idempotency-Key', message: '8 to 100 letters, digits or . _ : -' }]);
    }
    const user = await adminCredits.adjust({
      actorUserId: admin.id,
      userId: input.user_id,
      amountCents: dollarsToCents(input.amount),
      reason: input.reason,
      idempotencyKey: `admin-adjust:${headerKey || ids.uuid()}`,
    });
    ok(ctx, { user: presentAdminUser(user) });
  });

  return router;
}
