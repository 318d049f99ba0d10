import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contact messages, client logs and the admin audit log (Postgres). JSON payloads are kept as verbatim text. */
export class RecordsSchema1763800001000 implements MigrationInterface {
  name = 'RecordsSchema1763800001000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE contact_messages (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        lichess text NOT NULL DEFAULT '',
        chesscom text NOT NULL DEFAULT '',
        message text NOT NULL,
        user_id bigint NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL
      )`);

    await runner.query(`
      CREATE TABLE client_logs (
        id bigserial PRIMARY KEY,
        uuid text NOT NULL,
        level text NOT NULL,
        message text NOT NULL,
        context text NOT NULL,
        client_time timestamptz NOT NULL,
        user_id bigint NULL REFERENCES users (id) ON DELETE SET NULL,
        app_load_uuid text NOT NULL,
        received_at timestamptz NOT NULL,
        CONSTRAINT uq_client_logs_uuid UNIQUE (uuid),
        CONSTRAINT ck_client_logs_level CHECK (level IN ('debug', 'info', 'warn', 'error'))
      )`);
    // Retention deletes and the admin list both go by arrival time.
    await runner.query(`CREATE INDEX ix_client_logs_received_at ON client_logs (received_at)`);

    await runner.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        actor_user_id bigint NULL REFERENCES users (id) ON DELETE SET NULL,
        action text NOT NULL,
        target_user_id bigint NULL REFERENCES users (id) ON DELETE SET NULL,
        details text NOT NULL,
        at timestamptz NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE audit_log`);
    await runner.query(`DROP TABLE client_logs`);
    await runner.query(`DROP TABLE contact_messages`);
  }
}
