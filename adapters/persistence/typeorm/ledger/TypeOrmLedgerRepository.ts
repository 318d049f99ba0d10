import { inject, injectable } from 'inversify';
import type { EntityManager } from 'typeorm';
import { parseAccount, type AccountId, type Hold, type HoldStatus, type TransferReason } from '../../../../domain/ledger';
import type { Cents } from '../../../../domain/money';
import type { ConsistencyFacts, KeyClaim, LedgerRepository, NewTransfer, Transfer } from '../../../../application/ports/ledger';
import { Database } from '../database';
import { date, dateOrNull, num, runSql, str, strOrNull, type Row, type SqlResult, type SqlValue } from '../sql';

const TRANSFER_COLUMNS = `id, idempotency_key, from_account, to_account, amount_cents, reason, description, reference,
  from_balance_after_cents, to_balance_after_cents, created_at`;

function toTransfer(row: Row): Transfer {
  return {
    id: num(row.id),
    idempotencyKey: str(row.idempotency_key),
    from: str(row.from_account),
    to: str(row.to_account),
    amountCents: num(row.amount_cents),
    reason: str(row.reason) as TransferReason,
    description: str(row.description),
    reference: strOrNull(row.reference),
    fromBalanceAfterCents: num(row.from_balance_after_cents),
    toBalanceAfterCents: num(row.to_balance_after_cents),
    createdAt: date(row.created_at),
  };
}

function toHold(row: Row): Hold {
  return {
    id: str(row.id),
    userId: num(row.user_id),
    amountCents: num(row.amount_cents),
    status: str(row.status) as HoldStatus,
    capturedCents: num(row.captured_cents),
    reference: strOrNull(row.reference),
    createdAt: date(row.created_at),
    settledAt: dateOrNull(row.settled_at),
  };
}

/**
 * The ledger on SQLite and Postgres with raw SQL (the same text on both, see ../sql.ts). The balance check
 * and the write are one guarded statement (`... WHERE id = $2 AND balance_cents >= $1`), backed by a CHECK
 * constraint; users.credits_cents is written in the same transaction from the balance that statement returns.
 */
@injectable()
export class TypeOrmLedgerRepository implements LedgerRepository {
  constructor(@inject(Database) private readonly database: Database) {}

  private sql(manager: EntityManager, text: string, params: SqlValue[] = []): Promise<SqlResult> {
    return runSql(manager, this.database.dialect, text, params);
  }

  private async ensureAccounts(manager: EntityManager, ids: AccountId[]): Promise<void> {
    for (const id of ids) {
      const parsed = parseAccount(id);
      await this.sql(
        manager,
        `INSERT INTO ledger_accounts (id, kind, user_id, balance_cents) VALUES ($1, $2, $3, 0) ON CONFLICT (id) DO NOTHING`,
        [id, parsed.kind, parsed.userId],
      );
    }
  }

  /**
   * Locks first, creates only what is missing. Inserting (even ON CONFLICT DO NOTHING) before locking made a
   * transaction wait on another's uncommitted account while holding locks that one needed: Postgres reported a
   * deadlock under 20 concurrent sends by one player. Now a transaction waits only on row locks taken in id order.
   */
  private async exists(manager: EntityManager, id: AccountId): Promise<boolean> {
    return (await this.sql(manager, `SELECT 1 AS found FROM ledger_accounts WHERE id = $1`, [id])).rows.length > 0;
  }

  async lockAccounts(ids: AccountId[]): Promise<void> {
    const sorted = [...new Set(ids)].sort();
    if (sorted.length === 0) return;
    await this.database.withManager(async (manager) => {
      const placeholders = sorted.map((_, i) => `$${i + 1}`).join(', ');
      // SQLite is serialized by the Database mutex (FOR UPDATE does not exist there); Postgres locks in id order.
      const lock = this.database.dialect === 'postgres' ? ' ORDER BY id FOR UPDATE' : '';
      const found = await this.sql(manager, `SELECT id FROM ledger_accounts WHERE id IN (${placeholders})${lock}`, sorted);
      const existing = new Set(found.rows.map((r) => str(r.id)));
      const missing = sorted.filter((id) => !existing.has(id));
      if (missing.length === 0) return;
      await this.ensureAccounts(manager, missing);
      if (lock) {
        const more = missing.map((_, i) => `$${i + 1}`).join(', ');
        await this.sql(manager, `SELECT id FROM ledger_accounts WHERE id IN (${more})${lock}`, missing);
      }
    });
  }

