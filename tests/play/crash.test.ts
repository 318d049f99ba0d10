import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../adapters/persistence/typeorm/database';
import { runOn } from '../../adapters/persistence/typeorm/sql';
import { TypeOrmUserRepository } from '../../adapters/persistence/typeorm/repositories';
import { checkLedger } from '../../bin/admin-ledger';
import { runAdmin } from '../../bin/admin';
import { buildServer, serverProcess, type ServerProcess } from '../support/server-process';

jest.setTimeout(300_000);

type Json = Record<string, unknown>;
const PAIRS = 10;
const FUNDS = 10_000;

/**
 * SIGKILL of the real server (SQLite file, dev chess site) during a burst of accepts, and again during a burst
 * of finishes; after each restart the clients retry and the jobs run. Whatever the kill interrupted, money is
 * conserved: no challenge is paid or refunded twice, every amateur's money is in their balance, in a hold, in
 * escrow for their accepted game, or paid for a finished one, and the ledger is consistent.
 */
describe('killing the server during bursts of accepts and finishes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tcm-crash-play-'));
  const dbFile = join(dir, 'app.sqlite');
  let server: ServerProcess;

  beforeAll(async () => {
    buildServer();
    server = await serverProcess({ DATA_DIR: dir, DATABASE_URL: dbFile });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  async function post(path: string, token: string | null, body: Json | URLSearchParams): Promise<{ status: number; body: Json }> {
    const json = !(body instanceof URLSearchParams);
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...(json ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: token } : {}) },
      body: json ? JSON.stringify(body) : body,
      redirect: 'manual',
    });
    let parsed: Json = {};
    try {
      parsed = (await response.json()) as Json;
    } catch {
      // a redirect or an HTML page
    }
    return { status: response.status, body: parsed };
  }

  /** Fires the calls at once and SIGKILLs the server once `killAfter` have answered; returns the answers that came. */
  async function burstAndKill(calls: (() => Promise<{ status: number; body: Json }>)[], killAfter: number) {
    let answered = 0;
    let killed: Promise<void> | null = null;
    const results = await Promise.all(
      calls.map(async (call) => {
        try {
          const result = await call();
          answered += 1;
          if (answered === killAfter && !killed) killed = server.stop('SIGKILL');
          return result;
        } catch {
          return null; // the connection died with the server
        }
      }),
    );
    await (killed ?? server.stop('SIGKILL'));
    return results;
  }

  async function withDb<T>(work: (db: Database) => Promise<T>): Promise<T> {
    const db = await openDatabase({ url: dbFile });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  }

  async function checkConservation(amateurs: { id: number }[]): Promise<void> {
    await withDb(async (db) => {
      expect(await checkLedger(db)).toEqual({ ok: true, problems: [] });
      // No challenge paid, refunded or captured twice.
      const dupes = await runOn(db, `SELECT reference, reason, COUNT(*) AS n FROM ledger_transfers WHERE reason IN ('capture', 'payout', 'refund', 'fee') GROUP BY reference, reason HAVING COUNT(*) > 1`);
      expect(dupes.rows).toEqual([]);
      for (const a of amateurs) {
        const balances = await runOn(db, `SELECT id, balance_cents FROM ledger_accounts WHERE user_id = $1`, [a.id]);
        const own = balances.rows.reduce((sum, r) => sum + Number(r.balance_cents), 0);
        const inPlay = await runOn(db, `SELECT COALESCE(SUM(price_cents), 0) AS n FROM challenges WHERE source_user_id = $1 AND status IN ('accepted', 'finished')`, [a.id]);
        expect(own + Number(inPlay.rows[0]!.n)).toBe(FUNDS);
      }
    });
  }

  it('loses nothing and pays nothing twice', async () => {
    await server.start();
    const signUp = async (email: string) => {
      const result = await post('/api/signup', null, { email, password: 'correct horse battery', timezone: 'UTC' });
      return { id: (result.body.user as { id: number }).id, token: result.body.token as string };
    };
    const pros: { id: number; token: string }[] = [];
    const amateurs: { id: number; token: string }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      pros.push(await signUp(`pro${i}@example.com`));
      amateurs.push(await signUp(`amateur${i}@example.com`));
    }
    // Profiles and funds written beside the running server, as an admin would (SQLite waits for its lock).
    await withDb(async (db) => {
      const users = new TypeOrmUserRepository(db);
      for (const [i, p] of pros.entries()) {
        await users.setRole(p.id, 'pro', 'IM');
        await users.updateProfile(p.id, { online: true, pricePerMinCents: 100 + i, lichessUsername: `pro${i}` });
        await users.markSeen(p.id, new Date(), 0);
      }
    });
    await server.stop('SIGTERM');
    const admin = await runAdmin(['create-admin', 'admin@example.com', 'admin-password-1'], { DATABASE_URL: dbFile, DATA_DIR: dir, LOG_LEVEL: 'silent' }, { out: () => undefined, err: () => undefined });
    expect(admin).toBe(0);
    await server.start();
    const adminToken = (await post('/api/login', null, { email: 'admin@example.com', password: 'admin-password-1' })).body.token as string;
    for (const a of amateurs) expect((await post('/api/admin/adjust_credits', adminToken, { user_id: a.id, amount: FUNDS / 100, reason: 'test funds' })).status).toBe(200);

    const challengeIds: number[] = [];
    for (const [i, a] of amateurs.entries()) {
      const sent = await post('/api/send_challenges', a.token, { target_user_ids: [pros[i]!.id], minsPerSide: 10, incrementInSecs: 0, playAs: 'white' });
      expect(sent.status).toBe(200);
      challengeIds.push((sent.body.challenges as { id: number }[])[0]!.id);
    }

    // Burst 1: every pro accepts (twice), the server dies after three answers.
    await burstAndKill(
      [...pros, ...pros].map((p, j) => () => post('/api/accept_reject_challenge', p.token, { challenge_id: challengeIds[j % PAIRS], status: 'accepted' })),
      3,
    );
    await checkConservation(amateurs);
    await server.start();
    // The pros retry; a challenge already accepted answers 409, never a second capture.
    for (const [i, p] of pros.entries()) {
      const retry = await post('/api/accept_reject_challenge', p.token, { challenge_id: challengeIds[i], status: 'accepted' });
      expect([200, 409]).toContain(retry.status);
    }
    await checkConservation(amateurs);

    // Every created game ends; then burst 2: both players finish at once, the server dies after four answers.
    const games = await withDb((db) => runOn(db, `SELECT id, game_id FROM challenges WHERE game_id IS NOT NULL`));
    expect(games.rows.length).toBeGreaterThan(0);
    for (const row of games.rows) expect((await post(`/dev/game/${String(row.game_id)}/end`, null, new URLSearchParams({ result: 'white' }))).status).toBe(303);
    await burstAndKill(
      [...amateurs, ...pros].map((u, j) => () => post('/api/finish_challenge', u.token, { challenge_id: challengeIds[j % PAIRS] })),
      4,
    );
    await checkConservation(amateurs);

    // Restart, retry the finishes, and run the jobs once (as cron would): each finished game paid exactly once.
    await server.start();
    for (const [i, a] of amateurs.entries()) await post('/api/finish_challenge', a.token, { challenge_id: challengeIds[i] });
    expect(await runAdmin(['run-jobs'], { DATABASE_URL: dbFile, DATA_DIR: dir, LOG_LEVEL: 'silent', APP_PROFILE: 'development', DEMO_DATA: 'off' }, { out: () => undefined, err: () => undefined })).toBe(0);
    await checkConservation(amateurs);
    await withDb(async (db) => {
      const finished = await runOn(db, `SELECT id, target_user_id, price_cents FROM challenges WHERE status = 'finished'`);
      expect(finished.rows.length).toBe(games.rows.length);
      for (const row of finished.rows) {
        const payout = await runOn(db, `SELECT amount_cents FROM ledger_transfers WHERE reason = 'payout' AND reference = $1`, [`challenge:${String(row.id)}`]);
        expect(payout.rows.map((r) => Number(r.amount_cents))).toEqual([Number(row.price_cents) * 0.8]);
      }
      console.log(`challenge crash test: ${games.rows.length} of ${PAIRS} games created, ${finished.rows.length} finished and paid once`);
    });
    await server.stop('SIGTERM');
  });
});
