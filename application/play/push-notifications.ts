import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/errors';
import { formatUsd, type Cents } from '../../domain/money';
import type { User } from '../../domain/user';
import { displayName } from './challenge-views';
import { PushSender, PushSubscriptionRepository, type PushMessage } from '../ports/push';
import { AppLogger, Clock } from '../ports/system';

/** What the titled player's notification says about one incoming challenge. */
export interface IncomingChallengeNotice {
  targetUserId: number;
  batchId: string;
  minsPerSide: number;
  incrementSecs: number;
  priceCents: Cents;
}

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Web Push for incoming challenges (server.md: save_push_subscription): browsers of titled players subscribe;
 * after a batch of challenges is committed, each target's browsers get a notification that opens /play. A
 * subscription the push service calls gone (404, 410) is forgotten; any other failure is logged and the
 * challenge goes on: a notification is a courtesy, the 1 Hz poll remains the source of truth.
 */
@injectable()
export class PushNotifications {
  constructor(
    @inject(PushSubscriptionRepository) private readonly subscriptions: PushSubscriptionRepository,
    @inject(PushSender) private readonly sender: PushSender,
    @inject(AppLogger) private readonly logger: AppLogger,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  get publicKey(): string {
    return this.sender.publicKey;
  }

  async subscribe(user: User, input: SubscriptionInput): Promise<void> {
    let url: URL;
    try {
      url = new URL(input.endpoint);
    } catch {
      throw AppError.validation([{ path: 'endpoint', message: 'The subscription endpoint must be an https address' }]);
    }
    // Push services are public https endpoints; anything else would make our server call where a client points.
    if (url.protocol !== 'https:' || url.username || url.password) {
      throw AppError.validation([{ path: 'endpoint', message: 'The subscription endpoint must be an https address' }]);
    }
    await this.subscriptions.save({ userId: user.id, endpoint: url.toString(), p256dh: input.p256dh, auth: input.auth, createdAt: this.clock.now() });
  }

  /** Notifies every target of a committed batch; resolves when every push was tried (never rejects). */
  async notifyIncoming(sender: User, notices: IncomingChallengeNotice[]): Promise<void> {
    if (notices.length === 0) return;
    const subscriptions = await this.subscriptions.listForUsers([...new Set(notices.map((n) => n.targetUserId))]).catch((error: unknown) => {
      this.logger.warn({ err: String(error) }, 'push: could not read subscriptions');
      return [];
    });
    const from = displayName(sender);
    await Promise.all(
      subscriptions.map(async (subscription) => {
        const notice = notices.find((n) => n.targetUserId === subscription.userId)!;
        const message: PushMessage = {
          title: 'New challenge',
          body: `${from} challenges you: ${notice.minsPerSide}+${notice.incrementSecs}, ${formatUsd(notice.priceCents)}. Accept on the Play page.`,
          url: '/play',
          tag: `challenge-${notice.batchId}`,
        };
        try {
          const outcome = await this.sender.send(subscription, message);
          if (outcome === 'gone') {
            await this.subscriptions.remove(subscription.endpoint);
            this.logger.info({ userId: subscription.userId }, 'push: subscription gone, removed');
          }
        } catch (error) {
          this.logger.warn({ userId: subscription.userId, err: String(error) }, 'push: sending failed');
        }
      }),
    );
  }
}
