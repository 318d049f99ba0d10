import { createServer, type Server } from 'node:http';
import Koa from 'koa';
import { close, listen } from '../../tests/adapters/support/http';
import { FixedClock } from '../system/FixedClock';
import { DevIdentityProvider } from './DevIdentityProvider';
import { devIdentityRoutes } from './dev-identity-routes';

describe('development sign-in page over HTTP', () => {
  let server: Server;
  let base: string;
  let provider: DevIdentityProvider;

  async function start(preParse = false) {
    const app = new Koa();
    if (preParse) {
      // Like the app's body parser: the form is already read when the route runs.
      app.use(async (ctx, next) => {
        if (ctx.method === 'POST') {
          const chunks: Buffer[] = [];
          for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
          (ctx.request as { body?: unknown }).body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        }
        await next();
      });
    }
    // The provider needs the base URL, which exists only once the server listens; Koa composes its
    // middleware when callback() is called, so the handler is attached after the routes are added.
    server = createServer();
    base = await listen(server);
    provider = new DevIdentityProvider({ publicUrl: base }, new FixedClock({ start: new Date() }));
    app.use(devIdentityRoutes(provider).routes());
    server.on('request', app.callback());
  }
  afterEach(async () => {
    await close(server);
  });

  const post = (form: Record<string, string>) =>
    fetch(`${base}/dev/identity/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });

  function formFrom(url: string, typed: Record<string, string>): Record<string, string> {
    const params = new URL(url).searchParams;
    return {
      state: params.get('state')!,
      nonce: params.get('nonce')!,
      code_challenge: params.get('code_challenge')!,
      redirect_uri: params.get('redirect_uri')!,
      ...typed,
    };
  }

  it('shows the stand-in form for a request from the app', async () => {
    await start();
    const request = await provider.createAuthorizationRequest();
    const response = await fetch(request.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('Development sign-in');
    expect(html).toContain('This stands in for Google');
    for (const field of ['name="email"', 'name="given_name"', 'name="family_name"', '>Continue</button>']) expect(html).toContain(field);
    expect(html).toContain(`name="state" value="${request.state}"`);
  });

  it('refuses to show the form for a foreign redirect URI or a missing parameter (no open redirect)', async () => {
    await start();
    const request = await provider.createAuthorizationRequest();
    const foreign = new URL(request.url);
    foreign.searchParams.set('redirect_uri', 'https://evil.example/steal');
    expect((await fetch(foreign)).status).toBe(400);
    const missing = new URL(request.url);
    missing.searchParams.delete('nonce');
    expect((await fetch(missing)).status).toBe(400);
  });

  it.each([false, true])('Continue redirects to the callback with a code the provider accepts (form pre-parsed: %s)', async (preParse) => {
    await start(preParse);
    const request = await provider.createAuthorizationRequest();
    const response = await post(formFrom(request.url, { email: 'Bea@Example.com', given_name: 'Bea', family_name: 'Test', email_verified: 'on', action: 'continue' }));
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${base}/api/oauth/google/callback`);
    expect(location.searchParams.get('state')).toBe(request.state);
    await expect(provider.completeAuthorization(location, request)).resolves.toMatchObject({
      email: 'bea@example.com',
      emailVerified: true,
      givenName: 'Bea',
      familyName: 'Test',
    });
  });

  it('an unticked "verified" box yields an unverified identity', async () => {
    await start();
    const request = await provider.createAuthorizationRequest();
    const response = await post(formFrom(request.url, { email: 'c@example.com', given_name: 'C', family_name: 'D' }));
    const identity = await provider.completeAuthorization(new URL(response.headers.get('location')!), request);
    expect(identity.emailVerified).toBe(false);
  });

  it('Cancel redirects with error=access_denied and the state, and no code', async () => {
    await start();
    const request = await provider.createAuthorizationRequest();
    const response = await post(formFrom(request.url, { action: 'cancel' }));
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe(request.state);
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('shows the form again with the error and the typed values escaped when the e-mail is invalid', async () => {
    await start();
    const request = await provider.createAuthorizationRequest();
    const response = await post(formFrom(request.url, { email: 'nope', given_name: '"><script>alert(1)</script>', family_name: 'X' }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Enter a valid e-mail address');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('refuses a POST that would redirect anywhere but the registered callback', async () => {
    await start();
    const request = await provider.createAuthorizationRequest();
    const response = await post(formFrom(request.url, { email: 'a@example.com', redirect_uri: 'https://evil.example/cb' }));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });
});
