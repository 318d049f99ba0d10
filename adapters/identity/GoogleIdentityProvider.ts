import { inject, injectable } from 'inversify';
import * as oidc from 'openid-client';
import type { IdentityAuthorizationRequest, IdentityProvider, VerifiedIdentity } from '../../application/ports/services';
import { AppLogger } from '../../application/ports/system';
import { AppError } from '../../domain/errors';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

export const GoogleIdentityProviderOptions = Symbol.for('GoogleIdentityProviderOptions');
export interface GoogleIdentityProviderOptions {
  /** OpenID issuer whose /.well-known/openid-configuration is read. Default https://accounts.google.com. */
  issuer?: string;
  clientId: string;
  clientSecret: string;
  /** The callback URL registered with the provider, e.g. https://app.example/api/oauth/google/callback. */
  redirectUri: string;
  /**
   * Lets openid-client talk to an http:// issuer. ONLY for tests and local stand-in providers: it drops the
   * TLS guarantee the whole flow relies on. Never set it in production (Google is always https).
   */
  allowInsecureRequests?: boolean;
  /** Time-out of each request to the provider, in seconds (default 10). */
  timeoutSeconds?: number;
}

/**
 * Sign-in with Google (any OpenID Connect provider, in fact) through openid-client: authorization code flow
 * with PKCE (S256), state and nonce. The ID token's signature is checked against the provider's JWKS on top of
 * the issuer, audience, nonce and expiry checks, and every failure becomes AppError('unauthorized').
 */
@injectable()
export class GoogleIdentityProvider implements IdentityProvider {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    @inject(GoogleIdentityProviderOptions) private readonly options: GoogleIdentityProviderOptions,
    @inject(AppLogger) private readonly logger: AppLogger,
  ) {}

  async createAuthorizationRequest(): Promise<IdentityAuthorizationRequest> {
    const configuration = await this.discover();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.options.redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'select_account',
    });
    return { url: url.href, state, codeVerifier, nonce };
  }

  async completeAuthorization(
    callbackUrl: URL,
    expected: { state: string; codeVerifier: string; nonce: string },
  ): Promise<VerifiedIdentity> {
    try {
      const configuration = await this.discover();
      // Rebuilt on the registered redirect URI: behind a proxy the URL the server saw can have another host,
      // and openid-client sends the callback URL (without its query) as redirect_uri to the token endpoint.
      const callback = new URL(this.options.redirectUri);
      callback.search = callbackUrl.search;
      const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      return identityFrom(tokens.claims());
    } catch (error) {
      this.logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'identity provider sign-in failed');
      throw new AppError('unauthorized', 'sign-in with the identity provider failed');
    }
  }

  /** Discovery once, lazily; a failed attempt is forgotten so the next sign-in retries. */
  private discover(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const execute = [oidc.enableNonRepudiationChecks];
      if (this.options.allowInsecureRequests) execute.push(oidc.allowInsecureRequests);
      this.configuration = oidc
        .discovery(
          new URL(this.options.issuer ?? GOOGLE_ISSUER),
          this.options.clientId,
          { id_token_signed_response_alg: 'RS256' },
          oidc.ClientSecretPost(this.options.clientSecret),
          { execute, timeout: this.options.timeoutSeconds ?? 10 },
        )
        .catch((error: unknown) => {
          // Not cached: the next sign-in tries again. Google being down is a 502 for the caller, not a 500.
          this.configuration = undefined;
          this.logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'identity provider unreachable');
          throw new AppError('identity_provider', 'Google sign-in is not available right now; try again in a minute');
        });
    }
    return this.configuration;
  }
}

function identityFrom(claims: oidc.IDToken | undefined): VerifiedIdentity {
  if (!claims) throw new Error('no ID token claims');
  const email = claims.email;
  if (typeof email !== 'string' || email === '') throw new Error('ID token has no e-mail');
  // Some providers send the flag as the string "true".
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return {
    email: email.trim().toLowerCase(),
    emailVerified: verified,
    subject: claims.sub,
    givenName: typeof claims.given_name === 'string' ? claims.given_name : '',
    familyName: typeof claims.family_name === 'string' ? claims.family_name : '',
  };
}
