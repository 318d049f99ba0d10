import { Algorithm, hash, verify } from '@node-rs/argon2';
import { inject, injectable } from 'inversify';
import type { PasswordHasher } from '../../application/ports/system';

export const Argon2PasswordHasherOptions = Symbol.for('Argon2PasswordHasherOptions');
export interface Argon2PasswordHasherOptions {
  /** Memory cost in KiB. Production default 19456 (19 MiB, the OWASP argon2id baseline). */
  memoryCost?: number;
  /** Iterations. Production default 2. */
  timeCost?: number;
  /** Lanes. Default 1. */
  parallelism?: number;
}

/** OWASP Password Storage Cheat Sheet baseline for argon2id. */
export const PRODUCTION_ARGON2_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Cheap parameters for tests only: still real argon2id, just fast. Never use outside tests. */
export const TEST_ARGON2_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/**
 * argon2id password hashes in PHC string form ($argon2id$v=19$m=...,t=...,p=...$salt$hash). The cost is stored
 * in each hash, so verify() keeps working for hashes made with other parameters (for example after raising them).
 */
@injectable()
export class Argon2PasswordHasher implements PasswordHasher {
  private readonly cost: Required<Argon2PasswordHasherOptions>;

  constructor(@inject(Argon2PasswordHasherOptions) options: Argon2PasswordHasherOptions) {
    this.cost = { ...PRODUCTION_ARGON2_COST, ...definedOnly(options) };
  }

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: Algorithm.Argon2id, ...this.cost });
  }

  /** False for a wrong password and also for a stored value that is not a valid argon2 hash. */
  async verify(storedHash: string, password: string): Promise<boolean> {
    if (!storedHash.startsWith('$argon2')) return false;
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }
}

function definedOnly(options: Argon2PasswordHasherOptions): Argon2PasswordHasherOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
