import Router from '@koa/router';
import { z } from 'zod';
import type { Container } from 'inversify';
import { ContactService } from '../../../application/support/contact-service';
import { ClientLogService } from '../../../application/support/client-log-service';
import { LIMITS } from '../../../domain/limits';
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
    const input = parseWith(saveLogsSchema, ctx.request.body);
    // Logs are attributed to the caller when the token is good; a stale token must not lose the logs.
    const user = await auth.optional(ctx).catch(() => null);
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
