import { UserRepository } from '../../application/ports/users';
import { checkLedger } from '../../bin/admin-ledger';
import { describeEachDialect } from '../support/databases';
import { signUp, startTestServer, type TestServer } from '../support/http';

jest.setTimeout(180_000);

/**
 * Every route the app mounts, read from its routers (so a route added later is fuzzed too), fed what careless and
 * hostile clients send: malformed JSON, wrong content types, oversized and deeply nested bodies, control
 * characters and lone surrogates in string fields, extreme numbers, odd path parameters and queries, as a
 * visitor, a player, an admin and with a dead token. The server must never answer 5xx; an /api answer of 4xx
 * carries an error code (but the Google callback, an HTML page by design); the ledger stays consistent.
 */
interface Route {
  method: 'GET' | 'POST';
  path: string;
}

function routesOf(server: TestServer): Route[] {
  const found = new Map<string, Route>();
  for (const module of server.routes) {
    for (const layer of module(server.container).stack) {
      for (const method of layer.methods) {
        if (method !== 'GET' && method !== 'POST') continue;
        found.set(`${method} ${layer.path}`, { method, path: String(layer.path) });
      }
    }
  }
  return [...found.values()];
}

/** Values for a path parameter: junk, traversal, huge, control characters. */
const PARAMS = ['x', '0', '-1', '1e309', '%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(300), '%F0%9F%98%80', '%ED%A0%80'];

const STRINGS = ['\u0000', 'a\u0007b', '\uD800', 'x\uDFFFy', "'; DROP TABLE users; --", '<script>alert(1)</script>', 'a'.repeat(20_000)];
const NUMBERS = [1e308, -1e308, 0, -1, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER + 2];
/** Field names used across the API, so each route's own fields meet the junk too. */
const FIELDS = [
  'email', 'password', 'timezone', 'token', 'name', 'message', 'lichess', 'chesscom', 'firstName', 'lastName', 'title',
  'pricePerMin', 'minsPerSide', 'incrementInSecs', 'playAs', 'startingFen', 'startingPositionType', 'target_user_ids',
  'challenge_id', 'status', 'user_id', 'amount', 'reason', 'role', 'credits', 'opponentId', 'lichessProfile',
  'availableTimes', 'details', 'analysisRequested', 'scheduled_at_utc', 'video_call_url', 'report', 'outcome', 'logs',
];

function bodies(): { label: string; type: string; body: string }[] {
  const json = (label: string, value: unknown) => ({ label, type: 'application/json', body: JSON.stringify(value) });
  const out = [
    { label: 'malformed JSON', type: 'application/json', body: '{"email": "a@b.c", ' },
    { label: 'XML', type: 'application/xml', body: '<a><b>1</b></a>' },
    { label: 'form', type: 'application/x-www-form-urlencoded', body: 'email=a%00b&credits=1e309' },
    { label: 'text', type: 'text/plain', body: '{"logs": "x"}' },
    { label: 'multipart junk', type: 'multipart/form-data; boundary=z', body: '--z\r\nContent-Disposition: form-data; name="image"\r\n\r\nnot an image' },
    { label: 'oversized', type: 'application/json', body: JSON.stringify({ message: 'x'.repeat(1_100_000) }) },
    { label: 'deep', type: 'application/json', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
    { label: 'deep object', type: 'application/json', body: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` },
    json('array', [1, 2, 3]),
    json('null', null),
    json('string', 'hello'),
    json('prototype keys', { __proto__: { role: 'admin' }, constructor: { prototype: { role: 'admin' } } }),
  ];
  STRINGS.forEach((s, i) => out.push(json(`strings #${i}`, Object.fromEntries(FIELDS.map((f) => [f, s])))));
  NUMBERS.forEach((n, i) => out.push(json(`numbers #${i}`, Object.fromEntries(FIELDS.map((f) => [f, n])))));
  out.push(json('nested junk', Object.fromEntries(FIELDS.map((f) => [f, { $gt: '', nested: [null, {}] }]))));
  return out;
}

const QUERIES = ['', '?t=%00', '?limit=1e309&before=-1', '?challenge_id=abc', '?timezone=%ED%A0%80', `?q=${'z'.repeat(5000)}`, '?query[$ne]=1'];

describeEachDialect('fuzzing every route', (dialect) => {
  let server: TestServer;
  let tokens: (string | null)[];
  const counts = { requests: 0, routes: 0, byStatus: new Map<number, number>() };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const player = await signUp(server, 'fuzz-player@example.com');
    const admin = await signUp(server, 'fuzz-admin@example.com');
    await server.container.get<UserRepository>(UserRepository).setRole(admin.user.id as number, 'admin', null);
    tokens = [null, player.token, admin.token, 'dead-token-that-was-never-issued'];
  });
  afterAll(async () => {
    if (server.database) expect(await checkLedger(server.database)).toEqual({ ok: true, problems: [] });
    console.log(`fuzz [${dialect}]: ${counts.routes} routes, ${counts.requests} requests, statuses ${JSON.stringify(Object.fromEntries([...counts.byStatus].sort()))}`);
    await server.close();
  });

  async function send(method: string, path: string, token: string | null, body?: { type: string; body: string }) {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = token;
    if (body) headers['Content-Type'] = body.type;
    const response = await fetch(`${server.url}${path}`, { method, headers, body: body?.body, redirect: 'manual' });
    const text = await response.text();
    counts.requests += 1;
    counts.byStatus.set(response.status, (counts.byStatus.get(response.status) ?? 0) + 1);
    return { status: response.status, text, json: (response.headers.get('content-type') ?? '').startsWith('application/json') };
  }

  function check(route: string, sent: string, result: { status: number; text: string; json: boolean }): void {
    // The route and what was sent ride along, so a failure names the request that broke.
    expect({ route, sent, serverError: result.status >= 500 }).toEqual({ route, sent, serverError: false });
    // JSON answers carry a code; the documented HTML answers (the Google popup's callback page) explain in words.
    if (route.includes(' /api/') && result.status >= 400 && result.json) {
      let code: unknown;
      try {
        code = (JSON.parse(result.text) as { error?: unknown }).error;
      } catch {
        code = undefined;
      }
      expect({ route, sent, code: typeof code === 'string' && /^ERR_[A-Z_]+$/.test(code) }).toEqual({ route, sent, code: true });
    }
  }

  it('finds the routes from the routers, including the challenge and session calls', () => {
    const routes = routesOf(server).map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(expect.arrayContaining(['POST /api/send_challenges', 'POST /api/schedule_game', 'GET /api/get_app_state', 'POST /api/login', 'GET /dev/game/:id']));
    expect(routes.length).toBeGreaterThan(35);
  });

  it('never answers 5xx, and every /api error carries a code', async () => {
    const routes = routesOf(server);
    counts.routes = routes.length;
    const junk = bodies();
    for (const route of routes) {
      const paths = route.path.includes(':') ? PARAMS.map((p) => route.path.replace(/:[A-Za-z_]+/g, p)) : [route.path];
      for (const token of tokens) {
        const label = `${route.method} ${route.path}`;
        for (const path of paths) {
          for (const query of route.method === 'GET' ? QUERIES : ['']) {
            check(label, `${path.slice(0, 80)}${query.slice(0, 40)}`, await send(route.method, `${path}${query}`, token));
          }
          if (route.method === 'POST') {
            for (const body of junk) check(label, `${path.slice(0, 80)} ${body.label}`, await send('POST', path, token, body));
          }
        }
      }
    }
  });
});
