import { inject, injectable } from 'inversify';
import type { UnitOfWork } from '../../../application/ports/system';
import { Database } from './database';

@injectable()
export class TypeOrmUnitOfWork implements UnitOfWork {
  constructor(@inject(Database) private readonly database: Database) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.database.transaction(() => work());
  }

  get active(): boolean {
    return this.database.inTransaction;
  }
}
