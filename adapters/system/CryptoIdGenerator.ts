import { randomBytes, randomUUID } from 'node:crypto';
import { injectable } from 'inversify';
import type { IdGenerator } from '../../application/ports/system';

/** Token size in bytes: 256 bits, so tokens cannot be guessed and need no slow hash at rest. */
export const TOKEN_BYTES = 32;

/** Ids and tokens from the operating system's CSPRNG. */
@injectable()
export class CryptoIdGenerator implements IdGenerator {
  uuid(): string {
    return randomUUID();
  }

  /** 32 random bytes as base64url (43 characters, no padding), safe in URLs and headers. */
  token(): string {
    return randomBytes(TOKEN_BYTES).toString('base64url');
  }
}
