import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { close, listen } from './http';

/**
 * A minimal OpenID provider on a random local port for adapter tests: discovery, JWKS and a token endpoint
 * that checks the client, the code, the redirect URI and the PKCE verifier, then returns an RS256 ID token.
 * Keys and JWTs are made with node:crypto, so no test-only dependency is needed.
 */
export interface IssuedCode {
  nonce: string;
  codeChallenge: string;
  redirectUri: string;
  /** Claims to add or override in the ID token (set a claim to undefined to drop it). */
  claims?: Record<string, unknown>;
  /** Sign with a different key (same kid), as a forger would. */
  forgeSignature?: boolean;
}

export interface StandInProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers an authorization code as if the user had signed in at /authorize. */
  issueCode(code: IssuedCode): string;
  /** Token requests received, for assertions. */
  tokenRequests: URLSearchParams[];
  stop(): Promise<void>;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function signJwt(payload: Record<string, unknown>, key: KeyObject, kid: string): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
  const body = base64url(JSON.stringify(payload));
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${body}`), key);
  return `${header}.${body}.${base64url(signature)}`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** RSA key generation is slow (about half a second), so the keys are made once per test file. */
let keys: { privateKey: KeyObject; publicKey: KeyObject; forger: KeyObject } | undefined;
function testKeys() {
  if (!keys) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    keys = { privateKey, publicKey, forger: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey };
  }
  return keys;
}

export async function startStandInProvider(): Promise<StandInProvider> {
  const { privateKey, publicKey, forger } = testKeys();
  const kid = 'test-key-1';
  const clientId = 'client-123.apps.example';
  const clientSecret = 'client-secret-xyz';
  const codes = new Map<string, IssuedCode>();
  const tokenRequests: URLSearchParams[] = [];
  let issuer = '';

  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', issuer).pathname;
    if (request.method === 'GET' && path === '/.well-known/openid-configuration') {
      return send(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      });
    }
    if (request.method === 'GET' && path === '/jwks') {
      return send(200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] });
    }
    if (request.method === 'POST' && path === '/token') {
      void readBody(request).then((raw) => {
        const form = new URLSearchParams(raw);
        tokenRequests.push(form);
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
          return send(401, { error: 'invalid_client' });
        }
        const issued = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (
          form.get('grant_type') !== 'authorization_code' ||
          !issued ||
          issued.redirectUri !== form.get('redirect_uri') ||
          base64url(createHash('sha256').update(verifier).digest()) !== issued.codeChallenge
        ) {
          return send(400, { error: 'invalid_grant' });
        }
        const now = Math.floor(Date.now() / 1000);
        const claims: Record<string, unknown> = {
          iss: issuer,
          aud: clientId,
          sub: '110169484474386276334',
          iat: now,
          exp: now + 3600,
          nonce: issued.nonce,
          email: 'Magnus.Player@Example.com',
          email_verified: true,
          given_name: 'Magnus',
          family_name: 'Player',
          ...issued.claims,
        };
        const idToken = signJwt(claims, issued.forgeSignature ? forger : privateKey, kid);
        return send(200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 3600, id_token: idToken, scope: 'openid email profile' });
      });
      return;
    }
    send(404, { error: 'not_found' });
  });
  issuer = await listen(server);

  return {
    issuer,
    clientId,
    clientSecret,
    tokenRequests,
    issueCode(code) {
      const value = randomBytes(12).toString('hex');
      codes.set(value, code);
      return value;
    },
    stop: () => close(server),
  };
}
