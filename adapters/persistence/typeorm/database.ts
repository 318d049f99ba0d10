import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource, type EntityManager } from 'typeorm';
import { Mutex } from './mutex';
import { ENTITIES } from './entities';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';
import { POSTGRES_MIGRATIONS } from './migrations/postgres';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The TypeORM data source plus the rules that make it safe:
 * - Every unit of work runs in one transaction; repositories join the ambient one (AsyncLocalStorage).
 * - On SQLite, TypeORM shares ONE connection for the whole data source, so overlapping transactions would
 *   corrupt each other and a read could see another unit's uncommitted writes. Every SQLite access (unit of
 *   work or single statement) is therefore serialized through one in-process mutex. Races between server
 *   processes are settled by SQLite's own file lock (busy_timeout) and by conditional statements.
 * - On Postgres the pool gives each transaction its own connection; races are decided by conditional
 *   statements (`UPDATE ... WHERE status = 'pending'`) and row locks, never read-then-write.
 */
export class Database {
  private readonly ambient = new AsyncLocalStorage<EntityManager>();
  private readonly sqliteLock: Mutex | null;

  constructor(readonly dataSource: DataSource) {
    this.sqliteLock = this.dialect === 'sqlite' ? new Mutex() : null;
  }

  get dialect(): Dialect {
    return this.dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite';
  }

  /** Runs `work` in a transaction, or inside the caller's transaction when one is open. */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const current = this.ambient.getStore();
    if (current) return work(current);
    const run = () => this.dataSource.transaction((manager) => this.ambient.run(manager, () => work(manager)));
    return this.sqliteLock ? this.sqliteLock.runExclusive(run) : run();
  }

  /** Runs single statements: inside the open transaction when there is one, else on their own. */
  async withManager<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const current = this.ambient.getStore();
    if (current) return work(current);
    const manager = this.dataSource.manager;
    return this.sqliteLock ? this.sqliteLock.runExclusive(() => work(manager)) : work(manager);
  }

  get inTransaction(): boolean {
    return this.ambient.getStore() !== undefined;
  }

  async migrate(): Promise<string[]> {
    const applied = await this.dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  }

  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }

  async ping(): Promise<boolean> {
    try {
      await this.withManager((m) => m.query('SELECT 1'));
      return true;
    } catch {
      return false;
    }
  }
}

export interface DatabaseOptions {
  /** A file path, `sqlite:` URL, `:memory:`, or a `postgres://` URL. */
  url: string;
  poolSize?: number;
  logging?: boolean;
}

export function sqlitePathFromUrl(url: string): string {
  if (url.startsWith('sqlite://')) return url.slice('sqlite://'.length);
  if (url.startsWith('sqlite:')) return url.slice('sqlite:'.length);
  return url;
}

/** Opens (and initialises) the data source for a URL; does not run migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const postgres = /^postgres(ql)?:\/\//.test(options.url);
  let dataSource: DataSource;
  if (postgres) {
    dataSource = new DataSource({
      type: 'postgres',
      url: options.url,
      entities: ENTITIES,
      migrations: POSTGRES_MIGRATIONS,
      migrationsTableName: 'migrations',
      logging: options.logging ?? false,
      extra: { max: options.poolSize ?? 10 },
    });
  } else {
    const path = sqlitePathFromUrl(options.url);
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    dataSource = new DataSource({
      type: 'better-sqlite3',
      database: path,
      entities: ENTITIES,
      migrations: SQLITE_MIGRATIONS,
      migrationsTableName: 'migrations',
      logging: options.logging ?? false,
      enableWAL: path !== ':memory:',
      // Another process (the admin CLI, a second server) may hold the write lock briefly: wait, do not fail.
      timeout: 5000,
      prepareDatabase: (db: { pragma(source: string): unknown }) => {
        db.pragma('foreign_keys = ON');
        db.pragma('busy_timeout = 5000');
        db.pragma('synchronous = NORMAL');
      },
    });
  }
  await dataSource.initialize();
  return new Database(dataSource);
}
