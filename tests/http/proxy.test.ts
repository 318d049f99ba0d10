import { startTestServer, type TestServer } from '../support/http';

/**
 * Behind a reverse proxy (TRUST_PROXY=on) the client address is the entry the proxy appended to X-Forwarded-For,
 * never the leftmost one, which the client writes itself: forging it must not escape the per-address limit.
 */
describe('client address behind a proxy', () => {
  let server: TestServer;
  afterEach(async () => server?.close());

  async function logins(forwardedFor: (i: number) => string, count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const result = await server.call('/api/login', {
        body: { email: `victim${i}@example.com`, password: 'wrong password' },
        headers: { 'X-Forwarded-For': forwardedFor(i) },
      });
      statuses.push(result.status);
    }
    return statuses;
  }

  it('one proxy: a client varying the first X-Forwarded-For entry is still limited by the address the proxy saw', async () => {
    server = await startTestServer({ trustProxy: true, env: { RATE_LIMITS: 'on', RATE_LIMIT_MAX: '10' } });
    const statuses = await logins((i) => `10.0.0.${i}, 203.0.113.7`, 30);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });

  it('different clients behind the proxy are counted apart', async () => {
    server = await startTestServer({ trustProxy: true, env: { RATE_LIMITS: 'on', RATE_LIMIT_MAX: '10' } });
    const statuses = await logins((i) => `198.51.100.${i}`, 30);
    expect(statuses.every((s) => s === 401)).toBe(true);
  });

  it('two proxies (PROXY_HOPS=2): the entry the outer proxy appended is the client', async () => {
    server = await startTestServer({ trustProxy: true, env: { RATE_LIMITS: 'on', RATE_LIMIT_MAX: '10', PROXY_HOPS: '2' } });
    const statuses = await logins((i) => `10.9.9.${i}, 203.0.113.8, 10.0.0.2`, 15);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });
});
