import { UserRepository } from '../../application/ports/users';
import { signUp, startTestServer, type TestServer } from '../support/http';

/** Drives the popup flow against the development stand-in provider, as a browser would. */
async function signInWithStandIn(
  server: TestServer,
  person: { email: string; given?: string; family?: string; verified?: boolean },
  timezone = 'Europe/Zagreb',
): Promise<Response> {
  const start = await fetch(`${server.url}/api/oauth/google?timezone=${encodeURIComponent(timezone)}&t=1`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location') as string);
  expect(authorize.pathname).toBe('/dev/identity/authorize');
  for (const name of ['state', 'nonce', 'code_challenge', 'redirect_uri']) expect(authorize.searchParams.get(name)).toBeTruthy();
  const page = await fetch(`${server.url}${authorize.pathname}${authorize.search}`);
  expect(page.status).toBe(200);

  const form = new URLSearchParams({
    state: authorize.searchParams.get('state') as string,
    nonce: authorize.searchParams.get('nonce') as string,
    code_challenge: authorize.searchParams.get('code_challenge') as string,
    redirect_uri: authorize.searchParams.get('redirect_uri') as string,
    email: person.email,
    given_name: person.given ?? 'Given',
    family_name: person.family ?? 'Family',
    action: 'continue',
  });
  if (person.verified !== false) form.set('email_verified', 'on');
  const submitted = await fetch(`${server.url}${authorize.pathname}`, {
    method: 'POST',
    body: form,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect([302, 303]).toContain(submitted.status);
  const callback = new URL(submitted.headers.get('location') as string);
  expect(callback.pathname).toBe('/api/oauth/google/callback');
  return fetch(`${server.url}${callback.pathname}${callback.search}`);
}

function resultOf(html: string): { token: string; user: { email: string; firstName: string; timezone: string | null } } | null {
  const match = /<script type="application\/json" id="oauth-result">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : null;
}

describe('sign-in with Google (development stand-in provider)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('creates the account from a verified e-mail, stores the token for the web app and the token works', async () => {
    const response = await signInWithStandIn(server, { email: 'New.Person@Example.com', given: 'New', family: 'Person' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<script src="/api/oauth/complete.js"></script>');
    const result = resultOf(html);
    expect(result?.user).toMatchObject({ email: 'new.person@example.com', firstName: 'New', timezone: 'Europe/Zagreb' });
    const load = await server.call('/api/load_user', { method: 'POST', token: result!.token });
    expect(load.status).toBe(200);
  });

  it('signs an existing e-mail/password account in instead of creating another', async () => {
    const { user } = await signUp(server, 'existing@example.com');
    const result = resultOf(await (await signInWithStandIn(server, { email: 'existing@example.com' })).text());
    expect(result?.user).toMatchObject({ email: 'existing@example.com' });
    expect((result?.user as unknown as { id: number }).id).toBe(user.id);
    const matches = await server.container.get<UserRepository>(UserRepository).search({ query: 'existing@example.com', limit: 10 });
    expect(matches).toHaveLength(1);
  });

  it('refuses an unverified e-mail and creates nothing', async () => {
    const response = await signInWithStandIn(server, { email: 'unverified@example.com', verified: false });
    expect(response.status).toBe(401);
    expect(resultOf(await response.text())).toBeNull();
    expect(await server.container.get<UserRepository>(UserRepository).findByEmail('unverified@example.com')).toBeNull();
  });

  it('refuses a callback with an unknown state, and a replayed callback', async () => {
    const forged = await fetch(`${server.url}/api/oauth/google/callback?state=forged&code=abc`);
    expect(forged.status).toBe(401);
    const start = await fetch(`${server.url}/api/oauth/google`, { redirect: 'manual' });
    const authorize = new URL(start.headers.get('location') as string);
    const form = new URLSearchParams({
      state: authorize.searchParams.get('state') as string,
      nonce: authorize.searchParams.get('nonce') as string,
      code_challenge: authorize.searchParams.get('code_challenge') as string,
      redirect_uri: authorize.searchParams.get('redirect_uri') as string,
      email: 'replay@example.com',
      given_name: 'Re',
      family_name: 'Play',
      email_verified: 'on',
    });
    const submitted = await fetch(`${server.url}/dev/identity/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    const callback = new URL(submitted.headers.get('location') as string);
    const first = await fetch(`${server.url}${callback.pathname}${callback.search}`);
    const replay = await fetch(`${server.url}${callback.pathname}${callback.search}`);
    expect(first.status).toBe(200);
    expect(replay.status).toBe(401);
  });

  it('serves the completion script that stores token and user and closes the popup', async () => {
    const script = await fetch(`${server.url}/api/oauth/complete.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    const text = await script.text();
    expect(text).toContain("localStorage.setItem('token'");
    expect(text).toContain("localStorage.setItem('user'");
    expect(text).toContain('window.close()');
  });
});
