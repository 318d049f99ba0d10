import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushMessage, PushOutcome, PushSender, PushSubscriptionRecord } from '../../application/ports/push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: address the push service can reach the sender at. */
  subject: string;
}

/** A notification that is not delivered within a minute is not worth delivering: the challenge expires soon. */
const TTL_SECONDS = 60;

/**
 * Web Push with the maintained `web-push` library: the payload encrypted for the subscription (aes128gcm),
 * the request signed with our VAPID key. 404 and 410 mean the subscription is gone; anything else throws.
 */
export class WebPushPushSender implements PushSender {
  constructor(
    private readonly keys: VapidKeys,
    private readonly options: { timeoutMs?: number; agent?: Agent } = {},
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  async send(subscription: Pick<PushSubscriptionRecord, 'endpoint' | 'p256dh' | 'auth'>, message: PushMessage): Promise<PushOutcome> {
    try {
      await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(message), {
        vapidDetails: this.keys,
        TTL: TTL_SECONDS,
        urgency: 'high',
        timeout: this.options.timeoutMs ?? 10_000,
        ...(this.options.agent ? { agent: this.options.agent } : {}),
      });
      return 'sent';
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
      throw error;
    }
  }
}

/** A fresh VAPID key pair (P-256), as the library makes them. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
