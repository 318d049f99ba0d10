/** The schedule screen in a real browser: book a session, see it waiting, see it confirmed, cancel it. */
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

describeE2E('schedule', () => {
  it('an amateur books a session, sees it waiting; the player confirms it in their browser; the amateur sees the date and cancels for a full refund', async () => {
    const coach = await signUpByApi(e2e);
    await api(e2e, '/api/admin/set_role', { user_id: coach.id, role: 'pro', title: 'GM' }, admin.token);
    await api(e2e, '/api/update_profile', { firstName: 'Sofia', lastName: 'Coach', pricePerMin: 1, providesPostgameAnalysis: true, timezone: 'Europe/Zagreb' }, coach.token);
    const me = await signUpByApi(e2e);
    await api(e2e, '/api/admin/adjust_credits', { user_id: me.id, amount: 100, reason: 'e2e funds' }, admin.token);
    await api(e2e, '/api/update_profile', { timezone: 'Europe/Zagreb' }, me.token);

    const opened = await e2e.open();
    const { page, errors } = opened;
    await signInPage(opened, e2e, me.token);
    await opened.goto('/schedule');
    await page.getByRole('combobox', { name: 'Titled Player*' }).click();
    await page.locator(`[role="option"]`).filter({ hasText: 'Coach' }).first().click();
    expect(await page.getByRole('combobox', { name: 'Titled Player*' }).getAttribute('data-value')).toBe(String(coach.id));
    await page.getByLabel('Lichess profile').fill('amy_e2e');
    await page.getByLabel('Include a post-game analysis session (+15 mins of analysis)').check();
    expect(await page.getByTestId('schedule-price').textContent()).toBe('Price: $45.00');
    await page.getByLabel('Available Time Slots*').fill('Weekday evenings');
    await page.getByRole('button', { name: 'Schedule Game' }).click();
    await page.locator('.banner').getByText("We've received your request! We'll contact you soon via email for details.").waitFor();
    expect(await page.getByTestId('form-status').textContent()).toBe("We've received your request! We'll contact you soon via email for details.");
    await page.getByText('Waiting for the player to confirm the game').waitFor();
    await page.getByTestId('header-credits').filter({ hasText: '$55.00' }).waitFor();

    // The player confirms in their own browser, in their timezone: the next 24 December (winter: UTC+01:00) at
    // 18:00 Zagreb, 17:00 UTC. Computed, so the test keeps inside the two-year window and out of the past.
    const now = new Date();
    const year = now.getUTCMonth() === 11 && now.getUTCDate() > 20 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
    const weekday = new Date(Date.UTC(year, 11, 24)).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
    const shown = `${weekday}, December 24th at 18:00 (UTC+01:00)`;
    const coachWindow = await e2e.open();
    await signInPage(coachWindow, e2e, coach.token);
    await coachWindow.goto('/schedule');
    const request = coachWindow.page.locator('.session').filter({ hasText: 'Waiting for the player to confirm the game' });
    await request.getByRole('button', { name: 'Confirm', exact: true }).click();
    const confirmDialog = coachWindow.page.getByRole('dialog', { name: 'Confirm the session' });
    await confirmDialog.getByText('Times are in your timezone (Europe/Zagreb).').waitFor();
    await confirmDialog.getByLabel('Date').fill(`${year}-12-24`);
    await confirmDialog.getByLabel('Time').fill('18:00');
    await confirmDialog.getByLabel('Video call link (needed for the analysis)').fill('https://meet.example.com/e2e');
    await confirmDialog.getByRole('button', { name: 'Confirm the session' }).click();
    await coachWindow.page.getByText(shown).waitFor();
    const stored = await api<{ scheduled_challenges: { scheduled_at_utc: string | null }[] }>(e2e, '/api/get_schedule_data', undefined, coach.token);
    expect(stored.scheduled_challenges[0]!.scheduled_at_utc).toBe(`${year}-12-24T17:00:00.000Z`);
    expect(coachWindow.errors).toEqual([]);
    await coachWindow.finish();

    await opened.goto('/schedule');
    await page.getByText(shown).waitFor();
    expect(await page.getByRole('link', { name: 'Post-game Analysis Video Call' }).getAttribute('href')).toBe('https://meet.example.com/e2e');

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this session?' });
    await dialog.getByText('You get the full $45.00 back.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel the session' }).click();
    await page.getByText(shown).waitFor({ state: 'detached' });
    const after = await api<{ user: { credits: number } }>(e2e, '/api/load_user', {}, me.token);
    expect(after.user.credits).toBe(100);
    expect(errors).toEqual([]);
    await opened.finish();
  });

  it("a visitor sees the form with the players, and the button says 'Sign up to schedule a game' (disabled)", async () => {
    const coach = await signUpByApi(e2e);
    await api(e2e, '/api/admin/set_role', { user_id: coach.id, role: 'pro', title: 'IM' }, admin.token);
    await api(e2e, '/api/update_profile', { firstName: 'Vera', lastName: 'Visible', pricePerMin: 2 }, coach.token);
    const opened = await e2e.open();
    const { page, errors } = opened;
    await opened.goto('/schedule');
    await page.getByRole('combobox', { name: 'Titled Player*' }).click();
    await page.locator('[role="option"]').filter({ hasText: 'Vera Visible' }).first().click();
    expect(await page.getByTestId('schedule-price').textContent()).toBe('Price: $60.00');
    const button = page.getByRole('button', { name: 'Sign up to schedule a game' });
    expect(await button.isDisabled()).toBe(true);
    await page.getByRole('form', { name: 'Schedule a game' }).getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL('**/signup');
    expect(errors).toEqual([]);
    await opened.finish();
  });
});
