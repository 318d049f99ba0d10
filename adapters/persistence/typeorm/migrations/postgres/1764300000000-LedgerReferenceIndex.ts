import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The admin's view of a game or session reads its ledger lines by reference (batch:…, challenge:…, session:…). */
export class LedgerReferenceIndex1764300000000 implements MigrationInterface {
  name = 'LedgerReferenceIndex1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX ix_ledger_transfers_reference ON ledger_transfers (reference, id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX ix_ledger_transfers_reference`);
  }
}
