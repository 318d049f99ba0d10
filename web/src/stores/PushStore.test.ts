import { ApiClient } from '../api/ApiClient';
import { applicationServerKey, PushStore, type NotificationState, type PushEnvironment } from './PushStore';

function setup(permission: NotificationState, answer: NotificationState = 'granted', replies: Record<string, { status?: number; body: unknown }> = {}) {
  const calls: { path: string; body: unknown }[] = [];
  const fetchImpl = jest.fn(async (url: string, init: RequestInit) => {
    const path = url.split('?')[0]!;
    calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const reply = replies[path] ?? (path === '/api/push_public_key' ? { body: { success: true, public_key: 'BKey' } } : { body: { success: true } });
    return { ok: (reply.status ?? 200) < 400, status: reply.status ?? 200, headers: new Headers(), json: async () => reply.body } as unknown as Response;
  });
  const api = new ApiClient({ getToken: () => 'tok', onTokenExpired: () => undefined, fetchImpl: fetchImpl as unknown as typeof fetch });
  let current = permission;
  const subscribedWith: string[] = [];
  const env: PushEnvironment = {
    permission: () => current,
    requestPermission: async () => (current = answer),
    subscription: async (key) => {
      subscribedWith.push(key);
      return { endpoint: 'https://push.example/sub/1', expirationTime: null, keys: { p256dh: 'P', auth: 'A' } };
    },
  };
  return { store: new PushStore(api, env), calls, subscribedWith };
}

describe('PushStore (notifications of incoming challenges)', () => {
  it('asks the browser, subscribes with the server key and saves the subscription', async () => {
    const { store, calls, subscribedWith } = setup('default');
    expect(store.state).toBe('default');
    await store.enable();
    expect(store.state).toBe('granted');
    expect(subscribedWith).toEqual(['BKey']);
    expect(calls.find((c) => c.path === '/api/save_push_subscription')?.body).toEqual({ endpoint: 'https://push.example/sub/1', expirationTime: null, keys: { p256dh: 'P', auth: 'A' } });
  });

  it('a refusal changes the state to denied and sends nothing', async () => {
    const { store, calls } = setup('default', 'denied');
    await store.enable();
    expect(store.state).toBe('denied');
    expect(calls).toHaveLength(0);
  });

  it('sync sends one subscription per endpoint and session, and says so in words when the server refuses', async () => {
    const ok = setup('granted');
    await ok.store.sync();
    await ok.store.sync();
    expect(ok.calls.filter((c) => c.path === '/api/save_push_subscription')).toHaveLength(1);
    const refused = setup('granted', 'granted', { '/api/save_push_subscription': { status: 403, body: { success: false, error: 'ERR_FORBIDDEN' } } });
    await refused.store.sync();
    expect(refused.store.error).toBe('Notifications could not be turned on in this browser. The Play page still shows every challenge.');
  });

  it('turns the base64url VAPID key into its bytes', () => {
    expect([...applicationServerKey('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
