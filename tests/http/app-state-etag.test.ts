import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { UserRepository } from '../../application/ports/users';
import { CreditsService } from '../../application/credits/credits-service';
import { describeEachDialect } from '../support/databases';
import { signUp, startTestServer, type TestServer } from '../support/http';

/**
 * The 1 Hz poll revalidates: a strong ETag, `Cache-Control: no-cache`, and 304 with no body while nothing the
 * viewer sees has changed; any change they would see gives a new ETag and the full answer.
 */
describeEachDialect('get_app_state revalidation (ETag, If-None-Match, 304)', (dialect) => {
  let server: TestServer;
  let users: UserRepository;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    users = server.container.get<UserRepository>(UserRepository);
  });
  afterAll(async () => server.close());

  async function pro(email: string, cents = 150): Promise<{ id: number; token: string }> {
    const { token, user } = await signUp(server, email);
    await users.setRole(user.id as number, 'pro', 'FM');
    await users.updateProfile(user.id as number, { online: true, pricePerMinCents: cents, firstName: email });
    await users.markSeen(user.id as number, server.clock.now(), 0);
    return { id: user.id as number, token };
  }

  const poll = (token: string | null, etag?: string | null, extra: Record<string, string> = {}) =>
    fetch(`${server.url}/api/get_app_state?t=${Date.now()}`, { headers: { ...(token ? { Authorization: token } : {}), ...(etag ? { 'If-None-Match': etag } : {}), ...extra } });

  it('a visitor: strong ETag, then 304 with no body; a changed price gives a new ETag and the new list', async () => {
    const p = await pro('etag-pro@example.com');
    const first = await poll(null);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await poll(null, etag);
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    await users.updateProfile(p.id, { pricePerMinCents: 275 });
    const changed = await poll(null, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const body = (await changed.json()) as { opponents: { user_id: number; price_per_min: number }[] };
    expect(body.opponents.find((o) => o.user_id === p.id)!.price_per_min).toBe(2.75);
  });

  it('a visitor asking for gzip or brotli gets compressed bytes that decode to the answer', async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        get(`${server.url}/api/get_app_state`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(gz.body).toString()) as { success: boolean }).success).toBe(true);
    const br = await raw('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(gunzipSync(gz.body))).toBe(true);
  });

  it('signed in: 304 while unchanged; the viewer\'s credits, a new challenge, or an opponent change each give 200', async () => {
    const me = await signUp(server, 'etag-viewer@example.com');
    const coach = await pro('etag-coach@example.com', 120);
    let response = await poll(me.token);
    let etag = response.headers.get('etag')!;
    expect((await poll(me.token, etag)).status).toBe(304);

    await server.container.get(CreditsService).transfer(
      { from: 'platform:adjustments', to: `user:${me.user.id as number}:available`, amountCents: 5000, reason: 'admin_adjustment', description: 't', reference: null },
      'etag-fund',
    );
    response = await poll(me.token, etag);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { credits: number } }).user.credits).toBe(50);
    etag = response.headers.get('etag')!;
    expect((await poll(me.token, etag)).status).toBe(304);

    await server.call('/api/send_challenges', { token: me.token, body: { target_user_ids: [coach.id], minsPerSide: 10, incrementInSecs: 0, playAs: 'white' } });
    response = await poll(me.token, etag);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { challenges: unknown[] }).challenges).toHaveLength(1);
    etag = response.headers.get('etag')!;

    await users.updateProfile(coach.id, { lastName: 'Renamed' });
    expect((await poll(me.token, etag)).status).toBe(200);
  });

  it('two viewers with the same lists still get different ETags (one viewer\'s 304 is never another\'s)', async () => {
    const a = await signUp(server, 'etag-a@example.com');
    const b = await signUp(server, 'etag-b@example.com');
    const etagA = (await poll(a.token)).headers.get('etag')!;
    expect((await poll(b.token, etagA)).status).toBe(200);
  });

  const rawGet = (headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      get(`${server.url}/api/get_app_state`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  it('signed in with gzip: the assembled gzip answer decodes to the very bytes of the plain one (a titled viewer excluded)', async () => {
    const viewers = [await pro('etag-gz1@example.com'), await pro('etag-gz2@example.com'), await signUp(server, 'etag-gz-amateur@example.com')];
    for (const viewer of viewers) {
      const plain = await rawGet({ Authorization: viewer.token, 'Accept-Encoding': 'identity' });
      const gz = await rawGet({ Authorization: viewer.token, 'Accept-Encoding': 'gzip, deflate, br' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
      expect(gz.body.length).toBeLessThan(plain.body.length);
      // Each coding has its own strong tag; holding either one means holding this version.
      expect(gz.headers.etag).not.toBe(plain.headers.etag);
      const revalidated = await rawGet({ Authorization: viewer.token, 'Accept-Encoding': 'gzip', 'If-None-Match': plain.headers.etag as string });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.etag).toBe(gz.headers.etag);
    }
  });

  it('signed in, a client accepting only brotli gets the plain answer (brotli is for the shared visitor answer)', async () => {
    const me = await signUp(server, 'etag-br@example.com');
    const answer = await rawGet({ Authorization: me.token, 'Accept-Encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(answer.body.toString()) as { success: boolean }).success).toBe(true);
  });

  it('a titled viewer never sees themselves, whatever their place in the list', async () => {
    const pros = [await pro('etag-p1@example.com'), await pro('etag-p2@example.com'), await pro('etag-p3@example.com')];
    for (const p of pros) {
      const body = (await (await poll(p.token)).json()) as { opponents: { user_id: number }[] };
      const ids = body.opponents.map((o) => o.user_id);
      expect(ids).not.toContain(p.id);
      for (const other of pros.filter((x) => x !== p)) expect(ids).toContain(other.id);
    }
  });
});
