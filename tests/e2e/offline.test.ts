/** The service worker caches the app shell: a page seen once opens again without a network. */
import { describeE2E, startE2E, type E2E } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 90_000);
afterAll(async () => {
  await e2e?.close();
});

describeE2E('service worker', () => {
  it('takes control without reloading a first visit, and serves the cached shell offline', async () => {
    const opened = await e2e.open();
    const { page, context } = opened;
    let loads = 0;
    page.on('load', () => (loads += 1));
    await opened.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
    // The first install claims the page without a reload (a reload is only for replacing an older worker).
    await page.waitForTimeout(500);
    expect(loads).toBe(1);

    await page.reload(); // now controlled: the shell and this page's assets go into the cache
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('header .brand').count()).toBe(1);
    await context.setOffline(false);
    await opened.finish();
  });
});
