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
  it('an amateur books a session, sees it waiting, then sees the confirmed date and cancels it for a full refund', async () => {
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

    // The player confirms for 2026-12-24 18:00 Zagreb time (17:00 UTC).
    const data = await api<{ scheduled_challenges: { id: number }[] }>(e2e, '/api/get_schedule_data', undefined, coach.token);
    const confirmed = await api(e2e, '/api/confirm_scheduled_game', { challenge_id: data.scheduled_challenges[0]!.id, scheduled_at_utc: '2026-12-24T17:00:00Z', video_call_url: 'https://meet.example.com/e2e' }, coach.token);
    expect(confirmed.success).toBe(true);
    await opened.goto('/schedule');
    await page.getByText('Thursday, December 24th at 18:00 (UTC+01:00)').waitFor();
    expect(await page.getByRole('link', { name: 'Post-game Analysis Video Call' }).getAttribute('href')).toBe('https://meet.example.com/e2e');

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this session?' });
    await dialog.getByText('You get the full $45.00 back.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel the session' }).click();
    await page.getByText('Thursday, December 24th at 18:00 (UTC+01:00)').waitFor({ state: 'detached' });
    const after = await api<{ user: { credits: number } }>(e2e, '/api/load_user', {}, me.token);
    expect(after.user.credits).toBe(100);
    expect(errors).toEqual([]);
    await opened.finish();
  });
});
