import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../adapters/persistence/typeorm/database';
import { runAdmin } from './admin';

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, output: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
}

describe('npm run admin', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tcm-admin-'));
    env = { DATABASE_URL: join(dir, 'app.sqlite'), DATA_DIR: dir, APP_PROFILE: 'test', LOG_LEVEL: 'silent' };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function roleOf(email: string): Promise<string | undefined> {
    const database = await openDatabase({ url: env.DATABASE_URL! });
    try {
      const rows = (await database.withManager((m) => m.query('SELECT role FROM users WHERE email = ?', [email]))) as { role: string }[];
      return rows[0]?.role;
    } finally {
      await database.close();
    }
  }

  it('create-admin creates an admin account and prints its id', async () => {
    const { lines, output } = capture();
    expect(await runAdmin(['create-admin', 'Boss@Example.com', 'a-long-password'], env, output)).toBe(0);
    expect(lines.out).toEqual([expect.stringMatching(/^Created admin boss@example\.com with id \d+$/)]);
    expect(await roleOf('boss@example.com')).toBe('admin');
  });

  it('create-admin promotes an existing user instead of creating a second one', async () => {
    await runAdmin(['create-admin', 'boss@example.com', 'a-long-password'], env, capture().output);
    const { lines, output } = capture();
    expect(await runAdmin(['create-admin', 'boss@example.com', 'another-password'], env, output)).toBe(0);
    expect(lines.out[0]).toMatch(/^Promoted admin boss@example\.com/);
  });

  it('refuses a short password or a bad e-mail with the reason and exit code 1, creating nothing', async () => {
    const short = capture();
    expect(await runAdmin(['create-admin', 'boss@example.com', 'short'], env, short.output)).toBe(1);
    expect(short.lines.err.join('\n')).toContain('Password must be at least 8 characters');
    const bad = capture();
    expect(await runAdmin(['create-admin', 'not-an-email', 'a-long-password'], env, bad.output)).toBe(1);
    expect(await roleOf('boss@example.com')).toBeUndefined();
  });

  it('prints the usage with exit code 2 for an unknown command or missing arguments', async () => {
    const { lines, output } = capture();
    expect(await runAdmin(['make-me-rich'], env, output)).toBe(2);
    expect(lines.err.join('\n')).toContain('create-admin <email> <password>');
    expect(await runAdmin(['create-admin', 'only@example.com'], env, capture().output)).toBe(2);
  });

  it('check-ledger reports a consistent ledger on a fresh database', async () => {
    const { lines, output } = capture();
    expect(await runAdmin(['check-ledger'], env, output)).toBe(0);
    expect(lines.out[0]).toContain('Ledger is consistent');
  });
});
