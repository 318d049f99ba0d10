import type { MigrationInterface } from 'typeorm';

/**
 * Twin of the Postgres migration that widens users.credits_cents to bigint. SQLite's INTEGER is already 64-bit,
 * so there is nothing to change; the twin keeps both dialects' migration lists identical (tests/contract/schema).
 */
export class WidenUserCredits1764000000000 implements MigrationInterface {
  name = 'WidenUserCredits1764000000000';

  async up(): Promise<void> {
    // Nothing to do on SQLite.
  }

  async down(): Promise<void> {
    // Nothing to undo on SQLite.
  }
}
