import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase, type Database, type Dialect } from '../../adapters/persistence/typeorm/database';

/**
 * Real databases for tests. Every call gets its own store with all migrations applied: SQLite a fresh temp file,
 * Postgres a fresh database `t_<pid>_<random>` on TEST_POSTGRES_URL, dropped WITH (FORCE) by cleanup().
 */
export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

export function testPostgresUrl(): string {
  return process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase {
  database: Database;
  url: string;
  /** Migration names applied when it was opened. */
  migrations: string[];
  cleanup(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 2000;

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: testPostgresUrl(), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function openTestDatabase(dialect: Dialect, options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tcm-sqlite-'));
    const url = join(dir, 'test.sqlite');
    const database = await openDatabase({ url, poolSize: options.poolSize ?? 1 });
    const migrations = await migrateOrClose(database);
    return {
      database,
      url,
      migrations,
      cleanup: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = withDatabaseName(testPostgresUrl(), name);
  let database: Database;
  try {
    database = await openDatabase({ url, poolSize: options.poolSize ?? 10 });
  } catch (error) {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  const migrations = await migrateOrClose(database);
  return {
    database,
    url,
    migrations,
    cleanup: async () => {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function migrateOrClose(database: Database): Promise<string[]> {
  try {
    return await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Empties every application table (not the migrations table) so one database can serve many tests. */
export async function resetTables(database: Database): Promise<void> {
  await database.transaction(async (manager) => {
    if (database.dialect === 'postgres') {
      const rows: { tablename: string }[] = await manager.query(
        `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'migrations'`,
      );
      if (rows.length === 0) return;
      await manager.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
      return;
    }
    const rows: { name: string }[] = await manager.query(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('migrations', 'sqlite_sequence')`,
    );
    await manager.query('PRAGMA defer_foreign_keys = ON');
    // Triggers guard the data in use (ledger_transfers is append-only); emptying a test database lifts them for a moment.
    const triggers: { name: string; sql: string }[] = await manager.query(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger'`);
    for (const trigger of triggers) await manager.query(`DROP TRIGGER "${trigger.name}"`);
    for (const row of rows) await manager.query(`DELETE FROM "${row.name}"`);
    for (const trigger of triggers) await manager.query(trigger.sql);
  });
}

/** True when the test Postgres answers within a short timeout. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new Client({ connectionString: testPostgresUrl(), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let availableSync: boolean | undefined;

/**
 * The same check, synchronously (Jest collects describe blocks synchronously, so the decision to run or skip
 * must be known before any hook runs). Runs a tiny child process once per test file.
 */
export function postgresAvailableSync(): boolean {
  if (availableSync !== undefined) return availableSync;
  const script = `
    const { Client } = require(${JSON.stringify(require.resolve('pg'))});
    const c = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: ${CONNECT_TIMEOUT_MS} });
    c.connect().then(() => c.query('SELECT 1')).then(() => c.end()).then(() => process.exit(0), () => process.exit(1));`;
  try {
    execFileSync(process.execPath, ['-e', script, testPostgresUrl()], { stdio: 'ignore', timeout: CONNECT_TIMEOUT_MS * 3 });
    availableSync = true;
  } catch {
    availableSync = false;
  }
  return availableSync;
}

export function ciRequiresServices(): boolean {
  return process.env.CI === 'true' || process.env.CI === '1';
}

/**
 * Runs `fn` as a describe block once per dialect. When Postgres does not answer: under CI=true its block fails
 * (a test that throws), otherwise it is skipped with a console warning.
 */
export function describeEachDialect(name: string, fn: (dialect: Dialect) => void): void {
  for (const dialect of DIALECTS) {
    const title = `${name} [${dialect}]`;
    if (dialect === 'postgres' && !postgresAvailableSync()) {
      if (ciRequiresServices()) {
        describe(title, () => {
          it('needs Postgres', () => {
            throw new Error(`Postgres required under CI=true, but ${testPostgresUrl()} does not answer`);
          });
        });
      } else {
        console.warn(`Skipping "${title}": Postgres at ${testPostgresUrl()} does not answer (set CI=true to fail instead)`);
        describe.skip(title, () => fn(dialect));
      }
      continue;
    }
    describe(title, () => fn(dialect));
  }
}
