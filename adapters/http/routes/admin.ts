import Router from '@koa/router';
import { z } from 'zod';
import type { Container } from 'inversify';
import { AdminPlayService } from '../../../application/admin/admin-play';
import { AdminUserService } from '../../../application/admin/admin-users';
import { LIVE_STATUSES } from '../../../domain/challenges';
import { SESSION_STATUSES } from '../../../domain/scheduled-sessions';
import { ROLES, TITLES } from '../../../domain/limits';
import { parseWith } from '../validation';
import { ok } from '../envelope';
import { HttpAuth } from '../auth';
import { presentAdminUser } from '../presenters/user';
import { presentAdminChallenge, presentAdminSession } from '../presenters/admin-play';
import type { AppRouter, HttpState } from '../types';

const searchSchema = z
  .object({ query: z.string().max(200).default(''), limit: z.coerce.number().int().min(1).max(200).default(50), t: z.string().optional() })
  .strict();

const setRoleSchema = z
  .object({
    user_id: z.number().int().positive(),
    role: z.enum(ROLES),
    title: z.union([z.enum(TITLES), z.literal(''), z.null()]).optional(),
  })
  .strict();

const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** The shared list filter of the admin's games and sessions: status, a user (either side), paging by id. */
function listQuery<S extends readonly [string, ...string[]]>(statuses: S) {
  return z
    .object({
      status: z.enum(statuses).optional(),
      user_id: queryId.optional(),
      before: queryId.optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      t: z.string().max(50).optional(),
    })
    .strict();
}
const challengeListQuery = listQuery(LIVE_STATUSES);
const sessionListQuery = listQuery(SESSION_STATUSES);
const cancelGameSchema = z.object({ challenge_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();

export function adminRoutes(container: Container): AppRouter {
  const router = new Router<HttpState>();
  const admin = container.get(AdminUserService);
  const auth = container.get(HttpAuth);
  const play = container.get(AdminPlayService);

  router.get('/api/admin/users', async (ctx) => {
    await auth.role(ctx, ['admin']);
    const input = parseWith(searchSchema, ctx.query);
    const users = await admin.search(input.query, input.limit);
    ok(ctx, { users: users.map(presentAdminUser) });
  });

  router.post('/api/admin/set_role', async (ctx) => {
    const actor = await auth.role(ctx, ['admin']);
    const input = parseWith(setRoleSchema, ctx.request.body);
    const title = input.title === '' ? null : input.title;
    const user = await admin.setRole(actor, { userId: input.user_id, role: input.role, title });
    ok(ctx, { user: presentAdminUser(user) });
  });

  router.get('/api/admin/challenges', async (ctx) => {
    await auth.role(ctx, ['admin']);
    const q = parseWith(challengeListQuery, ctx.query);
    const views = await play.listChallenges({ status: q.status, userId: q.user_id, beforeId: q.before, limit: q.limit });
    ok(ctx, { challenges: views.map(presentAdminChallenge) });
  });

  router.get('/api/admin/sessions', async (ctx) => {
    await auth.role(ctx, ['admin']);
    const q = parseWith(sessionListQuery, ctx.query);
    const views = await play.listSessions({ status: q.status, userId: q.user_id, beforeId: q.before, limit: q.limit });
    ok(ctx, { sessions: views.map(presentAdminSession) });
  });

  router.post('/api/admin/cancel_game', async (ctx) => {
    const admin = await auth.role(ctx, ['admin']);
    const input = parseWith(cancelGameSchema, ctx.request.body);
    ok(ctx, { challenge: presentAdminChallenge(await play.cancelGame(admin, input.challenge_id)) });
  });

  return router;
}
