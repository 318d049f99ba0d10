/**
 * The server side of the benchmarks (bench/poll.ts, bench/run.ts's http part), run as its own process so the load
 * generator never shares its event loop: the real app over a database seeded with the marketplace's shape, the
 * development app with its demo data, or a bare Koa server sending prepared bytes. Talks to the parent over the
 * fork IPC channel.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { loadConfig } from '../config/env';
import { buildContainer } from '../config/container';
import { openDatabase } from '../adapters/persistence/typeorm/database';
import { createApp } from '../adapters/http/app';
import { UserRepository } from '../application/ports/users';
import { UnitOfWork } from '../application/ports/system';
import { SessionService } from '../application/accounts/sessions';
import { DEMO_REGULAR_EMAIL, seedDemoData } from '../config/demo-data';

export type PollServerSpec =
  | { mode: 'app'; databaseUrl: string; dataDir: string; players: number; amateurViewers: number; titledViewers: number }
  | { mode: 'bare'; rawPath: string; gzipPath: string }
  | { mode: 'demo'; dataDir: string };

/** Parent -> child. */
export type PollServerRequest = { type: 'memory' } | { type: 'stop' };
/** Child -> parent. */
export type PollServerMessage =
  | { type: 'ready'; url: string; tokens: string[] }
  | { type: 'memory'; rss: number; heap: number; external: number; collected: boolean };

function listen(app: Koa): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

async function startApp(spec: Extract<PollServerSpec, { mode: 'app' }>): Promise<{ server: Server; url: string; tokens: string[] }> {
  const database = await openDatabase({ url: spec.databaseUrl, poolSize: 10 });
  await database.migrate();
  // The snapshot's production lifetime, stated: the figures are for what production runs.
  const config = loadConfig({ APP_PROFILE: 'test', LOG_LEVEL: 'silent', DATA_DIR: spec.dataDir, RATE_LIMITS: 'off', BACKGROUND_JOBS: 'off', OPPONENTS_SNAPSHOT_MS: '1000' });
  const { container, routes } = buildContainer({ config, database });
  const users = container.get<UserRepository>(UserRepository);
  const now = new Date();
  const proIds: number[] = [];
  await container.get<UnitOfWork>(UnitOfWork).run(async () => {
    for (let i = 0; i < spec.players; i += 1) {
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
      proIds.push(pro.id);
    }
  });
  const sessions = container.get(SessionService);
  const tokens: string[] = [];
  for (let i = 0; i < spec.amateurViewers; i += 1) {
    const viewer = await users.create({ email: `poll-viewer-${i}@example.com`, username: `pollviewer${i}`, passwordHash: null, timezone: 'UTC' });
    tokens.push(await sessions.issue(viewer.id));
  }
  // Titled players poll too (their own entry is cut from their list): spread over the roster.
  for (let i = 0; i < spec.titledViewers; i += 1) tokens.push(await sessions.issue(proIds[Math.floor((i * proIds.length) / spec.titledViewers)]!));
  const app = await listen(createApp(container, { routes, webDistDir: null, publicUrl: config.PUBLIC_URL, trustProxy: false }));
  return { ...app, tokens };
}

async function startBare(spec: Extract<PollServerSpec, { mode: 'bare' }>): Promise<{ server: Server; url: string; tokens: string[] }> {
  const raw = readFileSync(spec.rawPath);
  const gzip = readFileSync(spec.gzipPath);
  const bare = new Koa();
  // Koa sending the same bytes, no database, no work: `/gzip` sends the gzip answer as it is.
  bare.use((ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    if (ctx.path === '/gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = gzip;
    } else ctx.body = raw;
  });
  return { ...(await listen(bare)), tokens: [] };
}

/** What `npm start` runs (development profile, SQLite file, the demo roster), with one session of the demo amateur. */
async function startDemo(spec: Extract<PollServerSpec, { mode: 'demo' }>): Promise<{ server: Server; url: string; tokens: string[] }> {
  const config = loadConfig({ APP_PROFILE: 'development', LOG_LEVEL: 'silent', DATA_DIR: spec.dataDir, RATE_LIMITS: 'off', BACKGROUND_JOBS: 'off' });
  const database = await openDatabase({ url: config.DATABASE_URL });
  await database.migrate();
  const { container, routes } = buildContainer({ config, database });
  await seedDemoData(container);
  const amateur = await container.get<UserRepository>(UserRepository).findByEmail(DEMO_REGULAR_EMAIL);
  if (!amateur) throw new Error('the demo seed did not create the demo amateur');
  const token = await container.get(SessionService).issue(amateur.id);
  const app = await listen(createApp(container, { routes, webDistDir: null, publicUrl: config.PUBLIC_URL, trustProxy: false }));
  return { ...app, tokens: [token] };
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.env.BENCH_POLL ?? '{}') as PollServerSpec;
  const started = spec.mode === 'app' ? await startApp(spec) : spec.mode === 'demo' ? await startDemo(spec) : await startBare(spec);
  const send = (message: PollServerMessage) => process.send?.(message);
  process.on('message', (message: PollServerRequest) => {
    if (message.type === 'stop') {
      started.server.close();
      process.exit(0);
    }
    // RSS alone counts garbage not yet collected: collect first (the parent forks with --expose-gc).
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    setTimeout(() => {
      gc?.();
      const usage = process.memoryUsage();
      send({ type: 'memory', rss: usage.rss, heap: usage.heapUsed, external: usage.external + usage.arrayBuffers, collected: gc !== undefined });
    }, 200);
  });
  send({ type: 'ready', url: started.url, tokens: started.tokens });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
