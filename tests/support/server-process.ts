import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/** The real server as a separate process (dist/bin/server.js), for crash and multi-process tests. */
export const ROOT = resolve(__dirname, '../..');
export const SERVER = join(ROOT, 'dist/bin/server.js');

/** Compiles the server once (tsc); type errors elsewhere do not stop the emit, a missing file does. */
export function buildServer(): void {
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    // Type errors in files mid-work elsewhere still emit JavaScript; the check below decides.
  }
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: the server build failed`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export interface ServerProcess {
  port: number;
  url: string;
  start(): Promise<void>;
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** A server process on a free port with the given environment (development profile defaults for tests). */
export async function serverProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  return {
    port,
    url,
    async start() {
      child = spawn(process.execPath, [SERVER], {
        cwd: ROOT,
        env: {
          ...process.env,
          APP_PROFILE: 'development',
          PAYMENT_PROVIDER: 'dev',
          CHESS_SITE: 'dev',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: url,
          RATE_LIMITS: 'off',
          BACKGROUND_JOBS: 'off',
          DEMO_DATA: 'off',
          LOG_LEVEL: 'silent',
          ...env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      const running = child;
      running.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        try {
          if ((await fetch(`${url}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        if (running.exitCode !== null) throw new Error(`server exited: ${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`server did not become healthy: ${stderr}`);
    },
    async stop(signal) {
      const running = child;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((done) => {
        running.once('exit', () => done());
        running.kill(signal);
      });
      child = null;
    },
  };
}
