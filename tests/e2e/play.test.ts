/** The play screen in a real browser: an amateur challenges a titled player, the player accepts, both see the game. */
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

/** A titled player as an admin makes one, priced, online, and seen (their own poll marks them present). */
async function titledPlayer(lastName: string): Promise<{ id: number; token: string }> {
  const user = await signUpByApi(e2e);
  await api(e2e, '/api/admin/set_role', { user_id: user.id, role: 'pro', title: 'IM' }, admin.token);
  const saved = await api(e2e, '/api/update_profile', { firstName: 'Irina', lastName, pricePerMin: 1.5, online: true, lichessUsername: `irina_${user.id}` }, user.token);
  if (!saved.success) throw new Error(`profile: ${saved.error}`);
  await api(e2e, '/api/get_app_state', undefined, user.token);
  return { id: user.id, token: user.token };
}

async function amateur(credits: number): Promise<{ id: number; token: string }> {
  const user = await signUpByApi(e2e);
  if (credits > 0) await api(e2e, '/api/admin/adjust_credits', { user_id: user.id, amount: credits, reason: 'e2e funds' }, admin.token);
  return user;
}

describeE2E('play', () => {
  it('an amateur sends a challenge, waits with a countdown, and opens the game when the player accepts', async () => {
    const pro = await titledPlayer('Accepter');
    const me = await amateur(50);
    const opened = await e2e.open();
    const { page, errors } = opened;
    await signInPage(opened, e2e, me.token);
    await opened.goto('/play');
    await page.getByRole('button', { name: 'Blitz 5+0' }).click();
    await page.getByRole('checkbox', { name: 'Challenge IM Irina Accepter' }).check();
    expect(await page.getByTestId('challenge-total').textContent()).toBe('$7.50');
    await page.getByRole('button', { name: 'Send challenge' }).click();
    await page.getByRole('dialog', { name: 'Waiting for an answer' }).waitFor();
    expect(await page.getByTestId('seconds-left').textContent()).toMatch(/^Expires in \d+ s$/);

    const state = await api<{ challenges: { id: number }[] }>(e2e, '/api/get_app_state', undefined, pro.token);
    const accepted = await api(e2e, '/api/accept_reject_challenge', { challenge_id: state.challenges[0]!.id, status: 'accepted' }, pro.token);
    expect(accepted.success).toBe(true);
    await page.getByRole('dialog', { name: 'Your game is ready' }).waitFor();
    const link = page.getByRole('link', { name: 'Open the game' });
    expect(await link.getAttribute('href')).toMatch(/\/dev\/game\/[A-Za-z0-9]{8}\?color=(white|black)$/);
    expect(await link.getAttribute('target')).toBe('_blank');
    // The header shows the balance after the capture: 50.00 - 7.50.
    await page.getByTestId('header-credits').filter({ hasText: '$42.50' }).waitFor();
    expect(errors).toEqual([]);
    await opened.finish();
  });

  it('the player goes online, sees the incoming challenge, and accepts it in the browser', async () => {
    const pro = await titledPlayer('Receiver');
    const me = await amateur(50);
    const opened = await e2e.open();
    const { page, errors } = opened;
    await signInPage(opened, e2e, pro.token);
    await opened.goto('/play');
    await page.getByText('You are Online').waitFor();
    const sent = await api(e2e, '/api/send_challenges', { target_user_ids: [pro.id], minsPerSide: 10, incrementInSecs: 0, playAs: 'white' }, me.token);
    expect(sent.success).toBe(true);
    const incoming = page.getByRole('region', { name: 'Incoming challenges' });
    await incoming.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('dialog', { name: 'Your game is ready' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open the game' }).getAttribute('href')).toMatch(/color=black$/);
    expect(errors).toEqual([]);
    await opened.finish();
  });

  it('with too few credits the insufficient-credit popup links to Add Credits, and nothing is sent', async () => {
    await titledPlayer('Pricey');
    const me = await amateur(0);
    const opened = await e2e.open();
    const { page } = opened;
    await signInPage(opened, e2e, me.token);
    await opened.goto('/play');
    await page.getByRole('checkbox', { name: 'Challenge IM Irina Pricey' }).check();
    await page.getByRole('button', { name: 'Send challenge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Oops, Insufficient Credit Balance' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Your current credit balance is $0.00, but challenge requires $15.00.');
    expect(await dialog.getByRole('link', { name: 'Add Credits' }).getAttribute('href')).toBe('/topup');
    const state = await api<{ challenges: unknown[] }>(e2e, '/api/get_app_state', undefined, me.token);
    expect(state.challenges).toEqual([]);
    await opened.finish();
  });

  it('on a 375 px phone: no sideways scrolling, and an opponent\'s full name is readable', async () => {
    await titledPlayer('Longname-Readable');
    const me = await amateur(10);
    const opened = await e2e.open({ width: 375, height: 740 });
    const { page, errors } = opened;
    await signInPage(opened, e2e, me.token);
    for (const path of ['/play', '/schedule']) {
      await opened.goto(path);
      await page.locator('main h1').waitFor();
      if (path === '/play') await page.getByRole('checkbox', { name: 'Challenge IM Irina Longname-Readable' }).waitFor();
      expect({ path, overflow: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth) }).toEqual({ path, overflow: 0 });
    }
    await opened.goto('/play');
    const name = page.locator('.opponent__name', { hasText: 'Longname-Readable' }).first();
    // The whole name fits: not cut with an ellipsis.
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(errors).toEqual([]);
    await opened.finish();
  });
});
