import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users, sessions, password resets and OAuth attempts (Postgres). Keep in step with the SQLite twin:
 * tests/contract/schema.test.ts compares both schemas column by column.
 */
export class FoundationSchema1763800000000 implements MigrationInterface {
  name = 'FoundationSchema1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE users (
        id bigserial PRIMARY KEY,
        username text NOT NULL,
        email text NOT NULL,
        password_hash text NULL,
        role text NOT NULL DEFAULT 'regular',
        credits_cents integer NOT NULL DEFAULT 0,
        profile_filename text NULL,
        online boolean NOT NULL DEFAULT false,
        online_changed_at timestamptz NULL,
        last_seen_at timestamptz NULL,
        timezone text NULL,
        lichess_username text NOT NULL DEFAULT '',
        lichess_bullet_rating integer NOT NULL DEFAULT 0,
        lichess_blitz_rating integer NOT NULL DEFAULT 0,
        lichess_rapid_rating integer NOT NULL DEFAULT 0,
        price_per_min_cents integer NOT NULL DEFAULT 0,
        mins_per_side_min integer NOT NULL DEFAULT 1,
        mins_per_side_max integer NOT NULL DEFAULT 120,
        online_schedule_from text NULL,
        online_schedule_to text NULL,
        title text NULL,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        incoming_challenge_alert_enabled boolean NOT NULL DEFAULT false,
        provides_postgame_analysis boolean NOT NULL DEFAULT false,
        available_for_scheduled_challenges boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL,
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
        token_hash text PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz NULL
      )`);
    await runner.query(`CREATE INDEX ix_auth_tokens_user_id ON auth_tokens (user_id)`);

    await runner.query(`
      CREATE TABLE password_resets (
        token_hash text PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL
      )`);
    await runner.query(`CREATE INDEX ix_password_resets_user_id ON password_resets (user_id)`);

    await runner.query(`
      CREATE TABLE oauth_attempts (
        state text PRIMARY KEY,
        code_verifier text NOT NULL,
        nonce text NOT NULL,
        timezone text NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
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
