import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Container } from 'inversify';
import { loadConfig, type AppConfig } from '../../config/env';
import { buildContainer } from '../../config/container';
import { createApp } from '../../adapters/http/app';
import { Clock } from '../../application/ports/system';
import { FixedClock } from '../../adapters/system/FixedClock';
import type { Database, Dialect } from '../../adapters/persistence/typeorm/database';
import { openTestDatabase } from './databases';
import type { RouteModule } from '../../adapters/http/types';

export interface TestServer {
  url: string;
  container: Container;
  database: Database | null;
  clock: FixedClock;
  config: AppConfig;
  dataDir: string;
  /** The route modules the app mounts (the fuzz suite lists every route from them). */
  routes: RouteModule[];
  /** JSON call helper: POST with a JSON body (or GET without one), returns status and parsed body. */
  call(path: string, options?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
  /** Sent as is (no JSON encoding). */
  rawBody?: string | Buffer | FormData;
}

export interface CallResult {
  status: number;
  headers: Headers;
  // Test code reads arbitrary fields of the envelope.
  body: Record<string, unknown> & { success?: boolean; error?: string };
  text: string;
}

export interface TestServerOptions {
  dialect?: Dialect | 'memory';
  env?: Record<string, string>;
  webDistDir?: string | null;
  start?: Date;
  /** Behind a reverse proxy: client addresses come from X-Forwarded-For (PROXY_HOPS from env, default 1). */
  trustProxy?: boolean;
  /** Replaces bindings after the profile's (a failing chess site, a fixed coin...). */
  override?: (container: Container) => void;
}

/**
 * The real Koa app on a real socket, with a real database (a fresh SQLite file by default, or Postgres),
 * the development outbox for e-mail, a temp directory for images and a fixed clock the test can move.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-http-'));
  const dialect = options.dialect ?? 'sqlite';
  const testDb = dialect === 'memory' ? null : await openTestDatabase(dialect);
  const config = loadConfig({
    APP_PROFILE: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    PUBLIC_URL: 'http://localhost:3999',
    PAYMENT_PROVIDER: 'dev',
    BACKGROUND_JOBS: 'off',
    // The test clock stands still: a cached list would hide the changes tests make. The cache has its own tests.
    OPPONENTS_SNAPSHOT_MS: '0',
    ...options.env,
  });
  const clock = new FixedClock({ start: options.start ?? new Date('2026-01-15T12:00:00Z') });
  const { container, routes } = buildContainer({
    config,
    database: testDb?.database ?? null,
    override: (c) => {
      c.rebindSync<Clock>(Clock).toConstantValue(clock);
      options.override?.(c);
    },
  });
  const app = createApp(container, { routes, webDistDir: options.webDistDir ?? null, publicUrl: config.PUBLIC_URL, trustProxy: options.trustProxy ?? false, proxyHops: config.PROXY_HOPS });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const call = async (path: string, callOptions: CallOptions = {}): Promise<CallResult> => {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.token) headers.Authorization = callOptions.token;
    let body: string | Buffer | FormData | undefined;
    if (callOptions.rawBody !== undefined) body = callOptions.rawBody;
    else if (callOptions.body !== undefined) {
      body = JSON.stringify(callOptions.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const method = callOptions.method ?? (body === undefined ? 'GET' : 'POST');
    const response = await fetch(`${url}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: CallResult['body'] = {};
    try {
      parsed = JSON.parse(text) as CallResult['body'];
    } catch {
      parsed = {};
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };

  return {
    url,
    container,
    database: testDb?.database ?? null,
    clock,
    config,
    dataDir,
    routes,
    call,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await testDb?.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up a user through the API and returns its token and user JSON. */
export async function signUp(server: TestServer, email: string, password = 'correct horse battery'): Promise<{ token: string; user: Record<string, unknown> }> {
  const result = await server.call('/api/signup', { body: { email, password, timezone: 'Europe/Zagreb' } });
  if (result.status !== 200) throw new Error(`signup failed: ${result.status} ${result.text}`);
  return { token: result.body.token as string, user: result.body.user as Record<string, unknown> };
}
