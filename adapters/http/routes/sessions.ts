import Router from '@koa/router';
import { z } from 'zod';
import type { Container } from 'inversify';
import { SessionService } from '../../../application/play/session-service';
import { LIMITS } from '../../../domain/limits';
import { AppError } from '../../../domain/errors';
import { ok } from '../envelope';
import { HttpAuth } from '../auth';
import { parseWith, safeText } from '../validation';
import { presentSession } from '../presenters/session';
import type { AppRouter, HttpState } from '../types';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const sessionId = z.object({ challenge_id: id }).strict();

/** schedule_game with the spec's Schedule request fields; the rules and their texts are the use case's. */
const scheduleSchema = z
  .object({
    opponentId: id.nullable(),
    lichessProfile: safeText(LIMITS.text.username),
    minsPerSide: z.number().int().min(1).max(120),
    timezone: safeText(64),
    availableTimes: safeText(LIMITS.text.scheduleText, { multiline: true }),
    details: safeText(LIMITS.text.scheduleText, { multiline: true }).optional(),
    analysisRequested: z.boolean(),
  })
  .strict();

/** An ISO 8601 UTC instant within the next two years (no session is booked further ahead). */
const utcInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/, 'An ISO 8601 UTC time such as 2026-02-10T18:00:00Z')
  .transform((text) => new Date(text))
  .refine((d) => !Number.isNaN(d.getTime()) && d.getTime() < Date.now() + 2 * 366 * 86_400_000, 'A real time within the next two years');

const confirmSchema = z
  .object({ challenge_id: id, scheduled_at_utc: utcInstant, video_call_url: safeText(500).nullish() })
  .strict();
const reportSchema = z.object({ challenge_id: id, report: safeText(LIMITS.text.scheduleText, { multiline: true }).refine((t) => t.trim().length > 0, 'Describe the problem') }).strict();
const resolveSchema = z.object({ challenge_id: id, outcome: z.enum(['pay', 'refund']) }).strict();
const inviteQuery = z.object({ challenge_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), t: z.string().max(50).optional() }).strict();

/** Scheduled training sessions (server.md 2 and 5). Each answers the viewer's `scheduled_challenges`. */
export function sessionRoutes(container: Container): AppRouter {
  const router = new Router<HttpState>();
  const sessions = container.get(SessionService);
  const auth = container.get(HttpAuth);

  router.post('/api/schedule_game', async (ctx) => {
    const user = await auth.required(ctx);
    const input = parseWith(scheduleSchema, ctx.request.body);
    const views = await sessions.schedule(user, { ...input, details: input.details ?? '' });
    ok(ctx, { scheduled_challenges: views.map(presentSession) });
  });

  router.post('/api/confirm_scheduled_game', async (ctx) => {
    const user = await auth.required(ctx);
    const input = parseWith(confirmSchema, ctx.request.body);
    const videoCallUrl = input.video_call_url?.trim() || null;
    ok(ctx, { scheduled_challenges: (await sessions.confirm(user, input.challenge_id, input.scheduled_at_utc, videoCallUrl)).map(presentSession) });
  });

  router.post('/api/decline_scheduled_game', async (ctx) => {
    const user = await auth.required(ctx);
    const input = parseWith(sessionId, ctx.request.body);
    ok(ctx, { scheduled_challenges: (await sessions.decline(user, input.challenge_id)).map(presentSession) });
  });

  router.post('/api/cancel_scheduled_game', async (ctx) => {
    const user = await auth.required(ctx);
    const input = parseWith(sessionId, ctx.request.body);
    ok(ctx, { scheduled_challenges: (await sessions.cancel(user, input.challenge_id)).map(presentSession) });
  });

  router.post('/api/report_session_problem', async (ctx) => {
    const user = await auth.required(ctx);
    const input = parseWith(reportSchema, ctx.request.body);
    ok(ctx, { scheduled_challenges: (await sessions.reportProblem(user, input.challenge_id, input.report.trim())).map(presentSession) });
  });

  /** "Add to calendar": the participant's invite as an .ics download (404 while no time is set). */
  router.get('/api/session_invite', async (ctx) => {
    const user = await auth.required(ctx);
    const query = parseWith(inviteQuery, ctx.query);
    const ics = await sessions.invite(user, query.challenge_id);
    if (ics === null) throw new AppError('not_found', 'The session has no time yet');
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="training-session-${query.challenge_id}.ics"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = ics;
  });

  router.post('/api/admin/resolve_session', async (ctx) => {
    const admin = await auth.role(ctx, ['admin']);
    const input = parseWith(resolveSchema, ctx.request.body);
    const session = await sessions.resolve(admin, input.challenge_id, input.outcome);
    ok(ctx, { status: session.status });
  });

  return router;
}
