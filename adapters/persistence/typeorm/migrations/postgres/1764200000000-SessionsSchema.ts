import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Scheduled training sessions (Postgres): one row per request, its hold, and the confirmed time. Keep in step with the SQLite twin. */
export class SessionsSchema1764200000000 implements MigrationInterface {
  name = 'SessionsSchema1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE scheduled_sessions (
        id bigserial PRIMARY KEY,
        source_user_id bigint NOT NULL REFERENCES users (id),
        target_user_id bigint NOT NULL REFERENCES users (id),
        status text NOT NULL DEFAULT 'pending_schedule',
        price_per_min_cents bigint NOT NULL,
        price_cents bigint NOT NULL,
        analysis_requested boolean NOT NULL,
        mins_per_side integer NOT NULL,
        timezone text NOT NULL,
        available_times text NOT NULL,
        details text NOT NULL,
        lichess_profile text NOT NULL,
        hold_id text NOT NULL REFERENCES ledger_holds (id),
        scheduled_at timestamptz NULL,
        video_call_url text NULL,
        invite_sequence integer NOT NULL DEFAULT 0,
        problem_report text NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT ck_scheduled_sessions_status CHECK (status IN ('pending_schedule', 'scheduled', 'rejected', 'canceled', 'expired', 'finished', 'disputed')),
        CONSTRAINT ck_scheduled_sessions_price CHECK (price_cents > 0),
        CONSTRAINT ck_scheduled_sessions_not_self CHECK (source_user_id <> target_user_id)
      )`);
    await runner.query(`CREATE INDEX ix_scheduled_sessions_source ON scheduled_sessions (source_user_id, id)`);
    await runner.query(`CREATE INDEX ix_scheduled_sessions_target ON scheduled_sessions (target_user_id, id)`);
    await runner.query(`CREATE INDEX ix_scheduled_sessions_status_created ON scheduled_sessions (status, created_at)`);
    await runner.query(`CREATE INDEX ix_scheduled_sessions_status_start ON scheduled_sessions (status, scheduled_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE scheduled_sessions`);
  }
}
