import { inject, injectable } from 'inversify';
import type { TopUpOutcome, TopUpStatus } from '../../../../domain/topup';
import type { TopUp, TopUpRepository } from '../../../../application/ports/payments';
import { Database } from '../database';
import { date, dateOrNull, num, runSql, str, strOrNull, type Row, type SqlValue } from '../sql';

function toTopUp(row: Row): TopUp {
  return {
    id: str(row.id),
    userId: num(row.user_id),
    creditsCents: num(row.credits_cents),
    priceCents: num(row.price_cents),
    discountCents: num(row.discount_cents),
    currency: str(row.currency),
    status: str(row.status) as TopUpStatus,
    provider: str(row.provider),
    sessionId: strOrNull(row.session_id),
    createdAt: date(row.created_at),
    settledAt: dateOrNull(row.settled_at),
  };
}

/** Top-ups and processed payment events; every state change is one conditional statement. */
@injectable()
export class TypeOrmTopUpRepository implements TopUpRepository {
  constructor(@inject(Database) private readonly database: Database) {}

  private run(text: string, params: SqlValue[]) {
    return this.database.withManager((m) => runSql(m, this.database.dialect, text, params));
  }

  async create(t: TopUp): Promise<void> {
    await this.run(
      `INSERT INTO topups (id, user_id, credits_cents, price_cents, discount_cents, currency, status, provider, session_id, created_at, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [t.id, t.userId, t.creditsCents, t.priceCents, t.discountCents, t.currency, t.status, t.provider, t.sessionId, t.createdAt, t.settledAt],
    );
  }

  async findById(id: string): Promise<TopUp | null> {
    const result = await this.run(`SELECT * FROM topups WHERE id = $1`, [id]);
    return result.rows[0] ? toTopUp(result.rows[0]) : null;
  }

  async findBySessionId(sessionId: string): Promise<TopUp | null> {
    const result = await this.run(`SELECT * FROM topups WHERE session_id = $1`, [sessionId]);
    return result.rows[0] ? toTopUp(result.rows[0]) : null;
  }

  async setSession(id: string, sessionId: string): Promise<void> {
    await this.run(`UPDATE topups SET session_id = $1 WHERE id = $2 AND session_id IS NULL`, [sessionId, id]);
  }

  async settle(id: string, outcome: TopUpOutcome, at: Date, sessionId: string | null): Promise<boolean> {
    const result = await this.run(
      `UPDATE topups SET status = $1, settled_at = $2, session_id = COALESCE(session_id, $3) WHERE id = $4 AND status = 'pending'`,
      [outcome, at, sessionId, id],
    );
    return result.affected === 1;
  }

  async recordEvent(event: { id: string; provider: string; type: string; topUpId: string | null; receivedAt: Date }): Promise<boolean> {
    const result = await this.run(
      `INSERT INTO payment_events (id, provider, type, topup_id, received_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [event.id, event.provider, event.type, event.topUpId, event.receivedAt],
    );
    return result.affected === 1;
  }
}
