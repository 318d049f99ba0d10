import { injectable } from 'inversify';
import type { PushSubscriptionRecord, PushSubscriptionRepository } from '../../../application/ports/push';

@injectable()
export class InMemoryPushSubscriptionRepository implements PushSubscriptionRepository {
  private readonly byEndpoint = new Map<string, PushSubscriptionRecord>();

  async save(subscription: PushSubscriptionRecord): Promise<void> {
    // Re-inserted at the end, like a new row id; the SQL twin keeps the row's place, which no caller relies on.
    this.byEndpoint.delete(subscription.endpoint);
    this.byEndpoint.set(subscription.endpoint, { ...subscription });
  }

  async listForUsers(userIds: number[]): Promise<PushSubscriptionRecord[]> {
    const wanted = new Set(userIds);
    return [...this.byEndpoint.values()].filter((s) => wanted.has(s.userId)).map((s) => ({ ...s }));
  }

  async remove(endpoint: string): Promise<void> {
    this.byEndpoint.delete(endpoint);
  }
}
