import { ApiClient, ERR_TIMEOUT } from './ApiClient';

function client(fetchImpl: typeof fetch, extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
  const logs: string[] = [];
  const expired = jest.fn();
  const api = new ApiClient({
    getToken: () => 'secret-token',
    onTokenExpired: expired,
    log: (_level, message) => logs.push(message),
    fetchImpl,
    now: () => 1234,
    ...extra,
  });
  return { api, logs, expired };
}

const respond = (status: number, body: unknown) =>
  jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response);

describe('ApiClient', () => {
  afterEach(() => jest.useRealTimers());

  it('sends the stored token in the Authorization header and JSON bodies', async () => {
    const fetchImpl = respond(200, { success: true, user: 1 });
    const { api } = client(fetchImpl);
    await api.post('/api/login', { body: { email: 'a@b.c' } });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('secret-token');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.c' }));
  });

  it('logs a network failure, unless the caller logs failures itself (quiet: the 1 Hz poll)', async () => {
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const { api, logs } = client(fetchImpl);
    expect(await api.get('/api/get_app_state', { quiet: true })).toMatchObject({ success: false, error: 'ERR_NETWORK' });
    expect(logs).toEqual([]);
    await api.get('/api/get_app_state');
    expect(logs).toEqual(['Network failure on GET /api/get_app_state']);
  });

  it('omits the Authorization header when no token is stored', async () => {
    const fetchImpl = respond(200, { success: true });
    const { api } = client(fetchImpl, { getToken: () => null });
    await api.get('/api/get_app_state');
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('adds the cache-busting t parameter and refuses a caller-provided t', async () => {
    const fetchImpl = respond(200, { success: true });
    const { api } = client(fetchImpl);
    await api.get('/api/admin/users', { query: { query: 'ann', skip: null } });
    expect((fetchImpl.mock.calls[0] as unknown as [string])[0]).toBe('/api/admin/users?query=ann&t=1234');
    expect(() => api.url('/x', { t: 1 })).toThrow(/reserved/);
  });

  it('a revalidating call (the 1 Hz poll) sends no t, asks the browser to revalidate, and hands over the ETag', async () => {
    const fetchImpl = jest.fn(async () => ({ ok: true, status: 200, headers: new Headers({ ETag: '"abc.def"' }), json: async () => ({ success: true }) }) as unknown as Response);
    const { api } = client(fetchImpl);
    const seen: (string | null)[] = [];
    await api.get('/api/get_app_state', { revalidate: true, onEtag: (tag) => seen.push(tag) });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/get_app_state?');
    expect(init.cache).toBe('no-cache');
    expect(seen).toEqual(['"abc.def"']);
  });

  it('returns ERR_TIMEOUT when the time-out aborts the request', async () => {
    jest.useFakeTimers();
    const fetchImpl = jest.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const { api } = client(fetchImpl as unknown as typeof fetch);
    const pending = api.get('/api/study_positions', { timeoutMs: 10_000 });
    jest.advanceTimersByTime(9_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    await expect(pending).resolves.toEqual({ success: false, error: ERR_TIMEOUT });
  });

  it('uses a 90 s default time-out', async () => {
    jest.useFakeTimers();
    const fetchImpl = jest.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const { api } = client(fetchImpl as unknown as typeof fetch);
    const pending = api.post('/api/load_user');
    jest.advanceTimersByTime(89_999);
    jest.advanceTimersByTime(1);
    await expect(pending).resolves.toMatchObject({ error: ERR_TIMEOUT });
  });

  it('treats a response without a success flag as a failure and logs it', async () => {
    const { api, logs } = client(respond(200, { user: { id: 1 } }));
    const result = await api.post('/api/load_user');
    expect(result.success).toBe(false);
    expect(logs.some((m) => m.includes('no success flag'))).toBe(true);
  });

  it('reads a non-OK status as unsuccessful but keeps the body error code', async () => {
    const { api } = client(respond(401, { success: false, error: 'ERR_USER_PASS' }));
    await expect(api.post('/api/login')).resolves.toMatchObject({ success: false, error: 'ERR_USER_PASS', status: 401 });
  });

  it('reads a non-OK status as unsuccessful even when the body claims success', async () => {
    const { api } = client(respond(500, { success: true }));
    await expect(api.post('/api/x')).resolves.toMatchObject({ success: false, error: 'ERR_HTTP_500' });
  });

  it('a 401 for a token the app already dropped (logged out while the poll was out) clears and reloads nothing', async () => {
    let current: string | null = 'secret-token';
    const fetchImpl = jest.fn(async () => {
      current = null; // the user logs out while this request is in flight
      return { ok: false, status: 401, json: async () => ({ success: false, error: 'ERR_TOKEN_EXPIRED' }) } as Response;
    });
    const { api, expired } = client(fetchImpl, { getToken: () => current });
    expect(await api.get('/api/get_app_state')).toMatchObject({ success: false, error: 'ERR_TOKEN_EXPIRED' });
    expect(expired).not.toHaveBeenCalled();
    // Signed in again as someone else meanwhile: the old token's 401 does not end the new session either.
    current = 'old-token';
    const again = jest.fn(async () => {
      current = 'new-token';
      return { ok: false, status: 401, json: async () => ({ success: false, error: 'ERR_TOKEN_EXPIRED' }) } as Response;
    });
    await client(again, { getToken: () => current }).api.get('/api/get_app_state');
    expect(expired).not.toHaveBeenCalled();
  });

  it('clears the session and reloads on ERR_TOKEN_EXPIRED', async () => {
    const { api, expired } = client(respond(401, { success: false, error: 'ERR_TOKEN_EXPIRED' }));
    const result = await api.post('/api/load_user');
    expect(result).toMatchObject({ success: false, error: 'ERR_TOKEN_EXPIRED' });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into an unsuccessful result', async () => {
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { api, expired } = client(fetchImpl as unknown as typeof fetch);
    await expect(api.get('/api/get_app_state')).resolves.toMatchObject({ success: false, error: 'ERR_NETWORK' });
    expect(expired).not.toHaveBeenCalled();
  });

  it('treats a body that is not JSON as a failure', async () => {
    const fetchImpl = jest.fn(async () => ({ ok: true, status: 200, json: async () => JSON.parse('<html>') }) as Response);
    const { api } = client(fetchImpl as unknown as typeof fetch);
    await expect(api.get('/api/x')).resolves.toMatchObject({ success: false, error: 'ERR_BAD_RESPONSE' });
  });
});
