import Router from '@koa/router';
import { z } from 'zod';
import type { Container } from 'inversify';
import { ContactService } from '../../../application/support/contact-service';
import { ClientLogService } from '../../../application/support/client-log-service';
import { LIMITS } from '../../../domain/limits';
import { AppError } from '../../../domain/errors';
import { STUDY_POSITIONS } from '../../../content/study-positions';
import { Database } from '../../persistence/typeorm/database';
import { boundedDate, parseWith } from '../validation';
import { ok } from '../envelope';
import { HttpAuth } from '../auth';
import { RateLimiter } from '../rate-limit';
import { limitAttempts } from './accounts';
import type { AppRouter, HttpState } from '../types';

const contactSchema = z
  .object({
    name: z.string().max(LIMITS.text.name * 2),
    email: z.string().max(LIMITS.text.email + 100),
    lichess: z.string().max(LIMITS.text.username * 2).nullish(),
    chesscom: z.string().max(LIMITS.text.username * 2).nullish(),
    message: z.string().max(LIMITS.text.contactMessage * 2),
  })
  .strict();

const logEntrySchema = z
  .object({
    uuid: z.string().uuid(),
    level: z.enum(['debug', 'info', 'warn', 'error']),
    // Over-long texts are cut, not refused: losing a whole batch of logs to one long line helps nobody.
    message: z.string().transform((m) => m.slice(0, LIMITS.text.logMessage)),
    context: z.unknown().optional(),
    timestamp: z.union([z.string(), z.number()]).pipe(z.coerce.date()).pipe(boundedDate),
    user_id: z.number().int().nullish(),
    app_load_uuid: z.string().max(64),
  })
  .strict();

const saveLogsSchema = z.object({ logs: z.array(logEntrySchema).max(LIMITS.logsPerRequest) }).strict();

/**
 * What one browser may send as logs: a call at most 128 KB, 120 calls per 15 minutes (a flush every 30 s is 30),
 * 2 MB a day. Without them anyone could fill the disk through this anonymous call.
 */
export const LOG_BUDGET = {
  callBytes: 128 * 1024,
  calls: { max: 120, windowMs: 15 * 60_000 },
  dailyBytes: { max: 2 * 1024 * 1024, windowMs: 24 * 3_600_000 },
};

function capContext(context: unknown): unknown {
  const text = JSON.stringify(context ?? null) ?? 'null';
  return text.length <= LIMITS.text.logContext ? context ?? null : { truncated: text.slice(0, LIMITS.text.logContext) };
}

export function supportRoutes(container: Container): AppRouter {
  const router = new Router<HttpState>();
  const contact = container.get(ContactService);
  const clientLogs = container.get(ClientLogService);
  const auth = container.get(HttpAuth);
  const limiter = container.get(RateLimiter);
  const database = container.isBound(Database) ? container.get(Database) : null;

  router.post('/api/contact_us', async (ctx) => {
    const input = parseWith(contactSchema, ctx.request.body);
    limitAttempts(limiter, ctx, 'contact', input.email);
    const user = await auth.optional(ctx);
    await contact.send({ ...input, lichess: input.lichess ?? '', chesscom: input.chesscom ?? '' }, user?.id ?? null);
    ok(ctx);
  });

  router.post('/api/save_logs', async (ctx) => {
    const bytes = ctx.request.rawBody?.length ?? 0;
    if (bytes > LOG_BUDGET.callBytes) throw new AppError('payload_too_large', `At most ${LOG_BUDGET.callBytes / 1024} KB of logs per call`);
    const input = parseWith(saveLogsSchema, ctx.request.body);
    // Logs are attributed to the caller when the token is good; a stale token must not lose the logs.
    const user = await auth.optional(ctx).catch(() => null);
    // Budgets per signed-in user, else per address: a client flushing every 30 s stays far inside them.
    const who = user ? `user:${user.id}` : `ip:${ctx.ip}`;
    limiter.hit([`logs:${who}`], LOG_BUDGET.calls);
    limiter.count([`logs-bytes:${who}`], bytes, LOG_BUDGET.dailyBytes);
    limiter.check([`logs-bytes:${who}`], LOG_BUDGET.dailyBytes, 0);
    const stored = await clientLogs.save(
      input.logs.map((entry) => ({ ...entry, context: capContext(entry.context) })),
      user?.id ?? null,
    );
    ok(ctx, { stored });
  });

  router.get('/api/study_positions', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=600');
    ok(ctx, { studies: STUDY_POSITIONS });
  });

  router.get('/api/health', async (ctx) => {
    const up = database ? await database.ping() : true;
    ctx.set('Cache-Control', 'no-store');
    if (up) ok(ctx, { db: 'ok' });
    else {
      ctx.status = 503;
      ctx.body = { success: false, error: 'ERR_INTERNAL', db: 'down' };
    }
  });

  return router;
}
