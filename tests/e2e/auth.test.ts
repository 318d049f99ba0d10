/** Sign up, log out, log in, wrong password, reset through the e-mailed link, Google through the stand-in provider. */
import { describeE2E, signUpByApi, startE2E, uniqueEmail, waitForMail, type E2E, type Opened } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 90_000);
afterAll(async () => {
  await e2e?.close();
});

async function logOut(opened: Opened): Promise<void> {
  await opened.page.getByRole('button', { name: /Profile menu/ }).click();
  await opened.page.getByRole('menuitem', { name: 'Log out' }).click();
  await opened.page.getByRole('link', { name: 'Log In', exact: true }).waitFor();
}

describeE2E('authentication', () => {
  it('signs up, logs out, and logs in again', async () => {
    const email = uniqueEmail('signup');
    const opened = await e2e.open();
    const { page } = opened;
    await opened.goto('/signup');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel(/^Password/).fill('password-123');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('header-credits').waitFor();
    expect(await page.getByTestId('header-credits').textContent()).toBe('$0.00');
    expect(await page.evaluate(() => Boolean(localStorage.getItem('token') && localStorage.getItem('user')))).toBe(true);

    await logOut(opened);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);

    await opened.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('password-123');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('header-credits').waitFor();
    await opened.finish();
  });

  it("shows 'Password or email are wrong.' for a wrong password and 'Email already exists.' for a taken e-mail", async () => {
    const user = await signUpByApi(e2e);
    const opened = await e2e.open();
    const { page } = opened;
    await opened.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByText('Password or email are wrong.').waitFor();

    await opened.goto('/signup');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel(/^Password/).fill('password-123');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText('Email already exists.').waitFor();
    await opened.finish();
  });

  it('resets the password through the e-mailed link and logs in with the new one', async () => {
    const user = await signUpByApi(e2e);
    const opened = await e2e.open();
    const { page } = opened;
    await opened.goto('/reset_password');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await page.getByText(/Check your inbox/).waitFor();

    const mail = await waitForMail(e2e, user.email);
    const link = mail.links.find((l) => l.includes('/set_password?token='));
    expect(link).toBeDefined();
    const url = new URL(link!);
    await opened.goto(url.pathname + url.search);
    await page.getByLabel(/^New password/).fill('new-password-456');
    await page.getByLabel('Confirm password', { exact: true }).fill('new-password-456');
    await page.getByRole('button', { name: 'Set password', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('header-credits').waitFor();

    // The link is single-use.
    await opened.goto(url.pathname + url.search);
    await page.getByLabel(/^New password/).fill('another-pass-789');
    await page.getByLabel('Confirm password', { exact: true }).fill('another-pass-789');
    await page.getByRole('button', { name: 'Set password', exact: true }).click();
    await page.getByText('This reset link is invalid or has expired. Please request a new one.').waitFor();

    await logOut(opened);
    await opened.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('new-password-456');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await opened.finish();
  });

  it('shows the invalid-link message on /set_password without a token', async () => {
    const opened = await e2e.open();
    await opened.goto('/set_password');
    await opened.page.getByText('This reset link is invalid or has expired. Please request a new one.').waitFor();
    await opened.finish();
  });

  it('signs in with Google through the stand-in provider popup', async () => {
    const email = uniqueEmail('google');
    const opened = await e2e.open();
    const { page } = opened;
    await opened.goto('/login');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Sign in with Google', exact: true }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain('/dev/identity/authorize');
    await popup.getByLabel('E-mail', { exact: true }).fill(email);
    await popup.getByLabel('First name', { exact: true }).fill('Gina');
    await popup.getByLabel('Last name', { exact: true }).fill('Oogle');
    await popup.getByRole('button', { name: 'Continue', exact: true }).click();
    await popup.waitForEvent('close', { timeout: 15_000 });
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('header-credits').waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email)).toBe(email);
    await opened.finish();
  });
});
