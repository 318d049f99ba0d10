import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import autocannon from 'autocannon';
import type { PollServerMessage, PollServerRequest, PollServerSpec } from './poll-server';

export interface PollBenchOptions {
  players: number;
  /** Distinct signed-in amateurs polling. */
  amateurViewers: number;
  /** Distinct titled players polling (each gets the list without themselves). */
  titledViewers: number;
  connections: number;
  seconds: number;
  /** A longer run with RSS before and after (0 to skip). */
  memorySeconds: number;
}

interface PollServer {
  url: string;
  tokens: string[];
  memory(): Promise<Extract<PollServerMessage, { type: 'memory' }>>;
  stop(): Promise<void>;
}

/** Forks bench/poll-server.js: the server under test gets its own process (and core), as in production. */
export function startServer(spec: PollServerSpec): Promise<PollServer> {
  // BENCH_SERVER_NODE_ARGS adds flags for the server process, such as --cpu-prof to see where its time goes.
  const child: ChildProcess = fork(join(__dirname, 'poll-server.js'), [], {
    execArgv: ['--expose-gc', ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    env: { ...process.env, BENCH_POLL: JSON.stringify(spec) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends PollServerMessage['type']>(type: T) =>
    new Promise<Extract<PollServerMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (message: PollServerMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<PollServerMessage, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`bench server exited (${code}) before '${type}'`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ask = (message: PollServerRequest) => child.send(message);
  return next('ready').then((ready) => ({
    url: ready.url,
    tokens: ready.tokens,
    memory: () => {
      const answer = next('memory');
      ask({ type: 'memory' });
      return answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        ask({ type: 'stop' });
      }),
  }));
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

/** One GET with the exact bytes on the wire (fetch would decode them). */
function getBytes(url: string, headers: Record<string, string>): Promise<{ etag: string; body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ etag: String(res.headers.etag ?? ''), body: Buffer.concat(chunks), encoding: String(res.headers['content-encoding'] ?? 'identity') }));
    })
      .on('error', reject)
      .end();
  });
}

const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The 1 Hz poll at marketplace scale (issue 11): GET /api/get_app_state with `players` titled players, polled by
 * distinct signed-in amateurs and titled players over `connections` connections, against a bare Koa server
 * sending the very same bytes on the same machine. The app and the bare server each run in their own process; the
 * load generator runs here. Prints req/s and p99 of both and their ratio (plain and gzip), the 304 share when
 * clients revalidate with their ETag, the bytes of one poll, and the app's RSS around a longer run.
 */
export async function benchPoll(label: string, databaseUrl: string, dataDir: string, options: PollBenchOptions): Promise<void> {
  const app = await startServer({
    mode: 'app',
    databaseUrl,
    dataDir,
    players: options.players,
    amateurViewers: options.amateurViewers,
    titledViewers: options.titledViewers,
  });
  const url = `${app.url}/api/get_app_state`;
  const etags: string[] = [];
  let raw: Buffer = Buffer.alloc(0);
  let gzip: Buffer = Buffer.alloc(0);
  for (const token of app.tokens) {
    const answer = await getBytes(url, { Authorization: token, 'Accept-Encoding': 'identity' });
    etags.push(answer.etag);
    if (raw.length === 0) {
      raw = answer.body;
      const gz = await getBytes(url, { Authorization: token, 'Accept-Encoding': 'gzip' });
      if (gz.encoding !== 'gzip') throw new Error('the app did not answer gzip');
      gzip = gz.body;
    }
  }
  writeFileSync(join(dataDir, 'poll-raw.json'), raw);
  writeFileSync(join(dataDir, 'poll.json.gz'), gzip);
  const bare = await startServer({ mode: 'bare', rawPath: join(dataDir, 'poll-raw.json'), gzipPath: join(dataDir, 'poll.json.gz') });

  const polls = (headers: (token: string, i: number) => Record<string, string>) =>
    app.tokens.map((token, i) => ({ method: 'GET' as const, path: '/api/get_app_state', headers: { Authorization: token, ...headers(token, i) } }));
  const common = { connections: options.connections, duration: options.seconds };
  const appPlain = await run({ ...common, url: app.url, requests: polls(() => ({})) });
  const barePlain = await run({ ...common, url: bare.url, requests: [{ method: 'GET', path: '/' }] });
  const appGzip = await run({ ...common, url: app.url, requests: polls(() => ({ 'Accept-Encoding': 'gzip' })) });
  const bareGzip = await run({ ...common, url: bare.url, requests: [{ method: 'GET', path: '/gzip', headers: { 'Accept-Encoding': 'gzip' } }] });
  const revalidating = await run({ ...common, url: app.url, requests: polls((_, i) => ({ 'Accept-Encoding': 'identity', 'If-None-Match': etags[i]! })) });

  const line = (name: string, r: autocannon.Result) =>
    `${name}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx, ${r.errors} errors`;
  const ratio = (a: autocannon.Result, b: autocannon.Result) => `${((a.requests.average / b.requests.average) * 100).toFixed(0)}%`;
  const notModified = revalidating['3xx'] / Math.max(1, revalidating['2xx'] + revalidating['3xx']);
  console.log(
    `poll [${label}] ${options.players} titled players, ${app.tokens.length} signed-in viewers (${options.titledViewers} of them titled), ` +
      `${options.connections} connections, ${options.seconds} s each; server and bare server in their own processes:`,
  );
  console.log(`  ${line('get_app_state, plain      ', appPlain)}`);
  console.log(`  ${line('bare Koa, same plain bytes', barePlain)}`);
  console.log(`  ratio get_app_state / bare, plain: ${ratio(appPlain, barePlain)}`);
  console.log(`  ${line('get_app_state, gzip       ', appGzip)}`);
  console.log(`  ${line('bare Koa, same gzip bytes ', bareGzip)}`);
  console.log(`  ratio get_app_state / bare, gzip: ${ratio(appGzip, bareGzip)}`);
  console.log(`  ${line('get_app_state revalidating', revalidating).replace(/\d+ non-2xx/, `${revalidating['3xx']} x 304`)}; 304 share ${(notModified * 100).toFixed(1)}%`);
  console.log(`  bytes per poll: ${kb(raw.length)} plain, ${kb(gzip.length)} gzip (as sent to a signed-in viewer), 0 body when unchanged (304)`);

  if (options.memorySeconds > 0) {
    const before = await app.memory();
    const long = await run({ ...common, duration: options.memorySeconds, url: app.url, requests: polls(() => ({})) });
    const after = await app.memory();
    console.log(
      `  server memory over a ${options.memorySeconds} s run (${Math.round(long.requests.average)} req/s): rss ${mb(before.rss)} before, ${mb(after.rss)} after; ` +
        `live heap ${mb(before.heap)} -> ${mb(after.heap)}, buffers ${mb(before.external)} -> ${mb(after.external)}${after.collected ? '' : ' (no --expose-gc: rss includes garbage)'}`,
    );
  }
  await app.stop();
  await bare.stop();
}
