import { createHash } from 'node:crypto';
import { FixedClock } from '../system/FixedClock';
import { DevIdentityProvider, type DevSignIn } from './DevIdentityProvider';

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/oauth/google/callback`;

describe('DevIdentityProvider', () => {
  let clock: FixedClock;
  let provider: DevIdentityProvider;
  beforeEach(() => {
    clock = new FixedClock({ start: '2026-05-01T12:00:00Z' });
    provider = new DevIdentityProvider({ publicUrl: `${PUBLIC_URL}/` }, clock);
  });

  /** Plays the page's part: the typed identity bound to the request's nonce and challenge. */
  async function signIn(overrides: Partial<DevSignIn> = {}) {
    const request = await provider.createAuthorizationRequest();
    const url = new URL(request.url);
    const code = provider.issueCode({
      email: ' Anna.Dev@Example.COM ',
      givenName: ' Anna ',
      familyName: 'Dev',
      emailVerified: true,
      nonce: url.searchParams.get('nonce') ?? '',
      codeChallenge: url.searchParams.get('code_challenge') ?? '',
      ...overrides,
    });
    const callback = new URL(CALLBACK);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', request.state);
    return { request, callback, code };
  }

  it('points the browser at the local page with state, nonce, an S256 challenge and the callback', async () => {
    const request = await provider.createAuthorizationRequest();
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/dev/identity/authorize`);
    expect(url.searchParams.get('state')).toBe(request.state);
    expect(url.searchParams.get('nonce')).toBe(request.nonce);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge')).toBe(createHash('sha256').update(request.codeVerifier).digest('base64url'));
    for (const value of [request.state, request.nonce, request.codeVerifier]) expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('completes with the typed identity, e-mail normalised, and a subject stable per e-mail', async () => {
    const first = await signIn();
    const identity = await provider.completeAuthorization(first.callback, first.request);
    expect(identity).toEqual({
      email: 'anna.dev@example.com',
      emailVerified: true,
      subject: expect.stringMatching(/^dev-[0-9a-f]{24}$/),
      givenName: 'Anna',
      familyName: 'Dev',
    });
    const again = await signIn({ email: 'anna.dev@example.com', emailVerified: false });
    const second = await provider.completeAuthorization(again.callback, again.request);
    expect(second.subject).toBe(identity.subject);
    expect(second.emailVerified).toBe(false);
    const other = await signIn({ email: 'someone@example.com' });
    expect((await provider.completeAuthorization(other.callback, other.request)).subject).not.toBe(identity.subject);
  });

  it('rejects a callback whose state is not the stored one', async () => {
    const { request, callback } = await signIn();
    await expect(provider.completeAuthorization(callback, { ...request, state: 'x'.repeat(43) })).rejects.toMatchObject({ kind: 'unauthorized' });
    callback.searchParams.delete('state');
    await expect(provider.completeAuthorization(callback, request)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('rejects a code bound to another nonce', async () => {
    const { request, callback } = await signIn();
    await expect(provider.completeAuthorization(callback, { ...request, nonce: 'n'.repeat(43) })).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('rejects a PKCE verifier that does not match the challenge', async () => {
    const { request, callback } = await signIn();
    await expect(provider.completeAuthorization(callback, { ...request, codeVerifier: 'v'.repeat(43) })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
  });

  it('rejects a code whose payload was changed, and one signed by another process', async () => {
    const { request, callback, code } = await signIn();
    const [payload, signature] = code.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    claims.email = 'admin@example.com';
    callback.searchParams.set('code', `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`);
    await expect(provider.completeAuthorization(callback, request)).rejects.toMatchObject({ kind: 'unauthorized' });
    for (const forged of [`${payload}.${'A'.repeat(43)}`, `${payload}`, `${payload}.${signature}.x`, '', 'garbage']) {
      callback.searchParams.set('code', forged);
      await expect(provider.completeAuthorization(callback, request)).rejects.toMatchObject({ kind: 'unauthorized' });
    }
  });

  it('accepts a code until its lifetime (120 s by default) is over, and not after', async () => {
    const early = await signIn();
    clock.advanceSeconds(119);
    await expect(provider.completeAuthorization(early.callback, early.request)).resolves.toMatchObject({ givenName: 'Anna' });
    const late = await signIn();
    clock.advanceSeconds(120);
    await expect(provider.completeAuthorization(late.callback, late.request)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('accepts each code once', async () => {
    const { request, callback } = await signIn();
    await provider.completeAuthorization(callback, request);
    await expect(provider.completeAuthorization(callback, request)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('treats an error answer from the page (Cancel) as unauthorized', async () => {
    const request = await provider.createAuthorizationRequest();
    const callback = new URL(`${CALLBACK}?error=access_denied&state=${request.state}`);
    await expect(provider.completeAuthorization(callback, request)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('refuses to issue a code for a malformed e-mail, over-long names or missing nonce or challenge', () => {
    const valid: DevSignIn = { email: 'a@example.com', givenName: 'A', familyName: 'B', emailVerified: true, nonce: 'n'.repeat(43), codeChallenge: 'c'.repeat(43) };
    expect(() => provider.issueCode(valid)).not.toThrow();
    for (const bad of [
      { email: 'not-an-email' },
      { email: 'a@example.com, b@example.com' },
      { givenName: 'x'.repeat(101) },
      { familyName: 'x'.repeat(101) },
      { nonce: '' },
      { codeChallenge: 'has spaces in it, not base64url' },
    ]) {
      expect(() => provider.issueCode({ ...valid, ...bad })).toThrow(expect.objectContaining({ kind: 'validation' }));
    }
  });

  it('allows only the configured callback as redirect target', () => {
    expect(provider.isAllowedRedirect(CALLBACK)).toBe(true);
    for (const uri of ['https://evil.example/api/oauth/google/callback', `${CALLBACK}/x`, `${CALLBACK}?next=1`, '//evil.example', '']) {
      expect(provider.isAllowedRedirect(uri)).toBe(false);
    }
    const custom = new DevIdentityProvider({ publicUrl: PUBLIC_URL, redirectUri: 'http://127.0.0.1:4000/cb' }, clock);
    expect(custom.isAllowedRedirect('http://127.0.0.1:4000/cb')).toBe(true);
  });
});
