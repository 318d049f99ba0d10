import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Koa from 'koa';
import { loadConfig } from '../config/env';
import { buildContainer } from '../config/container';
import type { Database } from '../adapters/persistence/typeorm/database';
import { createApp } from '../adapters/http/app';
import { UserRepository } from '../application/ports/users';
import { UnitOfWork } from '../application/ports/system';
import { SessionService } from '../application/accounts/sessions';

export interface PollBenchOptions {
  players: number;
  viewers: number;
  connections: number;
  seconds: number;
  /** A longer run with RSS before and after (0 to skip). */
  memorySeconds: number;
}

function listen(app: Koa): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

/**
 * The 1 Hz poll at marketplace scale (issue 11): GET /api/get_app_state with `players` titled players, polled by
 * `viewers` distinct signed-in users over `connections` connections, against a bare Koa server sending the very
 * same bytes on the same machine. Prints req/s and p99 of both and their ratio, the 304 share when clients
 * revalidate with their ETag, the bytes of one poll, and RSS around a longer run.
 */
export async function benchPoll(label: string, database: Database, dataDir: string, options: PollBenchOptions): Promise<void> {
  const config = loadConfig({ APP_PROFILE: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, RATE_LIMITS: 'off', BACKGROUND_JOBS: 'off' });
  const { container, routes } = buildContainer({ config, database });
  const users = container.get<UserRepository>(UserRepository);
  const now = new Date();
  await container.get<UnitOfWork>(UnitOfWork).run(async () => {
    for (let i = 0; i < options.players; i += 1) {
      const pro = await users.create({ email: `poll-pro-${i}@example.com`, username: `pollpro${i}`, passwordHash: null, timezone: 'Europe/Zagreb' });
      await users.setRole(pro.id, 'pro', 'IM');
      await users.updateProfile(pro.id, {
        firstName: `Player${i}`,
        lastName: 'Benchmark',
        online: i % 3 !== 0,
        pricePerMinCents: 50 + (i % 400),
        minsPerSideMin: 1 + (i % 5),
        minsPerSideMax: 60 + (i % 60),
        lichessBlitzRating: 2200 + (i % 500),
        providesPostgameAnalysis: i % 2 === 0,
      });
      await users.markSeen(pro.id, now, 0);
    }
  });
  const sessions = container.get(SessionService);
  const tokens: string[] = [];
  for (let i = 0; i < options.viewers; i += 1) {
    const viewer = await users.create({ email: `poll-viewer-${i}@example.com`, username: `pollviewer${i}`, passwordHash: null, timezone: 'UTC' });
    tokens.push(await sessions.issue(viewer.id));
  }

  const app = await listen(createApp(container, { routes, webDistDir: null, publicUrl: config.PUBLIC_URL, trustProxy: false }));
  const etags: string[] = [];
  let sample = Buffer.alloc(0);
  for (const token of tokens) {
    const response = await fetch(`${app.url}/api/get_app_state`, { headers: { Authorization: token, 'Accept-Encoding': 'identity' } });
    etags.push(response.headers.get('etag') ?? '');
    sample = Buffer.from(await response.arrayBuffer());
  }
  // The bare server: Koa sending the same bytes, no database, no work.
  const bareApp = new Koa();
  bareApp.use((ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = sample;
  });
  const bare = await listen(bareApp);

  const requests = tokens.map((token) => ({ method: 'GET' as const, path: '/api/get_app_state', headers: { Authorization: token } }));
  const common = { connections: options.connections, duration: options.seconds };
  const app200 = await run({ ...common, url: app.url, requests });
  const bare200 = await run({ ...common, url: bare.url, requests: [{ method: 'GET', path: '/' }] });
  const revalidating = await run({
    ...common,
    url: app.url,
    requests: tokens.map((token, i) => ({ method: 'GET' as const, path: '/api/get_app_state', headers: { Authorization: token, 'If-None-Match': etags[i]! } })),
  });

  const line = (name: string, r: autocannon.Result) =>
    `${name}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx, ${r.errors} errors`;
  const ratio = app200.requests.average / bare200.requests.average;
  const notModified = revalidating['3xx'] / Math.max(1, revalidating['2xx'] + revalidating['3xx']);
  console.log(`poll [${label}] ${options.players} titled players, ${options.viewers} signed-in viewers, ${options.connections} connections, ${options.seconds} s each:`);
  console.log(`  ${line('get_app_state (full answers)', app200)}`);
  console.log(`  ${line('bare Koa, same bytes      ', bare200)}`);
  console.log(`  ratio get_app_state / bare: ${(ratio * 100).toFixed(0)}%`);
  console.log(`  ${line('get_app_state revalidating', revalidating).replace(/\d+ non-2xx/, `${revalidating['3xx']} x 304`)}; 304 share ${(notModified * 100).toFixed(1)}%`);
  console.log(`  bytes per poll: ${sample.length} raw, ${gzipSync(sample).length} gzip, 0 body when unchanged (304)`);

  if (options.memorySeconds > 0) {
    const before = process.memoryUsage().rss;
    const long = await run({ ...common, duration: options.memorySeconds, url: app.url, requests });
    const after = process.memoryUsage().rss;
    console.log(`  memory over a ${options.memorySeconds} s run (${Math.round(long.requests.average)} req/s): rss ${mb(before)} before, ${mb(after)} after`);
  }
  await new Promise((resolve) => app.server.close(resolve));
  await new Promise((resolve) => bare.server.close(resolve));
}
