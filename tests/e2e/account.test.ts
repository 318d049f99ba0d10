/** My Account (regular and pro), profile image, top-up through the dev checkout, contact, phone-sized menu. */
import { api, createAdmin, describeE2E, signInPage, signUpByApi, startE2E, type E2E } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 90_000);
afterAll(async () => {
  await e2e?.close();
});

// A 4x4 PNG made with sharp: the server checks the bytes and re-encodes it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMQy/KBIwbiOABIYwzB7bI8jAAAAABJRU5ErkJggg==',
  'base64',
);

describeE2E('my account', () => {
  it('saves the reduced form of a regular user', async () => {
    const user = await signUpByApi(e2e);
    const opened = await e2e.open();
    const { page } = opened;
    await signInPage(opened, e2e, user.token);
    await opened.goto('/settings');
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel(/Price per minute/).count()).toBe(0);
    await page.getByLabel('First name', { exact: true }).fill('Rita');
    await page.getByLabel('Last name', { exact: true }).fill('Regular');
    await page.getByLabel('Lichess username', { exact: true }).fill('rita_reg');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await page.locator('.banner').getByText('Settings saved successfully!').waitFor();
    // The banner goes away after 3 seconds.
    await page.locator('.banner').getByText('Settings saved successfully!').waitFor({ state: 'detached', timeout: 6000 });
    const saved = await api<{ user: { firstName: string; lichessUsername: string } }>(e2e, '/api/load_user', {}, user.token);
    expect(saved.user).toMatchObject({ firstName: 'Rita', lichessUsername: 'rita_reg' });
    await opened.finish();
  });

  it('applies the pro-only rules and saves a titled player profile', async () => {
    const admin = await createAdmin(e2e);
    const user = await signUpByApi(e2e);
    const promoted = await api(e2e, '/api/admin/set_role', { user_id: user.id, role: 'pro', title: 'IM' }, admin.token);
    expect(promoted.success).toBe(true);

    const opened = await e2e.open();
    const { page } = opened;
    await signInPage(opened, e2e, user.token);
    await opened.goto('/settings');
    await page.getByLabel('Title', { exact: true }).waitFor();
    await page.getByLabel(/Price per minute/).fill('');
    await page.getByLabel('Minimum minutes per side', { exact: true }).fill('30');
    await page.getByLabel('Maximum minutes per side', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await page.getByText('Price per minute is required').waitFor();
    await page.getByText("The higher value can't be less than the lower value.").waitFor();

    await page.getByLabel(/Price per minute/).fill('1.25');
    await page.getByLabel('Maximum minutes per side', { exact: true }).fill('60');
    await page.getByLabel(/Online schedule/).check();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('08:00');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('23:00');
    await page.getByLabel('To', { exact: true }).selectOption('22:45');
    await page.getByLabel('I provide post-game analysis', { exact: true }).check();
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await page.locator('.banner').getByText('Settings saved successfully!').waitFor();

    const saved = await api<{ user: Record<string, unknown> }>(e2e, '/api/load_user', {}, user.token);
    expect(saved.user).toMatchObject({
      pricePerMin: 1.25,
      minsPerSideMin: 30,
      minsPerSideMax: 60,
      onlineSchedule: { from: '08:00', to: '22:45' },
      providesPostgameAnalysis: true,
      title: 'IM',
    });
    await opened.finish();
  });

  it('uploads a profile image and shows it in the header', async () => {
    const user = await signUpByApi(e2e);
    const opened = await e2e.open();
    const { page } = opened;
    await signInPage(opened, e2e, user.token);
    await opened.goto('/settings');
    await page.getByLabel('Profile image', { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const headerImage = page.locator('.profile-menu__button img');
    await headerImage.waitFor();
    expect(await headerImage.getAttribute('src')).toMatch(/^\/api\/get_profile_image\//);
    // The element appears before its bytes arrive: wait for the load (or error) to settle, then check it decoded.
    const decoded = await headerImage.evaluate(async (element) => {
      const img = element as HTMLImageElement;
      if (!img.complete) {
        await new Promise((settle) => {
          img.addEventListener('load', settle, { once: true });
          img.addEventListener('error', settle, { once: true });
        });
      }
      return img.naturalWidth > 0;
    });
    expect(decoded).toBe(true);
    await opened.finish();
  });

  it('tops up 100 credits through the dev checkout and shows 100.00 in the header', async () => {
    const user = await signUpByApi(e2e);
    const opened = await e2e.open();
    const { page } = opened;
    await signInPage(opened, e2e, user.token);
    await opened.goto('/topup');
    await page.getByLabel(/Credits amount/).fill('100');
    expect(await page.getByTestId('topup-price').textContent()).toBe('$90.00');
    await page.getByRole('button', { name: 'Pay $90.00', exact: true }).click();
    await page.waitForURL('**/dev/checkout/**');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((u) => u.pathname === '/topup' && u.searchParams.get('status') === 'success');
    await page.getByText(/Payment received/).waitFor();
    await page.getByTestId('header-credits').filter({ hasText: '$100.00' }).waitFor({ timeout: 15_000 });
    // The statement reads like a bank's: one line for the top-up, not a card line and a discount line.
    await opened.goto('/settings');
    const entries = page.getByTestId('statement-entry');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain('Added 100.00 credits (paid US$90.00, 10% off)+$100.00');
    await opened.finish();
  });

  it('returns from a canceled checkout with a clear message and no credits', async () => {
    const user = await signUpByApi(e2e);
    const opened = await e2e.open();
    const { page } = opened;
    await signInPage(opened, e2e, user.token);
    await opened.goto('/topup');
    await page.getByRole('button', { name: 'Pay $10.00', exact: true }).click();
    await page.waitForURL('**/dev/checkout/**');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/topup' && u.searchParams.get('status') === 'canceled');
    await page.getByText(/Payment canceled/).waitFor();
    expect(await page.getByTestId('header-credits').textContent()).toBe('$0.00');
    await opened.finish();
  });
});

describeE2E('contact and phone layout', () => {
  it('sends the contact form', async () => {
    const opened = await e2e.open();
    const { page } = opened;
    await opened.goto('/contact');
    await page.getByRole('button', { name: 'Send message', exact: true }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Casey Contact');
    await page.getByLabel('Email', { exact: true }).fill('casey@example.com');
    await page.getByLabel('Lichess username (optional)', { exact: true }).fill('casey');
    await page.getByLabel('Message', { exact: true }).fill('I am a FM and would like to join.');
    await page.getByRole('button', { name: 'Send message', exact: true }).click();
    await page.getByText("Thank you for your message! We'll get back to you soon.").waitFor();
    await opened.finish();
  });

  it('opens the burger menu on a phone-sized viewport', async () => {
    const opened = await e2e.open({ width: 375, height: 740 });
    const { page } = opened;
    await opened.goto('/about');
    const burger = page.getByRole('button', { name: 'Open menu', exact: true });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await burger.click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.waitFor();
    expect(await page.getByRole('button', { name: 'Close menu', exact: true }).getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'Players', exact: true }).click();
    await page.waitForURL('**/players');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await menu.waitFor({ state: 'hidden' });
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await opened.finish();
  });

  it('keeps a full-size burger next to the credits and profile menu when signed in on a phone', async () => {
    const { token } = await signUpByApi(e2e);
    const opened = await e2e.open({ width: 375, height: 740 });
    await signInPage(opened, e2e, token);
    await opened.goto('/topup');
    const burger = opened.page.getByRole('button', { name: 'Open menu', exact: true });
    const box = await burger.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(40);
    expect(box?.height).toBeGreaterThanOrEqual(40);
    await opened.page.getByRole('link', { name: /\$0\.00/ }).waitFor();
    expect(await opened.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await opened.finish();
  });
});
