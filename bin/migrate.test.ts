import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redactUrl, runMigrate } from './migrate';

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, output: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
}

describe('bin/migrate', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tcm-migrate-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('applies every migration and names them, then reports nothing to apply on a second run', async () => {
    const env = { DATABASE_URL: join(dir, 'app.sqlite') };
    const first = capture();
    expect(await runMigrate(env, first.output)).toBe(0);
    expect(first.lines.out.join('\n')).toMatch(/Applied \d+ migration\(s\)/);
    expect(first.lines.out.join('\n')).toContain('FoundationSchema1763800000000');
    const second = capture();
    expect(await runMigrate(env, second.output)).toBe(0);
    expect(second.lines.out.join('\n')).toContain('up to date');
    expect(second.lines.err).toEqual([]);
  });

  it('exits non-zero naming the database when it cannot be reached', async () => {
    const { lines, output } = capture();
    const code = await runMigrate({ DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/nowhere' }, output);
    expect(code).toBe(1);
    expect(lines.err.join('\n')).toMatch(/^Migration failed: cannot open the database at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/nowhere/);
    expect(lines.err.join('\n')).not.toContain('secret');
  });

  it('exits non-zero with the configuration problem when the environment is invalid', async () => {
    const { lines, output } = capture();
    expect(await runMigrate({ DB_POOL_SIZE: 'lots' }, output)).toBe(1);
    expect(lines.err.join('\n')).toContain('DB_POOL_SIZE');
  });

  it('redacts only the password of a Postgres URL', () => {
    expect(redactUrl('postgres://u:pw@h:5432/db')).toBe('postgres://u:***@h:5432/db');
    expect(redactUrl('./data/app.sqlite')).toBe('./data/app.sqlite');
  });
});
