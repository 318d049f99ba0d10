import { AsyncLocalStorage } from 'node:async_hooks';
import { injectable } from 'inversify';
import type { UnitOfWork } from '../../../application/ports/system';
import { Mutex } from '../typeorm/mutex';

/** An in-memory store that a unit of work can roll back: it hands out a copy of its state and takes one back. */
export interface InMemoryTransactional {
  snapshot(): unknown;
  restore(snapshot: unknown): void;
}

/**
 * Unit of work for the in-memory harness, behaving like the SQL ones: runs are serialised through a mutex so two
 * use cases never interleave, a nested run joins the outer one (it does not wait for itself), and a run that
 * throws restores every enlisted store to its state at the start of the run (rollback), so failure paths can be
 * tested on the fast harness. Stores not enlisted keep their writes.
 *
 * A snapshot copies the whole state, which is fine for test-sized data and would not be for production.
 */
@injectable()
export class InMemoryUnitOfWork implements UnitOfWork {
  private readonly mutex = new Mutex();
  private readonly inside = new AsyncLocalStorage<true>();
  private readonly participants: InMemoryTransactional[] = [];

  /** Adds stores that roll back with a failed run. Returns this, for chaining at wiring time. */
  enlist(...stores: InMemoryTransactional[]): this {
    for (const store of stores) if (!this.participants.includes(store)) this.participants.push(store);
    return this;
  }

  get active(): boolean {
    return this.inside.getStore() === true;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return work();
    return this.mutex.runExclusive(() =>
      this.inside.run(true, async () => {
        const snapshots = this.participants.map((store) => store.snapshot());
        try {
          return await work();
        } catch (error) {
          this.participants.forEach((store, i) => store.restore(snapshots[i]));
          throw error;
        }
      }),
    );
  }
}
