/** A browser's Web Push subscription (the PushSubscription JSON: endpoint and its two keys). */
export interface PushSubscriptionRecord {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
}

export const PushSubscriptionRepository = Symbol.for('PushSubscriptionRepository');
export interface PushSubscriptionRepository {
  /** Saves the subscription for the user; an endpoint already saved (for anyone) is moved to this user with its new keys. */
  save(subscription: PushSubscriptionRecord): Promise<void>;
  listForUsers(userIds: number[]): Promise<PushSubscriptionRecord[]>;
  /** Forgets an endpoint the push service no longer knows (404, 410). */
  remove(endpoint: string): Promise<void>;
}

/** What a notification says; `url` is where a click takes the user. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** Notifications with one tag replace each other (one per challenge batch). */
  tag: string;
}

/** The push service's verdict: delivered, or gone (the subscription expired: remove it). */
export type PushOutcome = 'sent' | 'gone';

/**
 * Sends Web Push messages (encrypted, VAPID-signed). A network call: never inside a unit of work. Other failures
 * throw; callers log them and go on (a missed notification must never fail the challenge that caused it).
 */
export const PushSender = Symbol.for('PushSender');
export interface PushSender {
  readonly publicKey: string;
  send(subscription: Pick<PushSubscriptionRecord, 'endpoint' | 'p256dh' | 'auth'>, message: PushMessage): Promise<PushOutcome>;
}
