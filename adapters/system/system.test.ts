import { Writable } from 'node:stream';
import { Argon2PasswordHasher, TEST_ARGON2_COST } from './Argon2PasswordHasher';
import { CapturingAppLogger } from './CapturingAppLogger';
import { CryptoIdGenerator } from './CryptoIdGenerator';
import { FixedClock } from './FixedClock';
import { sha256Hex } from './hashing';
import { PinoAppLogger } from './PinoAppLogger';
import { SilentAppLogger } from './SilentAppLogger';
import { SystemClock } from './SystemClock';

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 test vector for "abc"', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('hashes non-ASCII text as its UTF-8 bytes (not Latin-1 or UTF-16)', () => {
    // sha256 of the two bytes C3 A9 (U+00E9 in UTF-8), computed with: printf '\xc3\xa9' | sha256sum
    expect(sha256Hex('\u00e9')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
  });
});

describe('SystemClock', () => {
  it('returns the current wall-clock time', () => {
    const before = Date.now();
    const now = new SystemClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('FixedClock', () => {
  it('stands still until moved, and moves by exactly what it is told', () => {
    const clock = new FixedClock({ start: '2026-03-01T10:00:00.000Z' });
    expect(clock.now().toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-01T10:00:00.000Z');
    clock.advanceSeconds(61);
    expect(clock.now().toISOString()).toBe('2026-03-01T10:01:01.000Z');
    clock.advanceMinutes(59);
    clock.advance(-1000);
    expect(clock.now().toISOString()).toBe('2026-03-01T11:00:00.000Z');
    clock.advanceDays(30);
    expect(clock.now().toISOString()).toBe('2026-03-31T11:00:00.000Z');
    clock.set(new Date('2027-01-01T00:00:00Z'));
    expect(clock.now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('cannot be moved by mutating a Date it returned', () => {
    const clock = new FixedClock({ start: new Date('2026-03-01T10:00:00Z') });
    clock.now().setFullYear(1999);
    expect(clock.now().getUTCFullYear()).toBe(2026);
  });

  it('rejects invalid instants and non-finite steps', () => {
    expect(() => new FixedClock({ start: 'not a date' })).toThrow(RangeError);
    const clock = new FixedClock({ start: '2026-03-01T10:00:00Z' });
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(() => clock.advance(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(clock.now().toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });
});

describe('CryptoIdGenerator', () => {
  const ids = new CryptoIdGenerator();
  it('makes RFC 4122 version 4 UUIDs that do not repeat', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => ids.uuid()));
    expect(seen.size).toBe(1000);
    for (const id of seen) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  it('makes URL-safe tokens carrying 32 random bytes that do not repeat', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => ids.token()));
    expect(seen.size).toBe(1000);
    for (const token of seen) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });
});

describe('Argon2PasswordHasher', () => {
  const hasher = new Argon2PasswordHasher(TEST_ARGON2_COST);

  it('produces an argon2id PHC hash with the configured cost that verifies the same password', async () => {
    const stored = await hasher.hash('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(stored).not.toContain('correct horse');
    await expect(hasher.verify(stored, 'correct horse battery staple')).resolves.toBe(true);
  });

  it('rejects a wrong password, including one differing only in case or a trailing space', async () => {
    const stored = await hasher.hash('Secret-pass1');
    await expect(hasher.verify(stored, 'secret-pass1')).resolves.toBe(false);
    await expect(hasher.verify(stored, 'Secret-pass1 ')).resolves.toBe(false);
    await expect(hasher.verify(stored, '')).resolves.toBe(false);
  });

  it('salts every hash, so equal passwords give different hashes', async () => {
    const [first, second] = await Promise.all([hasher.hash('same password'), hasher.hash('same password')]);
    expect(first).not.toBe(second);
  });

  it('handles non-ASCII passwords byte-exactly', async () => {
    const stored = await hasher.hash('pässwörd-密码-♞');
    await expect(hasher.verify(stored, 'pässwörd-密码-♞')).resolves.toBe(true);
    await expect(hasher.verify(stored, 'passwörd-密码-♞')).resolves.toBe(false);
  });

  it('uses the OWASP baseline cost (19 MiB, 2 passes) when no cost is given', async () => {
    const stored = await new Argon2PasswordHasher({}).hash('production cost');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('verifies hashes made with other cost parameters (the cost travels inside the hash)', async () => {
    const stronger = await new Argon2PasswordHasher({ memoryCost: 4096, timeCost: 2 }).hash('migrated');
    await expect(hasher.verify(stronger, 'migrated')).resolves.toBe(true);
  });

  it('answers false instead of throwing for a stored value that is not an argon2 hash', async () => {
    await expect(hasher.verify('', 'x')).resolves.toBe(false);
    await expect(hasher.verify('plain-text-password', 'plain-text-password')).resolves.toBe(false);
    await expect(hasher.verify('$argon2id$v=19$m=1024,t=1,p=1$broken', 'x')).resolves.toBe(false);
    await expect(hasher.verify('$2b$12$abcdefghijklmnopqrstuuIi2d9zN1K1pJ2h8xJ7Y5v1r5m3o6K', 'x')).resolves.toBe(false);
  });
});

function memoryStream(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines };
}

describe('PinoAppLogger', () => {
  it('writes one JSON line per entry with level, message and fields', () => {
    const { stream, lines } = memoryStream();
    const logger = new PinoAppLogger({ level: 'info', destination: stream });
    logger.info({ userId: 7 }, 'signed in');
    logger.warn({ attempts: 11 }, 'rate limited');
    logger.error({ requestId: 'r-1' }, 'boom');
    expect(lines()).toEqual([
      expect.objectContaining({ level: 30, msg: 'signed in', userId: 7 }),
      expect.objectContaining({ level: 40, msg: 'rate limited', attempts: 11 }),
      expect.objectContaining({ level: 50, msg: 'boom', requestId: 'r-1' }),
    ]);
  });

  it('drops entries below the configured level', () => {
    const { stream, lines } = memoryStream();
    const logger = new PinoAppLogger({ level: 'error', destination: stream });
    logger.info({}, 'quiet');
    logger.warn({}, 'quiet too');
    logger.error({}, 'loud');
    expect(lines().map((line) => line.msg)).toEqual(['loud']);
  });

  it('never writes passwords, tokens or authorization headers, top-level or nested one deep', () => {
    const { stream, lines } = memoryStream();
    const logger = new PinoAppLogger({ level: 'info', destination: stream });
    logger.info(
      {
        password: 'hunter22',
        token: 'tok-123',
        body: { password: 'hunter22', newPassword: 'n3w', token: 'tok-456' },
        req: { headers: { authorization: 'Bearer tok-789', cookie: 'sid=1' } },
      },
      'request',
    );
    const raw = JSON.stringify(lines());
    for (const secret of ['hunter22', 'tok-123', 'tok-456', 'tok-789', 'n3w', 'sid=1']) expect(raw).not.toContain(secret);
    expect(raw).toContain('[redacted]');
  });
});

describe('CapturingAppLogger and SilentAppLogger', () => {
  it('captures entries by level, copying fields so later mutation does not change the record', () => {
    const logger = new CapturingAppLogger();
    const fields: Record<string, unknown> = { id: 1 };
    logger.info(fields, 'a');
    fields.id = 2;
    logger.error({ id: 3 }, 'b');
    expect(logger.at('info')).toEqual([{ level: 'info', fields: { id: 1 }, message: 'a' }]);
    expect(logger.messages()).toEqual(['a', 'b']);
    expect(logger.messages('warn')).toEqual([]);
    logger.clear();
    expect(logger.entries).toHaveLength(0);
  });

  it('the silent logger accepts every call without output', () => {
    const logger = new SilentAppLogger();
    const write = jest.spyOn(process.stdout, 'write');
    logger.info();
    logger.warn();
    logger.error();
    expect(write).not.toHaveBeenCalled();
    write.mockRestore();
  });
});
