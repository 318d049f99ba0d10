import Router from '@koa/router';
import type { Container } from 'inversify';
import { AppError } from '../../domain/errors';
import { TopUpService } from '../../application/credits/topups';
import type { AppRouter, HttpState } from '../http/types';
import { devCheckoutEvent } from './DevPaymentProvider';
import { devCheckoutPage } from './dev-checkout-page';

/** Top-up ids are UUIDs; anything else is 404 before any lookup. */
const TOPUP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /dev/checkout/{id}: the development profile's payment page. Pay and Cancel run TopUpService.handleEvent,
 * the same code a Stripe webhook runs, then send the browser back to /topup like the provider would.
 * Mounted only outside production and only with PAYMENT_PROVIDER=dev.
 */
export function devCheckoutRoutes(container: Container): AppRouter {
  const router = new Router<HttpState>();
  const topUps = container.get(TopUpService);

  const load = async (id: string) => {
    if (!TOPUP_ID.test(id)) throw new AppError('not_found', 'No such checkout');
    const topUp = await topUps.find(id);
    if (!topUp) throw new AppError('not_found', 'No such checkout');
    return topUp;
  };

  router.get('/dev/checkout/:id', async (ctx) => {
    const topUp = await load(ctx.params.id ?? '');
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = devCheckoutPage(topUp);
  });

  for (const action of ['pay', 'cancel'] as const) {
    router.post(`/dev/checkout/:id/${action}`, async (ctx) => {
      const topUp = await load(ctx.params.id ?? '');
      await topUps.handleEvent(devCheckoutEvent(topUp, action));
      const after = await topUps.find(topUp.id);
      ctx.status = 303;
      ctx.redirect(`/topup?status=${after?.status === 'paid' ? 'success' : 'canceled'}`);
    });
  }
  return router;
}
