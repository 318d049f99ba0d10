import { createHash } from 'node:crypto';

/**
 * Hex SHA-256 of a UTF-8 string. Session and reset tokens are stored only as this hash, so a leaked database
 * does not leak usable tokens; the tokens themselves carry 256 bits of entropy, so no salt or slow hash is needed.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
