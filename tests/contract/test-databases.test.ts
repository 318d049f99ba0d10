import { existsSync } from 'node:fs';
import { Client } from 'pg';
import { describeEachDialect, openTestDatabase, postgresAvailable, testPostgresUrl } from '../support/databases';

describe('test database helpers', () => {
  it('postgresAvailable answers false quickly for a server that is not there', async () => {
    const saved = process.env.TEST_POSTGRES_URL;
    process.env.TEST_POSTGRES_URL = 'postgres://postgres@127.0.0.1:1/postgres';
    const started = Date.now();
    try {
      expect(await postgresAvailable()).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.TEST_POSTGRES_URL;
      else process.env.TEST_POSTGRES_URL = saved;
    }
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('each SQLite test database is a fresh migrated file, removed by cleanup', async () => {
    const a = await openTestDatabase('sqlite');
    const b = await openTestDatabase('sqlite');
    try {
      expect(a.url).not.toBe(b.url);
      await a.database.withManager((m) => m.query(`INSERT INTO oauth_attempts VALUES ('s', 'v', 'n', NULL, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')`));
      const rows: unknown[] = await b.database.withManager((m) => m.query('SELECT * FROM oauth_attempts'));
      expect(rows).toEqual([]);
    } finally {
      await a.cleanup();
      await b.cleanup();
    }
    expect(existsSync(a.url)).toBe(false);
  });
});

describeEachDialect('openTestDatabase', (dialect) => {
  it('applies the migrations and cleanup removes the store', async () => {
    const db = await openTestDatabase(dialect);
    expect(db.migrations.length).toBeGreaterThanOrEqual(2);
    await db.cleanup();
    if (dialect === 'postgres') {
      const name = new URL(db.url).pathname.slice(1);
      expect(name).toMatch(new RegExp(`^t_${process.pid}_[0-9a-f]{12}$`));
      const client = new Client({ connectionString: testPostgresUrl() });
      await client.connect();
      try {
        const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        expect(result.rowCount).toBe(0);
      } finally {
        await client.end();
      }
    } else {
      expect(existsSync(db.url)).toBe(false);
    }
  });
});
