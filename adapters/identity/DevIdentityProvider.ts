import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { IdentityAuthorizationRequest, IdentityProvider, VerifiedIdentity } from '../../application/ports/services';
import { Clock } from '../../application/ports/system';
import { AppError } from '../../domain/errors';

export const DevIdentityProviderOptions = Symbol.for('DevIdentityProviderOptions');
export interface DevIdentityProviderOptions {
  /** Where this server is reached, e.g. http://localhost:3000; the stand-in page lives under it. */
  publicUrl: string;
  /** The only place the page may send the browser back to. Default `${publicUrl}/api/oauth/google/callback`. */
  redirectUri?: string;
  /** Lifetime of a code from the page, in seconds (default 120). */
  codeTtlSeconds?: number;
}

export interface DevSignIn {
  email: string;
  givenName: string;
  familyName: string;
  emailVerified: boolean;
  nonce: string;
  codeChallenge: string;
}

interface DevCode extends DevSignIn {
  /** Expiry, epoch milliseconds. */
  exp: number;
  /** Code id, so each code is accepted once. */
  jti: string;
}

/**
 * Signs the codes of this process. Random at start-up: codes never outlive the process, and nothing outside
 * it can mint one.
 */
const PROCESS_SECRET = randomBytes(32);

const EMAIL = /^[^\s@<>,;:"'()[\]\\]{1,64}@[^\s@<>,;:"'()[\]\\]+\.[^\s@<>,;:"'()[\]\\]+$/;
const OPAQUE = /^[A-Za-z0-9_-]{16,200}$/;

/**
 * The development stand-in for Google: the same popup flow (authorization URL with state, nonce and PKCE
 * challenge, a page, a redirect back with code and state) without leaving the machine. The code is an
 * HMAC-signed, short-lived, single-use payload binding the typed e-mail and names to the nonce and challenge,
 * and completeAuthorization checks all of it as a real provider plus openid-client would.
 */
@injectable()
export class DevIdentityProvider implements IdentityProvider {
  readonly redirectUri: string;
  private readonly publicUrl: string;
  private readonly codeTtlMs: number;
  /** Codes already exchanged, kept until they expire anyway. */
  private readonly usedCodes = new Map<string, number>();

  constructor(
    @inject(DevIdentityProviderOptions) options: DevIdentityProviderOptions,
    @inject(Clock) private readonly clock: Clock,
  ) {
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.redirectUri = options.redirectUri ?? `${this.publicUrl}/api/oauth/google/callback`;
    this.codeTtlMs = (options.codeTtlSeconds ?? 120) * 1000;
  }

  async createAuthorizationRequest(): Promise<IdentityAuthorizationRequest> {
    const state = randomBytes(32).toString('base64url');
    const nonce = randomBytes(32).toString('base64url');
    const codeVerifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      state,
      nonce,
      code_challenge: pkceChallenge(codeVerifier),
      redirect_uri: this.redirectUri,
    });
    return { url: `${this.publicUrl}/dev/identity/authorize?${query.toString()}`, state, codeVerifier, nonce };
  }

  /** True only for the configured callback, so the page cannot be used as an open redirect. */
  isAllowedRedirect(uri: string): boolean {
    return uri === this.redirectUri;
  }

  /** What the page calls when the form is submitted: a signed code for the redirect back. */
  issueCode(signIn: DevSignIn): string {
    const email = signIn.email.trim().toLowerCase();
    const issues: { path: string; message: string }[] = [];
    if (email.length > 254 || !EMAIL.test(email)) issues.push({ path: 'email', message: 'Enter a valid e-mail address' });
    if (signIn.givenName.trim().length > 100) issues.push({ path: 'givenName', message: 'At most 100 characters' });
    if (signIn.familyName.trim().length > 100) issues.push({ path: 'familyName', message: 'At most 100 characters' });
    if (!OPAQUE.test(signIn.nonce)) issues.push({ path: 'nonce', message: 'Missing or malformed' });
    if (!OPAQUE.test(signIn.codeChallenge)) issues.push({ path: 'codeChallenge', message: 'Missing or malformed' });
    if (issues.length > 0) throw AppError.validation(issues);
    const code: DevCode = {
      ...signIn,
      email,
      givenName: signIn.givenName.trim(),
      familyName: signIn.familyName.trim(),
      exp: this.clock.now().getTime() + this.codeTtlMs,
      jti: randomBytes(16).toString('base64url'),
    };
    const payload = Buffer.from(JSON.stringify(code)).toString('base64url');
    return `${payload}.${mac(payload)}`;
  }

  async completeAuthorization(
    callbackUrl: URL,
    expected: { state: string; codeVerifier: string; nonce: string },
  ): Promise<VerifiedIdentity> {
    const params = callbackUrl.searchParams;
    const refuse = (reason: string): never => {
      throw new AppError('unauthorized', `development sign-in refused: ${reason}`);
    };
    if (params.has('error')) refuse(`provider answered ${params.get('error') ?? ''}`);
    if (!sameText(params.get('state') ?? '', expected.state)) refuse('state mismatch');
    const [payload, signature, extra] = (params.get('code') ?? '').split('.');
    if (!payload || !signature || extra !== undefined || !sameText(signature, mac(payload))) refuse('bad code signature');
    const code = parseCode(payload as string) ?? refuse('malformed code');
    const now = this.clock.now().getTime();
    if (code.exp <= now) refuse('code expired');
    if (!sameText(code.nonce, expected.nonce)) refuse('nonce mismatch');
    if (!sameText(code.codeChallenge, pkceChallenge(expected.codeVerifier))) refuse('PKCE verifier mismatch');
    this.forgetExpired(now);
    if (this.usedCodes.has(code.jti)) refuse('code already used');
    this.usedCodes.set(code.jti, code.exp);
    return {
      email: code.email,
      emailVerified: code.emailVerified,
      subject: `dev-${createHash('sha256').update(code.email).digest('hex').slice(0, 24)}`,
      givenName: code.givenName,
      familyName: code.familyName,
    };
  }

  private forgetExpired(now: number): void {
    for (const [jti, exp] of this.usedCodes) if (exp <= now) this.usedCodes.delete(jti);
  }
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function mac(payload: string): string {
  return createHmac('sha256', PROCESS_SECRET).update(payload).digest('base64url');
}

/** Constant-time comparison, so response timing does not reveal how much of a secret matched. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function parseCode(payload: string): DevCode | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<DevCode>;
    const strings = [value.email, value.givenName, value.familyName, value.nonce, value.codeChallenge, value.jti];
    if (strings.some((s) => typeof s !== 'string') || typeof value.exp !== 'number' || typeof value.emailVerified !== 'boolean') {
      return null;
    }
    return value as DevCode;
  } catch {
    return null;
  }
}
