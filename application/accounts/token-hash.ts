import { createHash } from 'node:crypto';

/** Session and reset tokens are stored as their SHA-256: a leaked table does not sign anybody in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
