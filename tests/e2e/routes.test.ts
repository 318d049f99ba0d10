/** Every route of the spec's table renders with its own title; login-required routes go to /login and back. */
import { ROUTE_META } from '../../content/route-meta';
import { createAdmin, describeE2E, signInPage, signUpByApi, startE2E, type E2E, type Opened } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 90_000);
afterAll(async () => {
  await e2e?.close();
});

async function expectTitle(opened: Opened, path: string): Promise<void> {
  const expected = ROUTE_META[path]!.title;
  await opened.page.waitForFunction((t) => document.title === t, expected, { timeout: 10_000 });
  await opened.page.locator('main h1').first().waitFor();
}

const PUBLIC = ['/', '/landing', '/about', '/privacy', '/contact', '/players', '/login', '/signup', '/reset_password', '/set_password', '/play', '/schedule'];

describeE2E('routes', () => {
  it.each(PUBLIC)('%s renders for a visitor with its own title and description', async (path) => {
    const opened = await e2e.open();
    await opened.goto(path);
    await expectTitle(opened, path);
    const description = await opened.page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toBe(ROUTE_META[path]!.description);
    await opened.finish();
  });

  it.each(['/settings', '/topup'])('%s sends a visitor to /login and back after signing in', async (path) => {
    const user = await signUpByApi(e2e);
    const opened = await e2e.open();
    await opened.goto(path);
    await opened.page.waitForURL('**/login');
    await opened.page.getByLabel('Email', { exact: true }).fill(user.email);
    await opened.page.getByLabel('Password', { exact: true }).fill(user.password);
    await opened.page.getByRole('button', { name: 'Log In', exact: true }).click();
    await opened.page.waitForURL(`**${path}`);
    await expectTitle(opened, path);
    await opened.finish();
  });

  it('every page title names the site, the 404 page included, and /favicon.ico is an icon', async () => {
    for (const meta of Object.values(ROUTE_META)) expect(meta.title).toMatch(/ \| Titled Chess$/);
    const opened = await e2e.open();
    await opened.goto('/no-such-page');
    await opened.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await opened.page.waitForFunction(() => document.title === 'Page not found | Titled Chess', undefined, { timeout: 10_000 });
    await opened.finish();
    const icon = await fetch(`${e2e.baseUrl}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect([...new Uint8Array(await icon.arrayBuffer()).slice(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  it('/ is the app shell with the play screen when signed in', async () => {
    const user = await signUpByApi(e2e);
    const opened = await e2e.open();
    await signInPage(opened, e2e, user.token);
    await opened.goto('/');
    await opened.page.getByRole('heading', { level: 1, name: 'Play now' }).waitFor();
    await opened.page.getByRole('navigation', { name: 'Sidebar' }).waitFor();
    await opened.finish();
  });

  it('/admin sends a regular user to / and opens for an admin', async () => {
    const user = await signUpByApi(e2e);
    const regular = await e2e.open();
    await signInPage(regular, e2e, user.token);
    await regular.goto('/admin');
    await regular.page.waitForURL((url) => url.pathname === '/');
    await regular.finish();

    const admin = await createAdmin(e2e);
    const opened = await e2e.open();
    await signInPage(opened, e2e, admin.token);
    await opened.goto('/admin');
    await expectTitle(opened, '/admin');
    await opened.page.getByLabel('Search users', { exact: true }).fill(user.email);
    await opened.page.getByRole('button', { name: 'Search', exact: true }).click();
    await opened.page.getByText(user.email).waitFor();
    await opened.finish();
  });
});
