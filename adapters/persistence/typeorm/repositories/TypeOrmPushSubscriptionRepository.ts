import { inject, injectable } from 'inversify';
import type { PushSubscriptionRecord, PushSubscriptionRepository } from '../../../../application/ports/push';
import { Database } from '../database';
import { date, num, runOn, str } from '../sql';

@injectable()
export class TypeOrmPushSubscriptionRepository implements PushSubscriptionRepository {
  constructor(@inject(Database) private readonly database: Database) {}

  async save(s: PushSubscriptionRecord): Promise<void> {
    // One statement on both dialects: a browser re-subscribing (new keys) or passed to another user updates its row.
    await runOn(
      this.database,
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`,
      [s.userId, s.endpoint, s.p256dh, s.auth, s.createdAt],
    );
  }

  async listForUsers(userIds: number[]): Promise<PushSubscriptionRecord[]> {
    if (userIds.length === 0) return [];
    const placeholders = userIds.map((_, i) => `$${i + 1}`).join(', ');
    const { rows } = await runOn(this.database, `SELECT user_id, endpoint, p256dh, auth, created_at FROM push_subscriptions WHERE user_id IN (${placeholders}) ORDER BY id`, userIds);
    return rows.map((row) => ({ userId: num(row.user_id), endpoint: str(row.endpoint), p256dh: str(row.p256dh), auth: str(row.auth), createdAt: date(row.created_at) }));
  }

  async remove(endpoint: string): Promise<void> {
    await runOn(this.database, `DELETE FROM push_subscriptions WHERE endpoint = $1`, [endpoint]);
  }
}
