/**
 * `npm run bench`: measured figures for the issue notes, on this machine, against real databases and the real
 * HTTP app. Bounded in count and time; loopback only.
 *   1. Ledger: holds + releases per second (SQLite; Postgres when it answers).
 *   2. Live challenges: full send (2 targets) + accept + finish cycles per second (SQLite; Postgres), with an
 *      instant chess site so the figure is the server's own cost.
 *   3. The 1 Hz poll at scale (bench/poll.ts): 1,000 titled players, 220 signed-in viewers (20 titled), against a
 *      bare server; each server in its own process, the load generator here.
 *   4. HTTP: GET /api/get_app_state (25 titled players, signed-in poller) and POST /api/login throughput with
 *      autocannon against the development app with its demo data (its own process), and its memory after the load.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { loadConfig } from '../config/env';
import { buildContainer } from '../config/container';
import { openDatabase, type Database } from '../adapters/persistence/typeorm/database';
import { DEMO_PASSWORD, DEMO_REGULAR_EMAIL } from '../config/demo-data';
import { CreditsService } from '../application/credits/credits-service';
import { grantDemoCredits } from '../config/modules/credits';
import { UserRepository } from '../application/ports/users';
import { ChessSite, type CreatedGame, type GameStatus } from '../application/ports/challenges';
import { ChallengeService } from '../application/play/challenge-service';
import type { User } from '../domain/user';
import { benchPoll, startServer } from './poll';

/** The poll benchmark's shape (issue 11): 50 connections, 1,000 titled players, more than 200 distinct viewers. */
const POLL = { players: 1000, amateurViewers: 200, titledViewers: 20, connections: 50, seconds: 10, memorySeconds: 0 };

