import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Web Push subscriptions of titled players' browsers (one row per endpoint). Keep in step with the other dialect. */
export class PushSubscriptions1764400000000 implements MigrationInterface {
  name = 'PushSubscriptions1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE push_subscriptions (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        endpoint text NOT NULL,
        p256dh text NOT NULL,
        auth text NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT uq_push_subscriptions_endpoint UNIQUE (endpoint)
      )`);
    await runner.query(`CREATE INDEX ix_push_subscriptions_user ON push_subscriptions (user_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE push_subscriptions`);
  }
}
