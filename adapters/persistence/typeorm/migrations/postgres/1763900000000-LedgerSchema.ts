import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The credits ledger (Postgres): accounts with balances guarded by CHECK constraints, append-only transfers,
 * holds, idempotency keys, card top-ups and processed payment events. Keep in step with the SQLite twin.
 */
export class LedgerSchema1763900000000 implements MigrationInterface {
  name = 'LedgerSchema1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE ledger_accounts (
        id text PRIMARY KEY,
        kind text NOT NULL,
        user_id bigint NULL REFERENCES users (id),
        balance_cents bigint NOT NULL DEFAULT 0,
        CONSTRAINT ck_ledger_accounts_kind CHECK (kind IN ('user_available', 'user_held', 'platform', 'external')),
        CONSTRAINT ck_ledger_accounts_owner CHECK ((user_id IS NOT NULL) = (kind IN ('user_available', 'user_held'))),
        CONSTRAINT ck_ledger_accounts_user_balance CHECK (kind NOT IN ('user_available', 'user_held') OR balance_cents >= 0)
      )`);
    await runner.query(`CREATE UNIQUE INDEX uq_ledger_accounts_user_kind ON ledger_accounts (user_id, kind) WHERE user_id IS NOT NULL`);

    await runner.query(`
      CREATE TABLE ledger_transfers (
        id bigserial PRIMARY KEY,
        idempotency_key text NOT NULL,
        from_account text NOT NULL REFERENCES ledger_accounts (id),
        to_account text NOT NULL REFERENCES ledger_accounts (id),
        amount_cents bigint NOT NULL,
        reason text NOT NULL,
        description text NOT NULL,
        reference text NULL,
        from_balance_after_cents bigint NOT NULL,
        to_balance_after_cents bigint NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT uq_ledger_transfers_idempotency_key UNIQUE (idempotency_key),
        CONSTRAINT ck_ledger_transfers_amount CHECK (amount_cents > 0),
        CONSTRAINT ck_ledger_transfers_accounts CHECK (from_account <> to_account),
        CONSTRAINT ck_ledger_transfers_reason CHECK (reason IN ('topup', 'hold', 'capture', 'release', 'payout', 'refund', 'fee', 'admin_adjustment'))
      )`);
    await runner.query(`CREATE INDEX ix_ledger_transfers_from ON ledger_transfers (from_account, id)`);
    await runner.query(`CREATE INDEX ix_ledger_transfers_to ON ledger_transfers (to_account, id)`);
    // Append-only: corrections are new transfers, never edits.
    await runner.query(`
      CREATE FUNCTION ledger_transfers_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger_transfers is append-only';
      END $$`);
    await runner.query(`
      CREATE TRIGGER tr_ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
      FOR EACH ROW EXECUTE FUNCTION ledger_transfers_append_only()`);

    await runner.query(`
      CREATE TABLE ledger_holds (
        id text PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        amount_cents bigint NOT NULL,
        status text NOT NULL DEFAULT 'open',
        captured_cents bigint NOT NULL DEFAULT 0,
        reference text NULL,
        created_at timestamptz NOT NULL,
        settled_at timestamptz NULL,
        CONSTRAINT ck_ledger_holds_amount CHECK (amount_cents > 0),
        CONSTRAINT ck_ledger_holds_status CHECK (status IN ('open', 'captured', 'released')),
        CONSTRAINT ck_ledger_holds_captured CHECK (captured_cents >= 0 AND captured_cents <= amount_cents)
      )`);
    await runner.query(`CREATE INDEX ix_ledger_holds_user_status ON ledger_holds (user_id, status)`);

    await runner.query(`
      CREATE TABLE ledger_idempotency_keys (
        key text PRIMARY KEY,
        request text NOT NULL,
        result text NULL,
        created_at timestamptz NOT NULL
      )`);

    await runner.query(`
      CREATE TABLE topups (
        id text PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        credits_cents integer NOT NULL,
        price_cents integer NOT NULL,
        discount_cents integer NOT NULL,
        currency text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        provider text NOT NULL,
        session_id text NULL,
        created_at timestamptz NOT NULL,
        settled_at timestamptz NULL,
        CONSTRAINT uq_topups_session_id UNIQUE (session_id),
        CONSTRAINT ck_topups_credits CHECK (credits_cents BETWEEN 500 AND 50000),
        CONSTRAINT ck_topups_price CHECK (price_cents > 0 AND price_cents <= credits_cents),
        CONSTRAINT ck_topups_discount CHECK (discount_cents = credits_cents - price_cents),
        CONSTRAINT ck_topups_status CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'canceled'))
      )`);
    await runner.query(`CREATE INDEX ix_topups_user_id ON topups (user_id, created_at)`);

    await runner.query(`
      CREATE TABLE payment_events (
        id text PRIMARY KEY,
        provider text NOT NULL,
        type text NOT NULL,
        topup_id text NULL REFERENCES topups (id),
        received_at timestamptz NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE payment_events`);
    await runner.query(`DROP TABLE topups`);
    await runner.query(`DROP TABLE ledger_idempotency_keys`);
    await runner.query(`DROP TABLE ledger_holds`);
    await runner.query(`DROP TABLE ledger_transfers`);
    await runner.query(`DROP FUNCTION ledger_transfers_append_only`);
    await runner.query(`DROP TABLE ledger_accounts`);
  }
}