const PG_ADMIN_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresDatabase(suffix = 'ledger'): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const name = `bench_${suffix}_${process.pid}`;
  const admin = new Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function benchLedger(label: string, database: Database, dataDir: string): Promise<void> {
  const config = loadConfig({ APP_PROFILE: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const { container } = buildContainer({ config, database });
  const users = container.get<UserRepository>(UserRepository);
  const credits = container.get(CreditsService);
  const players = await Promise.all(
    Array.from({ length: 10 }, (_, i) => users.create({ email: `bench${i}@example.com`, username: `bench${i}`, passwordHash: null, timezone: null })),
  );
  for (const player of players) await grantDemoCredits(container, player.id, 1_000_000);
  const rounds = 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    players.map(async (player) => {
      for (let i = 0; i < rounds / players.length; i += 1) {
        const hold = await credits.hold(player.id, 150, `bench:${player.id}:${i}:hold`);
        await credits.release(hold.id, `bench:${player.id}:${i}:release`);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`ledger [${label}]: ${rounds} holds + ${rounds} releases in ${seconds.toFixed(2)} s = ${Math.round((2 * rounds) / seconds)} operations/s (10 users in parallel)`);
}

/** A chess site that answers at once and reports every game over: the bench measures our side only. */
class InstantChessSite implements ChessSite {
  private next = 0;
  async createGame(): Promise<CreatedGame> {
    const gameId = `B${String(++this.next).padStart(7, '0')}`;
    return { gameId, whiteUrl: `https://chess.bench/${gameId}?w`, blackUrl: `https://chess.bench/${gameId}?b` };
  }
  async gameStatus(): Promise<GameStatus> {
    return { progress: 'over', status: 'mate', winner: 'white' };
  }
}

async function benchChallenges(label: string, database: Database, dataDir: string): Promise<void> {
  const config = loadConfig({ APP_PROFILE: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const { container } = buildContainer({
    config,
    database,
    override: (c) => c.rebindSync<ChessSite>(ChessSite).toConstantValue(new InstantChessSite()),
  });
  const users = container.get<UserRepository>(UserRepository);
  const service = container.get(ChallengeService);
  const pros: User[] = [];
  for (let i = 0; i < 20; i += 1) {
    const pro = await users.create({ email: `cpro${i}@example.com`, username: `cpro${i}`, passwordHash: null, timezone: null });
    await users.setRole(pro.id, 'pro', 'IM');
    pros.push(await users.updateProfile(pro.id, { online: true, pricePerMinCents: 100 + i }));
  }
  const amateurs: User[] = [];
  for (let i = 0; i < 10; i += 1) {
    const amateur = await users.create({ email: `camateur${i}@example.com`, username: `camateur${i}`, passwordHash: null, timezone: null });
    await grantDemoCredits(container, amateur.id, 10_000_000);
    amateurs.push(amateur);
  }
  const cycles = 300;
  const started = process.hrtime.bigint();
  await Promise.all(
    amateurs.map(async (amateur, a) => {
      for (let i = 0; i < cycles / amateurs.length; i += 1) {
        const targets = [pros[(2 * a) % pros.length]!, pros[(2 * a + 1) % pros.length]!];
        for (const t of targets) await users.markSeen(t.id, new Date(), 10_000);
        const sent = await service.send((await users.findById(amateur.id))!, {
          targetIds: targets.map((t) => t.id),
          config: { minsPerSide: 10, incrementInSecs: 0, playAs: 'random', startingFen: null, startingPositionType: null },
        });
        const first = sent.find((v) => v.record.targetUserId === targets[0]!.id)!;
        await service.respond(targets[0]!, first.record.id, 'accepted');
        await service.finish(targets[0]!, first.record.id);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`challenges [${label}]: ${cycles} send+accept+finish cycles in ${seconds.toFixed(2)} s = ${(cycles / seconds).toFixed(1)} cycles/s (10 amateurs in parallel)`);
}

/** The development app (demo data) in its own process, the load generator here, as the poll part does. */
async function benchHttp(dataDir: string): Promise<void> {
  const server = await startServer({ mode: 'demo', dataDir });
  const base = server.url;
  const run = (title: string, options: autocannon.Options) =>
    new Promise<void>((resolve, reject) => {
      autocannon({ connections: 20, duration: 5, ...options }, (error, result) => {
        if (error) return reject(error);
        console.log(
          `http ${title}: ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
            `${result.non2xx} non-2xx, ${result.errors} errors`,
        );
        resolve();
      });
    });
  try {
    await run('GET /api/get_app_state (signed in, 25 players)', { url: `${base}/api/get_app_state`, headers: { Authorization: server.tokens[0]! } });
    await run('GET /api/get_app_state (visitor)', { url: `${base}/api/get_app_state` });
    await run('POST /api/login (argon2id)', {
      url: `${base}/api/login`,
      method: 'POST',
      connections: 4,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_REGULAR_EMAIL, password: DEMO_PASSWORD }),
    });
    const memory = await server.memory();
    console.log(`server memory after load (after a forced GC): rss ${Math.round(memory.rss / 1048576)} MB, heap used ${Math.round(memory.heap / 1048576)} MB`);
  } finally {
    await server.stop();
  }
}

/** `npm run bench` runs every part; `npm run bench -- poll http` only those named (ledger, poll, http). */
const wanted = new Set(process.argv.slice(2));
const part = (name: string) => wanted.size === 0 || wanted.has(name);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tcm-bench-'));
  try {
    if (part('ledger')) {
      const sqlite = await openDatabase({ url: join(dir, 'ledger.sqlite') });
      await sqlite.migrate();
      await benchLedger('sqlite', sqlite, dir);
      await benchChallenges('sqlite', sqlite, dir);
      await sqlite.close();
      const pg = await postgresDatabase();
      if (pg) {
        const postgres = await openDatabase({ url: pg.url, poolSize: 10 });
        await postgres.migrate();
        await benchLedger('postgres', postgres, dir);
        await benchChallenges('postgres', postgres, dir);
        await postgres.close();
        await pg.drop();
      } else console.log('ledger [postgres]: skipped, Postgres does not answer');
    }
    if (part('poll')) {
      await benchPoll('sqlite', join(dir, 'poll.sqlite'), dir, { ...POLL, memorySeconds: Number(process.env.BENCH_MEMORY_SECONDS ?? 60) });
      const pollPg = await postgresDatabase('poll');
      if (pollPg) {
        await benchPoll('postgres', pollPg.url, dir, POLL);
        await pollPg.drop();
      } else console.log('poll [postgres]: skipped, Postgres does not answer');
    }
    if (part('http')) await benchHttp(join(dir, 'http'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
