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
  it('an amateur challenges two players, waits with a countdown, and opens the game when one accepts', async () => {
    const pro = await titledPlayer('Accepter');
    const other = await titledPlayer('Slower');
    const me = await amateur(50);
    const opened = await e2e.open();
    const { page, errors } = opened;
    await signInPage(opened, e2e, me.token);
    await opened.goto('/play');
    await page.getByRole('button', { name: 'Blitz 5+0' }).click();
    await page.getByRole('checkbox', { name: 'Challenge IM Irina Accepter' }).check();
    await page.getByRole('checkbox', { name: 'Challenge IM Irina Slower' }).check();
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
    // The header shows the balance after the capture: 50.00 - 7.50; the other player's challenge is withdrawn.
    await page.getByTestId('header-credits').filter({ hasText: '$42.50' }).waitFor();
    const theirs = await api<{ challenges: { status: string }[] }>(e2e, '/api/get_app_state', undefined, other.token);
    expect(theirs.challenges.every((c) => c.status !== 'pending')).toBe(true);
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

  it('a titled player\'s poll arrives as assembled gzip, and the browser reads it: others listed, never themselves', async () => {
    const me = await titledPlayer('Polling');
    const colleague = await titledPlayer('Listed');
    const opened = await e2e.open();
    const { page, errors } = opened;
    type Poll = { opponents: { user_id: number }[]; user: { id: number } | null };
    // The shared opponents list may be up to a second old: wait for the poll that lists the colleague.
    const polled = page.waitForResponse(async (r) => {
      if (!r.url().includes('/api/get_app_state') || r.status() !== 200) return false;
      const body = (await r.json()) as Poll;
      return body.user?.id === me.id && body.opponents.some((o) => o.user_id === colleague.id);
    });
    await signInPage(opened, e2e, me.token);
    await opened.goto('/play');
    const response = await polled;
    expect(response.headers()['content-encoding']).toBe('gzip');
    const body = (await response.json()) as Poll;
    expect(body.opponents.map((o) => o.user_id)).not.toContain(me.id);
    await page.getByText('IM Irina Listed').first().waitFor();
    expect(errors).toEqual([]);
    await opened.finish();
  });

  it("the waiting popup's Cancel withdraws the challenge and gives the held credits back", async () => {
    const pro = await titledPlayer('Patient');
    const me = await amateur(50);
    const opened = await e2e.open();
    const { page, errors } = opened;
    await signInPage(opened, e2e, me.token);
    await opened.goto('/play');
    await page.getByRole('button', { name: 'Rapid 10+0' }).click();
    await page.getByRole('checkbox', { name: 'Challenge IM Irina Patient' }).check();
    expect(await page.getByTestId('challenge-total').textContent()).toBe('$15.00');
    await page.waitForTimeout(2_000); // the page has been open a while before the player sends
    await page.getByRole('button', { name: 'Send challenge' }).click();
    const waiting = page.getByRole('dialog', { name: 'Waiting for an answer' });
    await waiting.waitFor();
    const seconds = async () => Number(/(\d+)/.exec((await page.getByTestId('seconds-left').textContent()) ?? '')![1]);
    const first = await seconds();
    expect(first).toBeLessThanOrEqual(60); // never more than the 60 s a challenge lives
    expect(first).toBeGreaterThanOrEqual(57);
    await page.getByTestId('header-credits').filter({ hasText: '$35.00' }).waitFor();
    // The countdown moves: read it again a little over a second later.
    await page.waitForTimeout(1_300);
    expect(await seconds()).toBeLessThan(first);

    await waiting.getByRole('button', { name: 'Cancel', exact: true }).click();
    await waiting.waitFor({ state: 'detached' });
    await page.getByTestId('header-credits').filter({ hasText: '$50.00' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0); // withdrawing is not "no players available"
    const mine = await api<{ user: { credits: number } }>(e2e, '/api/load_user', {}, me.token);
    expect(mine.user.credits).toBe(50);
    const theirs = await api<{ challenges: { status: string }[] }>(e2e, '/api/get_app_state', undefined, pro.token);
    expect(theirs.challenges.some((c) => c.status === 'pending')).toBe(false);
    expect(errors).toEqual([]);
    await opened.finish();
  });

  it('closing (here: reloading) the page while waiting withdraws the challenge: nothing stays held', async () => {
    const pro = await titledPlayer('Left');
    const me = await amateur(50);
    const opened = await e2e.open();
    const { page } = opened;
    await signInPage(opened, e2e, me.token);
    await opened.goto('/play');
    await page.getByRole('checkbox', { name: 'Challenge IM Irina Left' }).check();
    await page.getByRole('button', { name: 'Send challenge' }).click();
    await page.getByRole('dialog', { name: 'Waiting for an answer' }).waitFor();
    await page.reload();
    let pending = true;
    for (let i = 0; i < 50 && pending; i += 1) {
      const theirs = await api<{ challenges: { status: string }[] }>(e2e, '/api/get_app_state', undefined, pro.token);
      pending = theirs.challenges.some((c) => c.status === 'pending');
      if (pending) await page.waitForTimeout(100);
    }
    expect(pending).toBe(false);
    const mine = await api<{ user: { credits: number } }>(e2e, '/api/load_user', {}, me.token);
    expect(mine.user.credits).toBe(50);
    await opened.finish();
  });

  it("a visitor browses the available players with each one's price for the chosen clock; 'Sign up to play' goes to /signup", async () => {
    await titledPlayer('Shown');
    const opened = await e2e.open();
    const { page, errors } = opened;
    await opened.goto('/play');
    const card = page.getByRole('list', { name: 'Available opponents', exact: true }).locator('li').filter({ hasText: 'Irina Shown' });
    await card.waitFor();
    await page.getByRole('button', { name: 'Blitz 3+0' }).click();
    await card.getByText('$4.50').waitFor(); // 3 minutes a side at $1.50 a minute
    expect(await page.getByRole('list', { name: 'Available opponents', exact: true }).getByRole('checkbox').count()).toBe(0); // visitors cannot select or send
    expect(await page.getByRole('button', { name: 'Send challenge' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Sign up to play' }).click();
    await page.waitForURL('**/signup');
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

  it('sounds: a titled player hears nothing with the alert off, the alert once it is on; the amateur hears the accept chime', async () => {
    const pro = await titledPlayer('Ringer');
    const me = await amateur(50);
    const listen = (page: import('playwright-core').Page) =>
      page.addInitScript(() => {
        const w = window as unknown as { __sounds: string[] };
        w.__sounds = [];
        window.addEventListener('app:sound', (e) => w.__sounds.push((e as CustomEvent<{ name: string }>).detail.name));
      });
    const sounds = (page: import('playwright-core').Page) => page.evaluate(() => (window as unknown as { __sounds: string[] }).__sounds);

    const proWindow = await e2e.open();
    await listen(proWindow.page);
    await signInPage(proWindow, e2e, pro.token);
    await proWindow.goto('/play');
    await proWindow.page.getByText('You are Online').waitFor();
    const amateurWindow = await e2e.open();
    await listen(amateurWindow.page);
    await signInPage(amateurWindow, e2e, me.token);
    await amateurWindow.goto('/play');
    await amateurWindow.page.getByRole('checkbox', { name: 'Challenge IM Irina Ringer' }).check();
    await amateurWindow.page.getByRole('button', { name: 'Send challenge' }).click();
    await amateurWindow.page.getByRole('dialog', { name: 'Waiting for an answer' }).waitFor();

    const incoming = proWindow.page.getByRole('region', { name: 'Incoming challenges' });
    await incoming.getByRole('button', { name: 'Accept' }).waitFor();
    await proWindow.page.waitForTimeout(2500); // a whole group of four beeps would have started by now
    expect(await sounds(proWindow.page)).toEqual([]);

    // Turned on in settings (the poll brings the saved user): the alert rings while the challenge waits.
    expect((await api(e2e, '/api/update_profile', { incomingChallengeAlertEnabled: true }, pro.token)).success).toBe(true);
    await proWindow.page.waitForFunction(() => (window as unknown as { __sounds: string[] }).__sounds.filter((s) => s === 'incoming').length >= 2, undefined, { timeout: 10_000 });

    await incoming.getByRole('button', { name: 'Accept' }).click();
    await amateurWindow.page.getByRole('dialog', { name: 'Your game is ready' }).waitFor();
    await amateurWindow.page.waitForFunction(() => (window as unknown as { __sounds: string[] }).__sounds.includes('accepted'));
    expect(await sounds(amateurWindow.page)).toEqual(['accepted']);
    // The titled player gets no accept chime, and the alert stops with nothing left to answer.
    const heard = (await sounds(proWindow.page)).length;
    await proWindow.page.waitForTimeout(1500);
    expect(await sounds(proWindow.page)).not.toContain('accepted');
    expect((await sounds(proWindow.page)).length).toBe(heard);
    await proWindow.finish();
    await amateurWindow.finish();
  });

  it('start position: a custom position shows a 240 px board, an opening is found by search, and the challenge carries it', async () => {
    const pro = await titledPlayer('Theorist');
    const me = await amateur(50);
    const opened = await e2e.open();
    const { page } = opened;
    await signInPage(opened, e2e, me.token);
    await opened.goto('/play');
    await page.getByRole('checkbox', { name: 'Start from a custom position' }).check();
    const preview = page.getByTestId('board-preview');
    await preview.waitFor();
    const box = await preview.boundingBox();
    expect(Math.round(box!.width)).toBe(240);
    const weekFen = await preview.getAttribute('data-fen');
    expect(weekFen).toBe('3rkb1r/p2nqppp/5n2/1B2p1B1/4P3/1Q6/PPP2PPP/2KR3R w k - 3 13'); // the first position of the week

    await page.locator('label', { hasText: /^Opening$/ }).click();
    await page.getByLabel('Search openings').fill('najdorf');
    const list = page.getByRole('listbox', { name: 'Opening' });
    const option = list.locator('option').first();
    await option.waitFor({ state: 'attached' });
    const najdorfFen = await option.getAttribute('value');
    expect(await list.locator('optgroup').first().getAttribute('label')).toBe('Sicilian Defense');
    await list.selectOption(najdorfFen!);
    await page.waitForFunction((fen) => document.querySelector('[data-testid="board-preview"]')?.getAttribute('data-fen') === fen, najdorfFen);

    await page.getByRole('checkbox', { name: 'Challenge IM Irina Theorist' }).check();
    await page.getByRole('button', { name: 'Send challenge' }).click();
    await page.getByRole('dialog', { name: 'Waiting for an answer' }).waitFor();
    const state = await api<{ challenges: { starting_fen: string | null; starting_position_type: string | null }[] }>(e2e, '/api/get_app_state', undefined, pro.token);
    expect(state.challenges[0]).toMatchObject({ starting_position_type: 'opening', starting_fen: najdorfFen });
    await opened.finish();
  });

  it('push: the service worker shows the notification of an incoming challenge, and a click brings the tab to /play', async () => {
    const pro = await titledPlayer('Notified');
    const opened = await e2e.open();
    const { page, context } = opened;
    await context.grantPermissions(['notifications']);
    await signInPage(opened, e2e, pro.token);
    await opened.goto('/settings');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // Inside the worker (its own global scope; the test's DOM types name only what is used here).
    type WorkerScope = { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
    type EventClass<I> = new (type: string, init: I) => Event;
    const shown = await worker.evaluate(async () => {
      const sw = self as unknown as WorkerScope;
      const PushEventClass = (self as unknown as { PushEvent: EventClass<{ data: string }> }).PushEvent;
      const data = JSON.stringify({ title: 'New challenge', body: 'Ann challenges you: 5+0, $7.50.', url: '/play', tag: 'challenge-e2e' });
      sw.dispatchEvent(new PushEventClass('push', { data }));
      for (let i = 0; i < 50; i += 1) {
        const list = await sw.registration.getNotifications({ tag: 'challenge-e2e' });
        if (list.length) return list.map((n: Notification) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }));
        await new Promise((r) => setTimeout(r, 100));
      }
      return [];
    });
    expect(shown).toEqual([{ title: 'New challenge', body: 'Ann challenges you: 5+0, $7.50.', url: '/play' }]);
    await worker.evaluate(async () => {
      const sw = self as unknown as WorkerScope;
      const NotificationEventClass = (self as unknown as { NotificationEvent: EventClass<{ notification: Notification }> }).NotificationEvent;
      const [notification] = await sw.registration.getNotifications({ tag: 'challenge-e2e' });
      sw.dispatchEvent(new NotificationEventClass('notificationclick', { notification: notification! }));
    });
    await page.waitForURL('**/play', { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Play now' }).waitFor();
    await opened.finish();
  });
});
