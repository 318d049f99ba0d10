/**
 * axe-core on every main page state, as visitor, amateur, titled player and admin, at desktop and phone width:
 * any serious or critical violation fails (issue 13). Each state waits for its content, not for a timer.
 */
import type { Page } from 'playwright-core';
import { api, createAdmin, describeE2E, describeViolations, seriousViolations, signInPage, signUpByApi, startE2E, type AxeViolation, type E2E } from './support';

let e2e: E2E;
let admin: { token: string; email: string };
beforeAll(async () => {
  e2e = await startE2E();
  admin = await createAdmin(e2e);
  // One titled player offline, so the unavailable list (the rows that once failed contrast) is on screen.
  const away = await signUpByApi(e2e);
  await api(e2e, '/api/admin/set_role', { user_id: away.id, role: 'pro', title: 'WIM' }, admin.token);
  await api(e2e, '/api/update_profile', { firstName: 'Olga', lastName: 'Offline', pricePerMin: 0.8, online: false, lichessUsername: `olga_${away.id}` }, away.token);
}, 90_000);
afterAll(async () => {
  await e2e?.close();
});

type State = { name: string; path: string; ready: (page: Page) => Promise<unknown>; act?: (page: Page) => Promise<unknown> };

const h1 = (page: Page) => page.locator('main h1').first().waitFor();

const VISITOR: State[] = [
  { name: 'landing', path: '/', ready: h1 },
  { name: 'about', path: '/about', ready: h1 },
  { name: 'players', path: '/players', ready: (p) => p.getByTestId('players-roster').waitFor() },
  { name: 'contact', path: '/contact', ready: h1 },
  { name: 'contact with errors', path: '/contact', ready: h1, act: (p) => p.getByRole('button', { name: 'Send message' }).click().then(() => p.getByText('Name is required').waitFor()) },
  { name: 'privacy', path: '/privacy', ready: h1 },
  { name: 'login', path: '/login', ready: h1 },
  { name: 'login with errors', path: '/login', ready: h1, act: (p) => p.getByRole('button', { name: 'Log In', exact: true }).click().then(() => p.getByText('Email is required').waitFor()) },
  { name: 'signup', path: '/signup', ready: h1 },
  { name: 'reset password', path: '/reset_password', ready: h1 },
  { name: 'play (visitor)', path: '/play', ready: (p) => p.getByText('Olga Offline').first().waitFor() },
  { name: 'schedule (visitor)', path: '/schedule', ready: h1 },
  { name: 'not found', path: '/no-such-page', ready: h1 },
  { name: 'burger menu open', path: '/about', ready: h1, act: (p) => p.getByRole('button', { name: 'Open menu' }).click() },
];

async function scan(states: State[], token: string | null, width: number): Promise<string[]> {
  const failures: string[] = [];
  for (const state of states) {
    if (state.name === 'burger menu open' && width > 700) continue; // the burger is a phone control
    const opened = await e2e.open({ width, height: 900 });
    if (token) await signInPage(opened, e2e, token);
    await opened.goto(state.path);
    await state.ready(opened.page);
    if (state.act) await state.act(opened.page);
    const violations: AxeViolation[] = await seriousViolations(opened.page);
    if (violations.length) failures.push(describeViolations(`${state.name} @${width}px`, violations));
    // axe rates a skipped heading level 'moderate'; the outline still matters to a screen-reader user jumping by level.
    const skips = await opened.page.evaluate(() => {
      const found: string[] = [];
      let previous = 0;
      for (const heading of document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')) {
        const level = Number(heading.tagName[1]);
        if (previous && level > previous + 1) found.push(`h${previous} then h${level} (${heading.textContent?.trim().slice(0, 40)})`);
        previous = level;
      }
      return found;
    });
    if (skips.length) failures.push(`${state.name} @${width}px: heading levels skipped: ${skips.join('; ')}`);
    await opened.finish();
  }
  return failures;
}

describeE2E('accessibility (axe-core: no serious or critical violation)', () => {
  it.each([1280, 375])('every visitor page state at %i px', async (width) => {
    expect(await scan(VISITOR, null, width)).toEqual([]);
  }, 120_000);

  it('every signed-in state: amateur, titled player, admin', async () => {
    const amateur = await signUpByApi(e2e);
    await api(e2e, '/api/admin/adjust_credits', { user_id: amateur.id, amount: 40, reason: 'a11y' }, admin.token);
    const pro = await signUpByApi(e2e);
    await api(e2e, '/api/admin/set_role', { user_id: pro.id, role: 'pro', title: 'GM' }, admin.token);
    await api(e2e, '/api/update_profile', { firstName: 'Ada', lastName: 'Axe', pricePerMin: 1, online: true, lichessUsername: `ada_${pro.id}` }, pro.token);
    const adminToken = admin.token;

    const amateurStates: State[] = [
      { name: 'play (amateur)', path: '/play', ready: h1 },
      { name: 'schedule (amateur)', path: '/schedule', ready: h1 },
      { name: 'settings (amateur)', path: '/settings', ready: h1 },
      { name: 'top up', path: '/topup', ready: h1 },
      { name: 'profile menu open', path: '/settings', ready: h1, act: (p) => p.getByRole('button', { name: /Profile menu/ }).click() },
    ];
    const proStates: State[] = [
      { name: 'play (titled player)', path: '/play', ready: h1 },
      { name: 'settings (titled player)', path: '/settings', ready: (p) => p.getByLabel('Price per minute (US$)').waitFor() },
    ];
    const adminStates: State[] = [
      { name: 'admin users', path: '/admin', ready: h1 },
      { name: 'admin games', path: '/admin/games', ready: (p) => p.getByRole('heading', { name: 'Games' }).waitFor() },
      { name: 'admin sessions', path: '/admin/sessions', ready: (p) => p.getByRole('heading', { name: 'Training sessions' }).waitFor() },
    ];

    const failures = [
      ...(await scan(amateurStates, amateur.token, 1280)),
      ...(await scan(amateurStates.slice(0, 2), amateur.token, 375)),
      ...(await scan(proStates, pro.token, 1280)),
      ...(await scan(adminStates, adminToken, 1280)),
      ...(await scan(adminStates, adminToken, 375)),
    ];
    expect(failures).toEqual([]);
  }, 180_000);
});
