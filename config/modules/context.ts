import type { Container } from 'inversify';
import type { AppConfig } from '../env';
import type { Database } from '../../adapters/persistence/typeorm/database';

/** What every container module receives. `database` is absent when the in-memory adapters are chosen. */
export interface ModuleContext {
  config: AppConfig;
  database: Database | null;
}

export type ContainerModuleFn = (container: Container, context: ModuleContext) => void;