  async applyTransfer(transfer: NewTransfer): Promise<Transfer | null> {
    return this.database.withManager(async (manager) => {
      // The accounts exist and are locked already (CreditsService locks them first): no insert per transfer. A
      // missing one (a direct caller) is created and the statement retried once.
      const from = parseAccount(transfer.from);
      const guarded = from.kind === 'user_available' || from.kind === 'user_held';
      // Debit and credit in ONE statement (one round trip per transfer): the debit row qualifies only when a user
      // balance covers the amount; the credit row always does. Rows come back keyed by account id.
      const moveOnce = async () => {
        const result = await this.sql(
          manager,
          `UPDATE ledger_accounts SET balance_cents = balance_cents + CASE WHEN id = $2 THEN -$1 ELSE $1 END
           WHERE (id = $2 AND ($4 = 0 OR balance_cents >= $1)) OR id = $3
           RETURNING id, balance_cents`,
          [transfer.amountCents, transfer.from, transfer.to, guarded ? 1 : 0],
        );
        const byId = new Map(result.rows.map((r) => [str(r.id), r]));
        return { debited: byId.get(transfer.from), credited: byId.get(transfer.to) };
      };
      // Undoes a credit whose debit did not happen, before anything else runs in this transaction.
      const uncredit = () => this.sql(manager, `UPDATE ledger_accounts SET balance_cents = balance_cents - $1 WHERE id = $2`, [transfer.amountCents, transfer.to]);
      let { debited, credited } = await moveOnce();
      if (!debited || !credited) {
        if (credited) await uncredit();
        else if (debited) {
          await this.sql(manager, `UPDATE ledger_accounts SET balance_cents = balance_cents + $1 WHERE id = $2`, [transfer.amountCents, transfer.from]);
        }
        // A missing account (a direct caller; CreditsService locks and creates them first) is created, then retried once.
        const absent: AccountId[] = [];
        for (const id of [transfer.from, transfer.to]) if (!(await this.exists(manager, id))) absent.push(id);
        if (absent.length === 0 && guarded) return null; // both exist: the user's balance does not cover it
        if (absent.length > 0) {
          await this.ensureAccounts(manager, absent);
          ({ debited, credited } = await moveOnce());
          if (!debited && credited) {
            await uncredit();
            if (guarded) return null;
          }
        }
      }
      if (!debited) {
        if (guarded) return null;
        throw new Error(`Ledger account ${transfer.from} is missing`);
      }
      if (!credited) throw new Error(`Ledger account ${transfer.to} is missing`);
      const fromAfter = num(debited.balance_cents);
      const toAfter = num(credited.balance_cents);
      const inserted = await this.sql(
        manager,
        `INSERT INTO ledger_transfers (idempotency_key, from_account, to_account, amount_cents, reason, description, reference,
           from_balance_after_cents, to_balance_after_cents, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [
          transfer.idempotencyKey,
          transfer.from,
          transfer.to,
          transfer.amountCents,
          transfer.reason,
          transfer.description,
          transfer.reference,
          fromAfter,
          toAfter,
          transfer.createdAt,
        ],
      );
      await this.syncUserCache(manager, transfer.from, fromAfter);
      await this.syncUserCache(manager, transfer.to, toAfter);
      return {
        ...transfer,
        id: num(inserted.rows[0]?.id),
        fromBalanceAfterCents: fromAfter,
        toBalanceAfterCents: toAfter,
        createdAt: new Date(transfer.createdAt.getTime()),
      };
    });
  }

  /** users.credits_cents is the cached available balance: set from the guarded statement's result, same transaction. */
  private async syncUserCache(manager: EntityManager, account: AccountId, balance: Cents): Promise<void> {
    const parsed = parseAccount(account);
    if (parsed.kind !== 'user_available') return;
    const updated = await this.sql(manager, `UPDATE users SET credits_cents = $1 WHERE id = $2`, [balance, parsed.userId]);
    if (updated.affected !== 1) throw new Error(`User ${String(parsed.userId)} is missing`);
  }

  async findTransferByKey(key: string): Promise<Transfer | null> {
    const result = await this.database.withManager((m) =>
      this.sql(m, `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE idempotency_key = $1`, [key]),
    );
    return result.rows[0] ? toTransfer(result.rows[0]) : null;
  }

  async balance(id: AccountId): Promise<Cents> {
    const result = await this.database.withManager((m) => this.sql(m, `SELECT balance_cents FROM ledger_accounts WHERE id = $1`, [id]));
    return result.rows[0] ? num(result.rows[0].balance_cents) : 0;
  }

  async transfersOfUser(userId: number, page: { limit: number; beforeId: number | null }): Promise<Transfer[]> {
    const available = `user:${userId}:available`;
    const held = `user:${userId}:held`;
    const params: SqlValue[] = [available, held, page.limit];
    const before = page.beforeId !== null ? ` AND id < $4` : '';
    if (page.beforeId !== null) params.push(page.beforeId);
    const result = await this.database.withManager((m) =>
      this.sql(
        m,
        `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers
         WHERE (from_account IN ($1, $2) OR to_account IN ($1, $2))${before}
         ORDER BY id DESC LIMIT $3`,
        params,
      ),
    );
    return result.rows.map(toTransfer);
  }

  async transfersByReferences(references: string[], limit: number): Promise<Transfer[]> {
    if (references.length === 0) return [];
    const placeholders = references.map((_, i) => `$${i + 2}`).join(', ');
    const result = await this.database.withManager((m) =>
      this.sql(m, `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE reference IN (${placeholders}) ORDER BY id LIMIT $1`, [limit, ...references]),
    );
    return result.rows.map(toTransfer);
  }

  async createHold(hold: Hold): Promise<void> {
    await this.database.withManager((m) =>
      this.sql(
        m,
        `INSERT INTO ledger_holds (id, user_id, amount_cents, status, captured_cents, reference, created_at, settled_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [hold.id, hold.userId, hold.amountCents, hold.status, hold.capturedCents, hold.reference, hold.createdAt, hold.settledAt],
      ),
    );
  }

  async findHold(id: string): Promise<Hold | null> {
    const result = await this.database.withManager((m) => this.sql(m, `SELECT * FROM ledger_holds WHERE id = $1`, [id]));
    return result.rows[0] ? toHold(result.rows[0]) : null;
  }

  async settleHold(id: string, status: 'captured' | 'released', capturedCents: Cents, at: Date): Promise<boolean> {
    const result = await this.database.withManager((m) =>
      this.sql(m, `UPDATE ledger_holds SET status = $1, captured_cents = $2, settled_at = $3 WHERE id = $4 AND status = 'open'`, [
        status,
        capturedCents,
        at,
        id,
      ]),
    );
    return result.affected === 1;
  }

  async claimKey(key: string, request: string, at: Date): Promise<KeyClaim> {
    return this.database.withManager(async (m) => {
      // On Postgres a concurrent claimer of the same key waits here until the first one commits or rolls back.
      const inserted = await this.sql(
        m,
        `INSERT INTO ledger_idempotency_keys (key, request, result, created_at) VALUES ($1, $2, NULL, $3) ON CONFLICT (key) DO NOTHING`,
        [key, request, at],
      );
      if (inserted.affected === 1) return { claimed: true };
      const existing = await this.sql(m, `SELECT request, result FROM ledger_idempotency_keys WHERE key = $1`, [key]);
      const row = existing.rows[0];
      if (!row) throw new Error(`Idempotency key ${key} vanished`);
      return { claimed: false, request: str(row.request), result: strOrNull(row.result) };
    });
  }

  async saveKeyResult(key: string, result: string): Promise<void> {
    await this.database.withManager((m) => this.sql(m, `UPDATE ledger_idempotency_keys SET result = $1 WHERE key = $2`, [result, key]));
  }

  async forgetKey(key: string): Promise<void> {
    await this.database.withManager((m) => this.sql(m, `DELETE FROM ledger_idempotency_keys WHERE key = $1 AND result IS NULL`, [key]));
  }

  async consistencyFacts(): Promise<ConsistencyFacts> {
    const fresh = !this.database.inTransaction;
    return this.database.transaction(async (m) => {
      // One snapshot for all three reads, so a transfer committing in between cannot show as a problem
      // (only possible as the first statement of a transaction of our own).
      if (this.database.dialect === 'postgres' && fresh) await this.sql(m, `SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
      const accounts = await this.sql(
        m,
        `SELECT a.id, a.balance_cents,
           COALESCE((SELECT SUM(t.amount_cents) FROM ledger_transfers t WHERE t.to_account = a.id), 0)
         - COALESCE((SELECT SUM(t.amount_cents) FROM ledger_transfers t WHERE t.from_account = a.id), 0) AS net
         FROM ledger_accounts a ORDER BY a.id`,
      );
      const users = await this.sql(
        m,
        `SELECT u.id, u.credits_cents, COALESCE(a.balance_cents, 0) AS available
         FROM users u LEFT JOIN ledger_accounts a ON a.user_id = u.id AND a.kind = 'user_available' ORDER BY u.id`,
      );
      const holds = await this.sql(
        m,
        `SELECT a.user_id, a.balance_cents AS held,
           COALESCE((SELECT SUM(h.amount_cents) FROM ledger_holds h WHERE h.user_id = a.user_id AND h.status = 'open'), 0) AS open_holds
         FROM ledger_accounts a WHERE a.kind = 'user_held'
         UNION ALL
         SELECT h.user_id, 0 AS held, SUM(h.amount_cents) AS open_holds FROM ledger_holds h
         WHERE h.status = 'open' AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.user_id = h.user_id AND a.kind = 'user_held')
         GROUP BY h.user_id`,
      );
      return {
        accounts: accounts.rows.map((r) => ({ id: str(r.id), balanceCents: num(r.balance_cents), transferNetCents: num(r.net) })),
        users: users.rows.map((r) => ({ userId: num(r.id), cachedCents: num(r.credits_cents), availableCents: num(r.available) })),
        holds: holds.rows.map((r) => ({ userId: num(r.user_id), heldCents: num(r.held), openHoldsCents: num(r.open_holds) })),
      };
    });
  }
}
