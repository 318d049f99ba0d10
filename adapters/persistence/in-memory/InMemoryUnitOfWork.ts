import { AsyncLocalStorage } from 'node:async_hooks';
import { injectable } from 'inversify';
import type { UnitOfWork } from '../../../application/ports/system';
import { Mutex } from '../typeorm/mutex';

/**
 * Unit of work for the in-memory harness: runs are serialised through a mutex so two use cases never
 * interleave, and a nested run joins the outer one (it does not wait for itself).
 *
 * It CANNOT roll back: the in-memory repositories write immediately, so a run that throws midway leaves its
 * earlier writes in place. Tests that need atomicity must use a SQL database (see tests/contract).
 */
@injectable()
export class InMemoryUnitOfWork implements UnitOfWork {
  private readonly mutex = new Mutex();
  private readonly inside = new AsyncLocalStorage<true>();

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return work();
    return this.mutex.runExclusive(() => this.inside.run(true, work));
  }
}
