import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../api/ApiClient';

export type NotificationState = 'unsupported' | 'default' | 'granted' | 'denied';

/** The browser's side of Web Push, behind a seam so the store is testable without a browser. */
export interface PushEnvironment {
  permission(): NotificationState;
  requestPermission(): Promise<NotificationState>;
  /** The current subscription for this key, subscribing first if there is none; null when it cannot. */
  subscription(publicKey: string): Promise<PushSubscriptionJSON | null>;
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The real browser: Notification, the service worker's registration and its PushManager. */
export function browserPushEnvironment(readyTimeoutMs = 10_000): PushEnvironment {
  const supported = typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
  return {
    permission: () => (supported ? (Notification.permission as NotificationState) : 'unsupported'),
    requestPermission: async () => (supported ? ((await Notification.requestPermission()) as NotificationState) : 'unsupported'),
    subscription: async (publicKey) => {
      if (!supported) return null;
      // No worker in development builds: give up after a while instead of waiting forever.
      const registration = await Promise.race([
        navigator.serviceWorker.ready,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), readyTimeoutMs)),
      ]);
      if (!registration) return null;
      const existing = await registration.pushManager.getSubscription();
      const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
      return subscription.toJSON();
    },
  };
}

/**
 * Notifications of incoming challenges for titled players: the permission button's state, and the subscription
 * handed to the server (POST /api/save_push_subscription) once per browser session and endpoint.
 */
export class PushStore {
  state: NotificationState;
  busy = false;
  error: string | null = null;
  private sentEndpoint: string | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly env: PushEnvironment = browserPushEnvironment(),
  ) {
    this.state = env.permission();
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The button's click: ask the browser, then subscribe and tell the server. */
  async enable(): Promise<void> {
    this.busy = true;
    this.error = null;
    const state = await this.env.requestPermission();
    runInAction(() => (this.state = state));
    if (state === 'granted') await this.sync();
    runInAction(() => (this.busy = false));
  }

  /** With permission already granted (a later visit), makes sure the server has this browser's subscription. */
  async sync(): Promise<void> {
    if (this.env.permission() !== 'granted') return;
    try {
      const key = await this.api.get<{ public_key: unknown }>('/api/push_public_key');
      if (!key.success || typeof key.public_key !== 'string') throw new Error('no public key');
      const subscription = await this.env.subscription(key.public_key);
      if (!subscription?.endpoint || subscription.endpoint === this.sentEndpoint) return;
      const saved = await this.api.post<object>('/api/save_push_subscription', {
        body: { endpoint: subscription.endpoint, expirationTime: subscription.expirationTime ?? null, keys: subscription.keys },
      });
      if (!saved.success) throw new Error(saved.error);
      runInAction(() => (this.sentEndpoint = subscription.endpoint ?? null));
    } catch {
      runInAction(() => (this.error = 'Notifications could not be turned on in this browser. The Play page still shows every challenge.'));
    }
  }
}
