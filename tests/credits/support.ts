import 'reflect-metadata';
import type { Database } from '../../adapters/persistence/typeorm/database';
import { runSql } from '../../adapters/persistence/typeorm/sql';

/** Inserts a bare user row (the ledger needs users to exist) and returns its id. */
export async function insertUser(database: Database, n: number): Promise<number> {
  return database.transaction(async (m) => {
    const result = await runSql(
      m,
      database.dialect,
      `INSERT INTO users (username, email, password_hash, created_at) VALUES ($1, $2, NULL, $3) RETURNING id`,
      [`user${n}`, `user${n}@example.com`, new Date()],
    );
    return Number(result.rows[0]?.id);
  });
}

export async function cachedCredits(database: Database, userId: number): Promise<number> {
  const result = await database.withManager((m) => runSql(m, database.dialect, `SELECT credits_cents FROM users WHERE id = $1`, [userId]));
  return Number(result.rows[0]?.credits_cents);
}
