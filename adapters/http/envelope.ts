import type { HttpContext } from './types';

/** Writes a successful envelope `{ success: true, ...payload }`. */
export function ok(ctx: HttpContext, payload: Record<string, unknown> = {}, status = 200): void {
  ctx.status = status;
  ctx.body = { success: true, ...payload };
}
