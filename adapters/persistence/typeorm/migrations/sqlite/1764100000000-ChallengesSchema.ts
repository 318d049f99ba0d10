import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live challenges (SQLite): one row per send (the batch, holding the hold's id and deciding "first accept wins"
 * with one conditional write) and one row per target. Keep in step with the Postgres twin.
 */
export class ChallengesSchema1764100000000 implements MigrationInterface {
  name = 'ChallengesSchema1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE challenge_batches (
        id text PRIMARY KEY,
        source_user_id integer NOT NULL REFERENCES users (id),
        hold_id text NOT NULL REFERENCES ledger_holds (id),
        hold_cents integer NOT NULL,
        status text NOT NULL DEFAULT 'open',
        winner_challenge_id integer NULL,
        created_at datetime NOT NULL,
        CONSTRAINT ck_challenge_batches_status CHECK (status IN ('open', 'won', 'closed')),
        CONSTRAINT ck_challenge_batches_hold CHECK (hold_cents > 0)
      )`);
    // A sender has at most one live batch (server.md 4.3); the send use case keeps it so, this backs it up.
    await runner.query(`CREATE UNIQUE INDEX uq_challenge_batches_open_source ON challenge_batches (source_user_id) WHERE status = 'open'`);
    await runner.query(`CREATE INDEX ix_challenge_batches_status_created ON challenge_batches (status, created_at)`);

    await runner.query(`
      CREATE TABLE challenges (
        id integer PRIMARY KEY AUTOINCREMENT,
        batch_id text NOT NULL REFERENCES challenge_batches (id),
        source_user_id integer NOT NULL REFERENCES users (id),
        target_user_id integer NOT NULL REFERENCES users (id),
        status text NOT NULL DEFAULT 'pending',
        cancel_reason text NULL,
        price_per_min_cents integer NOT NULL,
        price_cents integer NOT NULL,
        mins_per_side integer NOT NULL,
        increment_secs integer NOT NULL,
        play_as text NOT NULL,
        starting_fen text NULL,
        starting_position_type text NULL,
        source_color text NULL,
        game_id text NULL,
        source_url text NULL,
        target_url text NULL,
        created_at datetime NOT NULL,
        accepted_at datetime NULL,
        ended_at datetime NULL,
        updated_at datetime NOT NULL,
        CONSTRAINT ck_challenges_status CHECK (status IN ('pending', 'accepted', 'rejected', 'canceled', 'expired', 'finished')),
        CONSTRAINT ck_challenges_price CHECK (price_cents > 0),
        CONSTRAINT ck_challenges_not_self CHECK (source_user_id <> target_user_id),
        CONSTRAINT ck_challenges_minutes CHECK (mins_per_side BETWEEN 1 AND 120),
        CONSTRAINT ck_challenges_increment CHECK (increment_secs BETWEEN 0 AND 30)
      )`);
    // The 1 Hz poll reads a viewer's challenges as sender and as target; the sweeps read by status.
    await runner.query(`CREATE INDEX ix_challenges_source_updated ON challenges (source_user_id, updated_at)`);
    await runner.query(`CREATE INDEX ix_challenges_target_updated ON challenges (target_user_id, updated_at)`);
    await runner.query(`CREATE INDEX ix_challenges_batch ON challenges (batch_id)`);
    await runner.query(`CREATE INDEX ix_challenges_status_created ON challenges (status, created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE challenges`);
    await runner.query(`DROP TABLE challenge_batches`);
  }
}
