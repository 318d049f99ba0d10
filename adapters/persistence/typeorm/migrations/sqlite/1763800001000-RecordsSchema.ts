import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contact messages, client logs and the admin audit log (SQLite). JSON payloads are kept as verbatim text. */
export class RecordsSchema1763800001000 implements MigrationInterface {
  name = 'RecordsSchema1763800001000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE contact_messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        lichess TEXT NOT NULL DEFAULT '',
        chesscom TEXT NOT NULL DEFAULT '',
        message TEXT NOT NULL,
        user_id INTEGER NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at TEXT NOT NULL
      )`);

    await runner.query(`
      CREATE TABLE client_logs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uuid TEXT NOT NULL,
        level TEXT NOT NULL,
        message TEXT NOT NULL,
        context TEXT NOT NULL,
        client_time TEXT NOT NULL,
        user_id INTEGER NULL REFERENCES users (id) ON DELETE SET NULL,
        app_load_uuid TEXT NOT NULL,
        received_at TEXT NOT NULL,
        CONSTRAINT uq_client_logs_uuid UNIQUE (uuid),
        CONSTRAINT ck_client_logs_level CHECK (level IN ('debug', 'info', 'warn', 'error'))
      )`);
    // Retention deletes and the admin list both go by arrival time.
    await runner.query(`CREATE INDEX ix_client_logs_received_at ON client_logs (received_at)`);

    await runner.query(`
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        actor_user_id INTEGER NULL REFERENCES users (id) ON DELETE SET NULL,
        action TEXT NOT NULL,
        target_user_id INTEGER NULL REFERENCES users (id) ON DELETE SET NULL,
        details TEXT NOT NULL,
        at TEXT NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE audit_log`);
    await runner.query(`DROP TABLE client_logs`);
    await runner.query(`DROP TABLE contact_messages`);
  }
}
