/** Ports to the world outside: e-mail, identity provider, image storage. */

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export const Mailer = Symbol.for('Mailer');
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface IdentityAuthorizationRequest {
  /** Where to send the browser. */
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface VerifiedIdentity {
  email: string;
  emailVerified: boolean;
  subject: string;
  givenName: string;
  familyName: string;
}

export const IdentityProvider = Symbol.for('IdentityProvider');
export interface IdentityProvider {
  /** Builds the authorization URL with fresh state, PKCE verifier and nonce. */
  createAuthorizationRequest(): Promise<IdentityAuthorizationRequest>;
  /**
   * Exchanges the code from the callback URL (the full URL the provider redirected to) and verifies the ID
   * token (issuer, audience, nonce, expiry). Raises AppError('unauthorized') when anything is off.
   */
  completeAuthorization(
    callbackUrl: URL,
    expected: { state: string; codeVerifier: string; nonce: string },
  ): Promise<VerifiedIdentity>;
}

export interface StoredImage {
  filename: string;
  contentType: string;
}

export const ImageStore = Symbol.for('ImageStore');
export interface ImageStore {
  /**
   * Checks the bytes are a PNG, JPEG, WebP or GIF image, re-encodes and resizes it, stores it under a new random
   * name and returns that name. Raises AppError('validation') for anything that is not such an image.
   */
  save(bytes: Buffer): Promise<StoredImage>;
  /** The stored bytes for a name this store generated; null for any other name (never touches other paths). */
  read(filename: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** True when the name has the strict shape this store generates. */
  isValidName(filename: string): boolean;
}
