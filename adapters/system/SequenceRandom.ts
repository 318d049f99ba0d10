import type { Random } from '../../application/ports/system';

/** A repeatable sequence for tests: returns the given values in turn (modulo the bound), cycling. */
export class SequenceRandom implements Random {
  private index = 0;
  constructor(private readonly values: number[]) {
    if (values.length === 0) throw new RangeError('SequenceRandom needs at least one value');
  }

  int(maxExclusive: number): number {
    const value = this.values[this.index % this.values.length]!;
    this.index += 1;
    return value % maxExclusive;
  }
}
