import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users, sessions, password resets and OAuth attempts (SQLite). Keep in step with the Postgres twin:
 * tests/contract/schema.test.ts compares both schemas column by column.
 * Types: ids INTEGER PRIMARY KEY AUTOINCREMENT (never reused), booleans INTEGER 0/1 with a CHECK, timestamps
 * TEXT in UTC 'YYYY-MM-DD HH:MM:SS.SSS' (sorts and compares as text; TypeORM's datetime format).
 */
export class FoundationSchema1763800000000 implements MigrationInterface {
  name = 'FoundationSchema1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE users (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        username TEXT NOT NULL,
        email TEXT NOT NULL,
        password_hash TEXT NULL,
        role TEXT NOT NULL DEFAULT 'regular',
        credits_cents INTEGER NOT NULL DEFAULT 0,
        profile_filename TEXT NULL,
        online INTEGER NOT NULL DEFAULT 0 CHECK (online IN (0, 1)),
        online_changed_at TEXT NULL,
        last_seen_at TEXT NULL,
        timezone TEXT NULL,
        lichess_username TEXT NOT NULL DEFAULT '',
        lichess_bullet_rating INTEGER NOT NULL DEFAULT 0,
        lichess_blitz_rating INTEGER NOT NULL DEFAULT 0,
        lichess_rapid_rating INTEGER NOT NULL DEFAULT 0,
        price_per_min_cents INTEGER NOT NULL DEFAULT 0,
        mins_per_side_min INTEGER NOT NULL DEFAULT 1,
        mins_per_side_max INTEGER NOT NULL DEFAULT 120,
        online_schedule_from TEXT NULL,
        online_schedule_to TEXT NULL,
        title TEXT NULL,
        first_name TEXT NOT NULL DEFAULT '',
        last_name TEXT NOT NULL DEFAULT '',
        incoming_challenge_alert_enabled INTEGER NOT NULL DEFAULT 0 CHECK (incoming_challenge_alert_enabled IN (0, 1)),
        provides_postgame_analysis INTEGER NOT NULL DEFAULT 0 CHECK (provides_postgame_analysis IN (0, 1)),
        available_for_scheduled_challenges INTEGER NOT NULL DEFAULT 1 CHECK (available_for_scheduled_challenges IN (0, 1)),
        created_at TEXT NOT NULL,
        CONSTRAINT uq_users_email UNIQUE (email),
        CONSTRAINT uq_users_username UNIQUE (username),
        CONSTRAINT ck_users_credits_cents CHECK (credits_cents >= 0),
        CONSTRAINT ck_users_price_per_min_cents CHECK (price_per_min_cents >= 0),
        CONSTRAINT ck_users_role CHECK (role IN ('regular', 'pro', 'admin')),
        CONSTRAINT ck_users_title CHECK (title IS NULL OR title IN ('GM', 'IM', 'FM', 'CM', 'WGM', 'WIM', 'WFM', 'WCM')),
        CONSTRAINT ck_users_online_schedule CHECK ((online_schedule_from IS NULL) = (online_schedule_to IS NULL))
      )`);
    // Opponent lists filter pros by presence.
    await runner.query(`CREATE INDEX ix_users_role_online ON users (role, online)`);
    await runner.query(`CREATE INDEX ix_users_created_at ON users (created_at)`);

    await runner.query(`
      CREATE TABLE auth_tokens (
        token_hash TEXT PRIMARY KEY NOT NULL,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        revoked_at TEXT NULL
      )`);
    await runner.query(`CREATE INDEX ix_auth_tokens_user_id ON auth_tokens (user_id)`);

    await runner.query(`
      CREATE TABLE password_resets (
        token_hash TEXT PRIMARY KEY NOT NULL,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT NULL
      )`);
    await runner.query(`CREATE INDEX ix_password_resets_user_id ON password_resets (user_id)`);

    await runner.query(`
      CREATE TABLE oauth_attempts (
        state TEXT PRIMARY KEY NOT NULL,
        code_verifier TEXT NOT NULL,
        nonce TEXT NOT NULL,
        timezone TEXT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      )`);
    await runner.query(`CREATE INDEX ix_oauth_attempts_expires_at ON oauth_attempts (expires_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE oauth_attempts`);
    await runner.query(`DROP TABLE password_resets`);
    await runner.query(`DROP TABLE auth_tokens`);
    await runner.query(`DROP TABLE users`);
  }
}
