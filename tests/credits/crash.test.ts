import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../adapters/persistence/typeorm/database';
import { runSql } from '../../adapters/persistence/typeorm/sql';
import { checkLedger } from '../../bin/admin-ledger';
import { buildServer, serverProcess, type ServerProcess } from '../support/server-process';

/**
 * Kills the real server (dist/bin/server.js, development profile, dev payment provider, SQLite file) with
 * SIGKILL in the middle of a burst of top-up payments, restarts it on the same file, lets every payment be
 * retried (as a provider redelivers), and checks that no acknowledged top-up was lost and none was credited
 * twice. Builds the server first (tsc); type errors elsewhere do not stop the emit.
 */
jest.setTimeout(300_000);

const TOPUPS = 24;
const CREDITS = 100; // US$ each -> 10,000 cents credited per top-up

describe('killing the server during a burst of top-ups', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tcm-crash-'));
  const dbFile = join(dir, 'app.sqlite');
  let server: ServerProcess;
  const base = () => server.url;
  const start = () => server.start();
  const stop = (signal: NodeJS.Signals) => server.stop(signal);

  beforeAll(async () => {
    buildServer();
    server = await serverProcess({ DATA_DIR: dir, DATABASE_URL: dbFile });
  });
  afterAll(async () => {
    await stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no acknowledged top-up and credits none twice after a SIGKILL and restart', async () => {
    await start();
    const signup = await fetch(`${base()}/api/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: 'correct horse battery', timezone: 'UTC' }),
    });
    const { token, user } = (await signup.json()) as { token: string; user: { id: number } };
    const checkouts: string[] = [];
    for (let i = 0; i < TOPUPS; i++) {
      const response = await fetch(`${base()}/api/create_checkout_session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, credits: String(CREDITS) }).toString(),
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      checkouts.push(new URL(response.headers.get('location')!).pathname);
    }

    // The burst: every checkout paid twice, all at once; the server is killed after the first answers arrive.
    const acknowledged = new Set<string>();
    let answered = 0;
    let killed: Promise<void> | null = null;
    const burst = [...checkouts, ...checkouts].map(async (path) => {
      try {
        const response = await fetch(`${base()}${path}/pay`, { method: 'POST', redirect: 'manual' });
        if (response.status === 303 && response.headers.get('location') === '/topup?status=success') acknowledged.add(path);
        answered += 1;
        if (answered === 6 && !killed) killed = stop('SIGKILL');
      } catch {
        // The connection died with the server.
      }
    });
    await Promise.all(burst);
    await (killed ?? stop('SIGKILL'));
    expect(acknowledged.size).toBeGreaterThan(0);

    // What survived the crash: every acknowledged payment is there, and the balance matches the paid top-ups.
    const afterCrash = await openDatabase({ url: dbFile });
    try {
      const paid = await afterCrash.withManager((m) => runSql(m, 'sqlite', `SELECT id FROM topups WHERE status = 'paid'`));
      const paidIds = new Set(paid.rows.map((r) => String(r.id)));
      for (const path of acknowledged) expect(paidIds.has(path.split('/').pop()!)).toBe(true);
      const credits = await afterCrash.withManager((m) => runSql(m, 'sqlite', `SELECT credits_cents FROM users WHERE id = $1`, [user.id]));
      expect(Number(credits.rows[0]?.credits_cents)).toBe(paidIds.size * CREDITS * 100);
      expect(await checkLedger(afterCrash)).toEqual({ ok: true, problems: [] });
      console.log(`crash test: ${acknowledged.size} payments acknowledged before SIGKILL, ${paidIds.size} top-ups committed`);
    } finally {
      await afterCrash.close();
    }

    // Restart and retry every payment, as a provider retries unacknowledged webhooks.
    await start();
    for (const path of checkouts) {
      const response = await fetch(`${base()}${path}/pay`, { method: 'POST', redirect: 'manual' });
      expect(response.headers.get('location')).toBe('/topup?status=success');
    }
    const statement = await fetch(`${base()}/api/get_transactions?limit=200`, { headers: { Authorization: token } });
    const lines = ((await statement.json()) as { transactions: { reason: string; amount: number }[] }).transactions;
    expect(lines.filter((l) => l.reason === 'topup')).toHaveLength(TOPUPS * 2); // card payment + discount line each
    expect(lines[0]).toMatchObject({ reason: 'topup' });
    await stop('SIGTERM');

    const final = await openDatabase({ url: dbFile });
    try {
      const credits = await final.withManager((m) => runSql(m, 'sqlite', `SELECT credits_cents FROM users WHERE id = $1`, [user.id]));
      expect(Number(credits.rows[0]?.credits_cents)).toBe(TOPUPS * CREDITS * 100);
      expect(await checkLedger(final)).toEqual({ ok: true, problems: [] });
    } finally {
      await final.close();
    }
  });
});
