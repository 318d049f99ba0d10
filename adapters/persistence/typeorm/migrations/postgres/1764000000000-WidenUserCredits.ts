import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * users.credits_cents caches the ledger's user_available balance, which is bigint: the cache gets the same type,
 * so no balance the ledger accepts can fail to fit its cache. The SQLite twin is empty: its INTEGER is 64-bit.
 */
export class WidenUserCredits1764000000000 implements MigrationInterface {
  name = 'WidenUserCredits1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users ALTER COLUMN credits_cents TYPE bigint`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users ALTER COLUMN credits_cents TYPE integer`);
  }
}
