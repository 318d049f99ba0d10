/**
 * Cumulative layout shift on a first visit (issue 13): the landing and Play routes, desktop and phone, measured
 * with the browser's own PerformanceObserver ('layout-shift', shifts without recent input), must stay under 0.1.
 */
import type { Page } from 'playwright-core';
import { describeE2E, signInPage, signUpByApi, startE2E, type E2E } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 90_000);
afterAll(async () => {
  await e2e?.close();
});

const GOOD_CLS = 0.1;

/** Registers the observer before any of the page's own code runs; the sum is read from window.__cls. */
async function observeLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        const nodes = (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName)));
        w.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function measure(page: Page, ready: () => Promise<unknown>): Promise<{ cls: number; shifts: string[] }> {
  await ready();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(1000); // late shifts (images, fonts, a poll's first answer) land here
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}

describeE2E('layout shift on a first visit (CLS < 0.1)', () => {
  it.each([
    ['desktop', 1280, 900],
    ['phone', 375, 740],
  ])('landing page, %s', async (_name, width, height) => {
    const opened = await e2e.open({ width, height });
    await observeLayoutShift(opened.page);
    await opened.goto('/');
    const { cls, shifts } = await measure(opened.page, () => opened.page.locator('main h1').first().waitFor());
    expect({ cls: cls <= GOOD_CLS, shifts }).toEqual({ cls: true, shifts });
    // The font the styles name is the font people get: self-hosted Inter, loaded.
    const inter = await opened.page.evaluate(() => [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Inter Variable' && f.status === 'loaded'));
    expect(inter).toBe(true);
    expect(await opened.page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter Variable"?,/);
    await opened.finish();
  });

  it.each([
    ['desktop', 1280, 900],
    ['phone', 375, 740],
  ])('Play, signed in, %s', async (_name, width, height) => {
    const user = await signUpByApi(e2e);
    const opened = await e2e.open({ width, height });
    await signInPage(opened, e2e, user.token);
    await observeLayoutShift(opened.page);
    await opened.goto('/play');
    const { cls, shifts } = await measure(opened.page, () => opened.page.getByRole('heading', { name: 'Play now' }).waitFor());
    expect({ cls: cls <= GOOD_CLS, shifts }).toEqual({ cls: true, shifts });
    await opened.finish();
  });

  it('Play for a visitor, desktop', async () => {
    const opened = await e2e.open({ width: 1280, height: 900 });
    await observeLayoutShift(opened.page);
    await opened.goto('/play');
    const { cls, shifts } = await measure(opened.page, () => opened.page.getByRole('heading', { name: 'Play now' }).waitFor());
    expect({ cls: cls <= GOOD_CLS, shifts }).toEqual({ cls: true, shifts });
    await opened.finish();
  });
});
