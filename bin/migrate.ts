import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/env';
import { openDatabase, type Database } from '../adapters/persistence/typeorm/database';

/**
 * `npm run db:migrate`: applies every pending migration to the database at DATABASE_URL and says what it did.
 * Exit code 0 on success (also when nothing was pending), 1 with a clear message on any failure.
 */
export interface MigrateOutput {
  out(line: string): void;
  err(line: string): void;
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.protocol.startsWith('postgres') ? parsed.toString() : url;
  } catch {
    return url;
  }
}

export async function runMigrate(env: Record<string, string | undefined>, output: MigrateOutput): Promise<number> {
  let url: string;
  let poolSize: number;
  try {
    const config = loadConfig(env);
    url = config.DATABASE_URL;
    poolSize = config.DB_POOL_SIZE;
  } catch (error) {
    output.err(error instanceof ConfigError ? error.message : `Could not load the configuration: ${describe(error)}`);
    return 1;
  }
  const where = redactUrl(url);
  let database: Database | undefined;
  try {
    database = await openDatabase({ url, poolSize: Math.min(poolSize, 2) });
  } catch (error) {
    output.err(`Migration failed: cannot open the database at ${where}: ${describe(error)}`);
    return 1;
  }
  try {
    const applied = await database.migrate();
    if (applied.length === 0) {
      output.out(`Database at ${where} (${database.dialect}) is up to date: no migration to apply.`);
    } else {
      output.out(`Applied ${applied.length} migration(s) to ${where} (${database.dialect}):`);
      for (const name of applied) output.out(`  - ${name}`);
    }
    return 0;
  } catch (error) {
    // Each migration runs in its own transaction, so the failing one left nothing behind.
    output.err(`Migration failed on ${where} (${database.dialect}): ${describe(error)}`);
    return 1;
  } finally {
    await database.close().catch(() => undefined);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

if (require.main === module) {
  runMigrate(process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`Migration failed: ${describe(error)}\n`);
      process.exit(1);
    },
  );
}
