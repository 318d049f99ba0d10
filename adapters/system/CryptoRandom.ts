import { randomInt } from 'node:crypto';
import { injectable } from 'inversify';
import type { Random } from '../../application/ports/system';

/** Chance from the operating system's CSPRNG: nobody can predict their colour or the Chess960 position. */
@injectable()
export class CryptoRandom implements Random {
  int(maxExclusive: number): number {
    return randomInt(maxExclusive);
  }
}
