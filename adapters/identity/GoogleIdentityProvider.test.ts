import { createHash } from 'node:crypto';
import { CapturingAppLogger } from '../system/CapturingAppLogger';
import { startStandInProvider, type IssuedCode, type StandInProvider } from '../../tests/adapters/support/stand-in-openid-provider';
import { GoogleIdentityProvider } from './GoogleIdentityProvider';

const REDIRECT_URI = 'https://app.example/api/oauth/google/callback';

describe('GoogleIdentityProvider against a local stand-in OpenID provider', () => {
  let op: StandInProvider;
  let logger: CapturingAppLogger;
  let provider: GoogleIdentityProvider;

  beforeEach(async () => {
    op = await startStandInProvider();
    logger = new CapturingAppLogger();
    provider = new GoogleIdentityProvider(
      {
        issuer: op.issuer,
        clientId: op.clientId,
        clientSecret: op.clientSecret,
        redirectUri: REDIRECT_URI,
        // The stand-in speaks plain http on 127.0.0.1; real Google is https and never needs this.
        allowInsecureRequests: true,
      },
      logger,
    );
  });
  afterEach(async () => {
    await op.stop();
  });

  /** Starts a sign-in and plays the provider's part: a code bound to the request's nonce and challenge. */
  async function signIn(code: Partial<IssuedCode> = {}) {
    const request = await provider.createAuthorizationRequest();
    const url = new URL(request.url);
    const issued = op.issueCode({
      nonce: url.searchParams.get('nonce') ?? '',
      codeChallenge: url.searchParams.get('code_challenge') ?? '',
      redirectUri: url.searchParams.get('redirect_uri') ?? '',
      ...code,
    });
    const callback = new URL(`${REDIRECT_URI}?code=${issued}&state=${encodeURIComponent(request.state)}`);
    return { request, callback };
  }

  it('builds an authorization URL with PKCE S256, state, nonce, scopes and the registered redirect URI', async () => {
    const request = await provider.createAuthorizationRequest();
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/authorize`);
    expect(url.searchParams.get('client_id')).toBe(op.clientId);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBe(createHash('sha256').update(request.codeVerifier).digest('base64url'));
    expect(url.searchParams.get('state')).toBe(request.state);
    expect(url.searchParams.get('nonce')).toBe(request.nonce);
    expect(request.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const other = await provider.createAuthorizationRequest();
    expect([other.state, other.nonce, other.codeVerifier]).not.toEqual(expect.arrayContaining([request.state, request.nonce, request.codeVerifier]));
  });

  it('exchanges a valid code and returns the verified identity from the ID token', async () => {
    const { request, callback } = await signIn();
    await expect(provider.completeAuthorization(callback, request)).resolves.toEqual({
      email: 'magnus.player@example.com',
      emailVerified: true,
      subject: '110169484474386276334',
      givenName: 'Magnus',
      familyName: 'Player',
    });
    const [token] = op.tokenRequests;
    expect(token!.get('code_verifier')).toBe(request.codeVerifier);
    expect(token!.get('redirect_uri')).toBe(REDIRECT_URI);
  });

  it('sends the registered redirect URI even when the callback reached the server under another host', async () => {
    const { request, callback } = await signIn();
    const internal = new URL(`http://10.0.0.7:3000/api/oauth/google/callback${callback.search}`);
    await expect(provider.completeAuthorization(internal, request)).resolves.toMatchObject({ emailVerified: true });
  });

  it('reports an unverified e-mail and missing names as such', async () => {
    const { request, callback } = await signIn({ claims: { email_verified: false, given_name: undefined, family_name: undefined } });
    await expect(provider.completeAuthorization(callback, request)).resolves.toMatchObject({
      emailVerified: false,
      givenName: '',
      familyName: '',
    });
  });

  const rejected: [string, Partial<IssuedCode>][] = [
    ['a nonce other than the one sent', { claims: { nonce: 'someone-elses-nonce' } }],
    ['a missing nonce', { claims: { nonce: undefined } }],
    ['another audience', { claims: { aud: 'other-client.apps.example' } }],
    ['another issuer', { claims: { iss: 'https://evil.example' } }],
    ['an expired ID token', { claims: { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 } }],
    ['a signature made with another key', { forgeSignature: true }],
    ['no e-mail claim', { claims: { email: undefined } }],
  ];
  it.each(rejected)('rejects an ID token with %s as unauthorized', async (_label, code) => {
    const { request, callback } = await signIn(code);
    await expect(provider.completeAuthorization(callback, request)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(logger.messages('warn')).toEqual(['identity provider sign-in failed']);
  });

  it('rejects an ID token whose payload was altered after signing', async () => {
    // Re-sign nothing: swap the payload of a genuine token for one claiming another e-mail.
    const { request, callback } = await signIn();
    const realFetch = globalThis.fetch;
    const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      if (!String(input instanceof Request ? input.url : input).endsWith('/token')) return response;
      const body = (await response.json()) as { id_token: string };
      const [header, payload, signature] = body.id_token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
      claims.email = 'victim@example.com';
      body.id_token = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    try {
      await expect(provider.completeAuthorization(callback, request)).rejects.toMatchObject({ kind: 'unauthorized' });
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('rejects a callback whose state differs from the one stored, without calling the token endpoint', async () => {
    const { request, callback } = await signIn();
    await expect(provider.completeAuthorization(callback, { ...request, state: 'forged-state' })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    expect(op.tokenRequests).toHaveLength(0);
  });

  it('rejects a wrong PKCE verifier (the provider refuses the code)', async () => {
    const { request, callback } = await signIn();
    await expect(
      provider.completeAuthorization(callback, { ...request, codeVerifier: 'x'.repeat(43) }),
    ).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('rejects a code used twice', async () => {
    const { request, callback } = await signIn();
    await provider.completeAuthorization(callback, request);
    await expect(provider.completeAuthorization(callback, request)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('rejects a callback carrying an error from the provider (user cancelled)', async () => {
    const request = await provider.createAuthorizationRequest();
    const callback = new URL(`${REDIRECT_URI}?error=access_denied&state=${encodeURIComponent(request.state)}`);
    await expect(provider.completeAuthorization(callback, request)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('answers unauthorized when the provider cannot be reached', async () => {
    const { request, callback } = await signIn();
    await op.stop();
    const fresh = new GoogleIdentityProvider(
      { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, redirectUri: REDIRECT_URI, allowInsecureRequests: true, timeoutSeconds: 2 },
      logger,
    );
    await expect(fresh.completeAuthorization(callback, request)).rejects.toMatchObject({ kind: 'unauthorized' });
    op = await startStandInProvider();
  });
});

describe('GoogleIdentityProvider without the insecure-requests escape hatch', () => {
  it('refuses a plain-http issuer', async () => {
    const op = await startStandInProvider();
    try {
      const provider = new GoogleIdentityProvider(
        { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, redirectUri: REDIRECT_URI },
        new CapturingAppLogger(),
      );
      await expect(provider.createAuthorizationRequest()).rejects.toThrow();
    } finally {
      await op.stop();
    }
  });
});
