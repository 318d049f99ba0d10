/**
 * The web app as a person meets it (issue 13): our own screen when a page's code cannot load, the whole app
 * offline after one visit, feedback where the eye is, and menus that answer the keyboard.
 */
import { api, createAdmin, describeE2E, signInPage, signUpByApi, startE2E, type E2E } from './support';

let e2e: E2E;
let admin: { token: string };
beforeAll(async () => {
  e2e = await startE2E();
  admin = await createAdmin(e2e);
}, 90_000);
afterAll(async () => {
  await e2e?.close();
});

describeE2E('walkthrough: errors, offline, feedback, keyboard', () => {
  it("a page whose code file fails shows our screen (retry, home) after one reload, never React Router's developer page", async () => {
    const opened = await e2e.open({ serviceWorkers: 'block' });
    const { page } = opened;
    await page.route('**/assets/ContactPage-*.js', (route) => route.abort('failed'));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await opened.goto('/');
    await page.getByRole('link', { name: 'Contact' }).first().click();
    await page.getByRole('heading', { name: 'This page could not load' }).waitFor({ timeout: 15_000 });
    expect(loads).toBe(2); // the first load plus exactly one reload for a possibly new deploy
    expect(await page.getByText(/Hey developer|Unexpected Application Error/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to the home page' }).isVisible()).toBe(true);
    expect(await page.locator('header .brand').count()).toBe(1); // the header stays: the person is still on our site

    // The file comes back (a flaky network recovered): Try again shows the page.
    await page.unroute('**/assets/ContactPage-*.js');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Contact us' }).waitFor();
    await opened.finish();
  });

  it('after one visit, every page opens offline, visited or not (the worker precaches the route files)', async () => {
    const opened = await e2e.open();
    const { page, context } = opened;
    await opened.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
    await context.setOffline(true);
    // Contact and Privacy were never visited in this browser.
    await page.getByRole('link', { name: 'Contact' }).first().click();
    await page.getByRole('heading', { name: 'Contact us' }).waitFor({ timeout: 10_000 });
    await page.goto(`${e2e.baseUrl}/privacy`);
    await page.locator('main h1').waitFor({ timeout: 10_000 });
    expect(await page.getByText('This page could not load').count()).toBe(0);
    await context.setOffline(false);
    await opened.finish();
  });

  it("the titled player's long settings form: an error is focused in view, success is said by the button", async () => {
    const user = await signUpByApi(e2e);
    await api(e2e, '/api/admin/set_role', { user_id: user.id, role: 'pro', title: 'FM' }, admin.token);
    await api(e2e, '/api/update_profile', { firstName: 'Fay', lastName: 'Form', pricePerMin: 1 }, user.token);
    const opened = await e2e.open({ width: 1280, height: 700 });
    const { page } = opened;
    await signInPage(opened, e2e, user.token);
    await opened.goto('/settings');
    const price = page.getByLabel('Price per minute (US$)');
    await price.fill('');
    const save = page.getByRole('button', { name: 'Save changes' });
    await save.scrollIntoViewIfNeeded();
    await save.click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    expect(await price.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await price.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 700).toBe(true);

    await price.fill('1.25');
    await save.scrollIntoViewIfNeeded();
    await save.click();
    const status = page.getByTestId('form-status');
    await page.waitForFunction(() => document.querySelector('[data-testid="form-status"]')?.textContent === 'Settings saved successfully!');
    const statusBox = await status.boundingBox();
    expect(statusBox && statusBox.y >= 0 && statusBox.y + statusBox.height <= 700).toBe(true);
    await opened.finish();
  });

  it('a malformed e-mail on sign-up is named on its field, not "Unexpected error"', async () => {
    const opened = await e2e.open();
    const { page } = opened;
    await opened.goto('/signup');
    await page.getByLabel('Email', { exact: true }).fill('ann.example.com');
    await page.getByLabel('Password', { exact: true }).fill('password-123');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText('Email is not valid').waitFor();
    expect(await page.getByText('Unexpected error, try again.').count()).toBe(0);
    await opened.finish();
  });

  it('the burger menu closes on Escape and on a tap outside, at 375 px', async () => {
    const opened = await e2e.open({ width: 375, height: 740 });
    const { page } = opened;
    await opened.goto('/about');
    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu');
    await burger.click();
    await menu.waitFor();
    await page.mouse.click(200, 600);
    await menu.waitFor({ state: 'hidden' });
    await opened.finish();
  });

  it('the profile menu works from the keyboard in the browser: arrows, Home, End, Escape back to its button', async () => {
    const user = await signUpByApi(e2e);
    const opened = await e2e.open();
    const { page } = opened;
    await signInPage(opened, e2e, user.token);
    await opened.goto('/about');
    const button = page.getByRole('button', { name: /Profile menu/ });
    await button.focus();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menu', { name: 'Profile' }).waitFor();
    expect(await focused()).toBe('Edit My Account');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Log out');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Edit My Account'); // wraps
    await page.keyboard.press('End');
    expect(await focused()).toBe('Log out');
    await page.keyboard.press('Home');
    expect(await focused()).toBe('Edit My Account');
    await page.keyboard.press('Escape');
    await page.getByRole('menu', { name: 'Profile' }).waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('menu');
    await opened.finish();
  });

  it('admin at 375 px: the balance keeps one line, a new titled player shows what is missing, credits change only after a confirmation', async () => {
    const user = await signUpByApi(e2e);
    await api(e2e, '/api/admin/adjust_credits', { user_id: user.id, amount: 1234.5, reason: 'setup' }, admin.token);
    await api(e2e, '/api/admin/set_role', { user_id: user.id, role: 'pro', title: 'WFM' }, admin.token);
    const opened = await e2e.open({ width: 375, height: 740 });
    const { page } = opened;
    await signInPage(opened, e2e, admin.token);
    await opened.goto('/admin');
    await page.getByLabel('Search users').fill(user.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.locator('.admin-user').filter({ hasText: user.email });
    await row.waitFor();
    expect(await row.getByTestId('listing-gaps').textContent()).toBe('Not shown to players yet: missing price per minute.');
    const balance = row.locator('.admin-user__credits');
    expect(await balance.textContent()).toBe('$1234.50');
    // One rectangle per line box the text occupies: "$0. / 00" would be two.
    const lines = await balance.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);

    await row.getByLabel(/^Amount/).fill('-2000');
    await row.getByLabel('Reason').fill('Chargeback');
    await row.getByRole('button', { name: 'Adjust credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deduct credits?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Deduct $2000.00' }).click();
    await row.getByRole('alert').waitFor();
    expect(await row.getByRole('alert').textContent()).toBe('The balance cannot go below zero: deduct at most what the user has.');
    expect(await page.getByText(/ERR_[A-Z_]+/).count()).toBe(0);
    await opened.finish();
  });

  it('admin cancels a stuck accepted game in the browser: the player is refunded to the cent', async () => {
    const pro = await signUpByApi(e2e);
    await api(e2e, '/api/admin/set_role', { user_id: pro.id, role: 'pro', title: 'IM' }, admin.token);
    await api(e2e, '/api/update_profile', { firstName: 'Stuck', lastName: 'Game', pricePerMin: 1.5, online: true, lichessUsername: `stuck_${pro.id}` }, pro.token);
    await api(e2e, '/api/get_app_state', undefined, pro.token);
    const buyer = await signUpByApi(e2e);
    await api(e2e, '/api/admin/adjust_credits', { user_id: buyer.id, amount: 50, reason: 'funds' }, admin.token);
    const sent = await api<{ challenges: { id: number }[] }>(e2e, '/api/send_challenges', { target_user_ids: [pro.id], minsPerSide: 10, incrementInSecs: 0, playAs: 'white' }, buyer.token);
    expect(sent.success).toBe(true);
    const challengeId = sent.challenges[0]!.id;
    expect((await api(e2e, '/api/accept_reject_challenge', { challenge_id: challengeId, status: 'accepted' }, pro.token)).success).toBe(true);

    const opened = await e2e.open();
    const { page } = opened;
    await signInPage(opened, e2e, admin.token);
    await opened.goto('/admin/games');
    await page.getByLabel('User id (either side)').fill(String(buyer.id));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const item = page.getByTestId('admin-game').filter({ hasText: `Game #${challengeId}` });
    await item.waitFor();
    await item.getByRole('button', { name: 'Cancel and refund' }).click();
    await page.getByRole('button', { name: 'Cancel and refund $15.00' }).click();
    await page.getByText(`Game #${challengeId} canceled; $15.00 refunded.`).waitFor();
    const me = await api<{ user: { credits: number } }>(e2e, '/api/load_user', {}, buyer.token);
    expect(me.user.credits).toBe(50);
    await opened.finish();
  });

  it("the roster sells: price, session price, online now, and 'Challenge' opens Play with the player selected", async () => {
    // The roster's first player, listed live under the same name (the demo seed does this for all 25).
    const mateo = await signUpByApi(e2e, 'catalanmateo@example.com');
    await api(e2e, '/api/admin/set_role', { user_id: mateo.id, role: 'pro', title: 'GM' }, admin.token);
    await api(e2e, '/api/update_profile', { firstName: 'Mateo', lastName: 'Ferrandis', pricePerMin: 4.5, online: true, lichessUsername: 'CatalanMateo', minsPerSideMin: 3, minsPerSideMax: 60 }, mateo.token);
    await api(e2e, '/api/get_app_state', undefined, mateo.token);
    const buyer = await signUpByApi(e2e);
    const opened = await e2e.open();
    const { page } = opened;
    await signInPage(opened, e2e, buyer.token);
    await opened.goto('/players');
    const card = page.locator('[data-player="mateo-ferrandis"]');
    const offer = card.getByTestId('player-offer');
    await offer.getByText('Online now').waitFor();
    expect(await offer.textContent()).toContain('$4.50/min$135.00 per 1-hour session');
    expect(await card.getByRole('link', { name: 'Book a session with GM Mateo Ferrandis' }).getAttribute('href')).toBe(`/schedule?player=${mateo.id}`);
    await card.getByRole('link', { name: 'Challenge GM Mateo Ferrandis' }).click();
    await page.waitForURL(`**/play?opponent=${mateo.id}`);
    const box = page.getByRole('checkbox', { name: 'Challenge GM Mateo Ferrandis' });
    await box.waitFor();
    await page.waitForFunction(() => (document.querySelector('input[aria-label="Challenge GM Mateo Ferrandis"]') as HTMLInputElement | null)?.checked === true);
    expect(await page.getByTestId('challenge-total').textContent()).toBe('$45.00');
    await opened.finish();
  });

  it('the hero names real roster players, and no grid leaves an orphan card (About at 1280 and 1000 px)', async () => {
    const opened = await e2e.open({ width: 1280, height: 900 });
    const { page } = opened;
    await opened.goto('/');
    const hero = page.getByRole('list', { name: 'Some of our titled players' });
    await hero.waitFor();
    const names = await hero.locator('.landing-hero__name').allTextContents();
    expect(names.length).toBe(6);
    for (const name of names) expect(name).toMatch(/^(GM|IM|FM|CM|WGM|WIM|WFM|WCM) \S+ \S+/);
    for (const width of [1280, 1000, 700]) {
      await page.setViewportSize({ width, height: 900 });
      await opened.goto('/about');
      await page.locator('.about-benefits > li').first().waitFor();
      const rows = await page.locator('.about-benefits > li').evaluateAll((items) => {
        const perRow = new Map<number, number>();
        for (const li of items) {
          const top = Math.round(li.getBoundingClientRect().top);
          perRow.set(top, (perRow.get(top) ?? 0) + 1);
        }
        return [...perRow.values()];
      });
      expect(new Set(rows).size).toBe(1); // every row holds as many cards as the first
    }
    await opened.finish();
  });
});
