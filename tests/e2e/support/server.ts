import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const SERVER_JS = path.join(REPO_ROOT, 'dist', 'bin', 'server.js');

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** The server's output so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The environment of a throw-away development server: its own port, data folder and SQLite file. */
export function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    APP_PROFILE: 'development',
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: path.join(dataDir, 'app.sqlite'),
    RATE_LIMITS: 'off',
    PUBLIC_URL: `http://localhost:${port}`,
    BACKGROUND_JOBS: 'off',
  };
}

/** Starts `node dist/bin/server.js` and waits until GET /api/health answers 200. */
export async function startServer(timeoutMs = 60_000): Promise<RunningServer> {
  if (!fs.existsSync(SERVER_JS)) throw new Error(`${SERVER_JS} is missing: run "npm run build" first`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
  const env = serverEnv(port, dataDir);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_JS], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));

  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null) throw new Error(`The server exited with code ${exited} before it was healthy:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    port,
    dataDir,
    env,
    output: () => output,
    stop: async () => {
      if (exited === null) {
        const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await done;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a CLI of the built server (e.g. dist/bin/admin.js create-admin) against the same database. */
export async function runCli(server: RunningServer, script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'dist', 'bin', script), ...args], { cwd: REPO_ROOT, env: server.env });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} ${args.join(' ')} exited ${code}:\n${out}`))));
  });
}
