import Router from '@koa/router';
import { z } from 'zod';
import type { Container } from 'inversify';
import { AdminUserService } from '../../../application/admin/admin-users';
import { ROLES, TITLES } from '../../../domain/limits';
import { parseWith } from '../validation';
import { ok } from '../envelope';
import { HttpAuth } from '../auth';
import { presentAdminUser, presentUser } from '../presenters/user';
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

export function adminRoutes(container: Container): AppRouter {
  const router = new Router<HttpState>();
  const admin = container.get(AdminUserService);
  const auth = container.get(HttpAuth);

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
    ok(ctx, { user: presentUser(user) });
  });

  return router;
}
