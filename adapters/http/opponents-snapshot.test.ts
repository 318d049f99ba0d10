import { gunzipSync, gzipSync, brotliDecompressSync } from 'node:zlib';
import { gzipMember } from './gzip-assembly';
import type { Roster } from '../../application/play/app-state-service';
import { opponentFrom, type OpponentProfile } from '../../domain/opponents';
import { OpponentsSnapshot, OpponentsSnapshotCache } from './opponents-snapshot';

const NOW = new Date('2026-01-15T12:00:00Z');

function profile(id: number, patch: Partial<OpponentProfile> = {}): OpponentProfile {
  return {
    id,
    username: `p${id}`,
    role: 'pro',
    online: true,
    lastSeenAt: NOW,
    pricePerMinCents: 100 + id,
    minsPerSideMin: 1,
    minsPerSideMax: 120,
    profileFilename: null,
    title: 'GM',
    firstName: `First${id}`,
    lastName: 'Ü "quoted" \\ name',
    lichessBulletRating: 0,
    lichessBlitzRating: 0,
    lichessRapidRating: 0,
    providesPostgameAnalysis: false,
    availableForScheduledChallenges: true,
    ...patch,
  };
}

function roster(profiles: OpponentProfile[], at = NOW): Roster {
  return { at, profiles, opponents: profiles.map((p) => opponentFrom(p, at, 90)) };
}

describe('OpponentsSnapshot', () => {
  const snapshot = new OpponentsSnapshot(roster([profile(1), profile(2), profile(3)]), 0, null);
  const ids = (json: string | Buffer[]) => (JSON.parse(typeof json === 'string' ? json : Buffer.concat(json).toString()) as { user_id: number }[]).map((o) => o.user_id);

  it('serializes every opponent once, in roster order, as valid JSON', () => {
    expect(ids(snapshot.json)).toEqual([1, 2, 3]);
  });

  it('cuts out the viewer\'s own entry wherever it stands (byte offsets, names in any script), leaving valid JSON', () => {
    const accents = new OpponentsSnapshot(roster([profile(1, { firstName: 'Žarko Ünal 世界' }), profile(2), profile(3, { lastName: '😀' })]), 0, null);
    expect(ids(accents.opponentsExcept(1))).toEqual([2, 3]);
    expect(ids(accents.opponentsExcept(2))).toEqual([1, 3]);
    expect(ids(accents.opponentsExcept(3))).toEqual([1, 2]);
    expect(ids(snapshot.opponentsExcept(1))).toEqual([2, 3]);
    expect(ids(snapshot.opponentsExcept(2))).toEqual([1, 3]);
    expect(ids(snapshot.opponentsExcept(3))).toEqual([1, 2]);
    expect(ids(snapshot.opponentsExcept(99))).toEqual([1, 2, 3]);
    expect(ids(snapshot.opponentsExcept(null))).toEqual([1, 2, 3]);
    const alone = new OpponentsSnapshot(roster([profile(7)]), 0, null);
    expect(Buffer.concat(alone.opponentsExcept(7)).toString()).toBe('[]');
    expect(new OpponentsSnapshot(roster([]), 0, null).json).toBe('[]');
  });

  it('equal content has an equal hash; a changed price or presence changes it', () => {
    expect(new OpponentsSnapshot(roster([profile(1), profile(2), profile(3)]), 5, null).hash).toBe(snapshot.hash);
    expect(new OpponentsSnapshot(roster([profile(1), profile(2, { pricePerMinCents: 500 }), profile(3)]), 5, null).hash).not.toBe(snapshot.hash);
    expect(new OpponentsSnapshot(roster([profile(1), profile(2, { online: false }), profile(3)]), 5, null).hash).not.toBe(snapshot.hash);
  });

  it('the visitor body is compressed once per version: gzip and brotli decode to the raw bytes, reused while unchanged', () => {
    const body = snapshot.visitorBody();
    expect(gunzipSync(body.gzip).equals(body.raw)).toBe(true);
    expect(brotliDecompressSync(body.br).equals(body.raw)).toBe(true);
    expect(JSON.parse(body.raw.toString())).toMatchObject({ success: true, user: null, challenges: [], scheduled_challenges: [] });
    const rebuilt = new OpponentsSnapshot(roster([profile(1), profile(2), profile(3)]), 1000, snapshot);
    expect(rebuilt.visitorBody().gzip).toBe(body.gzip);
    const changed = new OpponentsSnapshot(roster([profile(1)]), 2000, rebuilt);
    expect(changed.visitorBody().gzip).not.toBe(body.gzip);
  });
});

describe('OpponentsSnapshot gzip pieces (signed-in answers compressed once per version)', () => {
  // About 120 KB of opponents: several 32 KB segments, so entries sit at the start, middle and end of segments.
  const many = new OpponentsSnapshot(roster(Array.from({ length: 300 }, (_, i) => profile(i + 1, { firstName: `Name ${i} ${'é'.repeat(i % 40)}` }))), 0, null);
  const head = Buffer.from('{"success":true,"challenges":[],"scheduled_challenges":[],"opponents":');
  const tail = Buffer.from(',"user":{"id":1}}');
  const decode = (userId: number | null) => gunzipSync(Buffer.concat(gzipMember(head, many.gzipListExcept(userId), tail)));
  const expected = (userId: number | null) => Buffer.concat([head, ...many.opponentsExcept(userId), tail]);

  it('decodes to exactly the raw answer for a visitor, an amateur and every titled viewer wherever their entry sits', () => {
    expect(many.bytes.length).toBeGreaterThan(3 * 32 * 1024);
    expect(decode(null).equals(expected(null))).toBe(true);
    expect(decode(5000).equals(expected(5000))).toBe(true);
    for (let id = 1; id <= 300; id += 1) expect(decode(id).equals(expected(id))).toBe(true);
  });

  it('is about as small as compressing the whole answer at once, and far smaller than the raw list', () => {
    const spliced = Buffer.concat(gzipMember(head, many.gzipListExcept(7), tail)).length;
    const whole = gzipSync(expected(7), { level: 6 }).length;
    expect(spliced).toBeLessThan(whole * 1.1);
    expect(spliced).toBeLessThan(many.bytes.length / 5);
  });

  it('shares the segments between viewers and keeps one titled viewer\'s pieces for the version, and across an identical rebuild', () => {
    const amateur = many.gzipListExcept(null);
    expect(many.gzipListExcept(9999)).toBe(amateur);
    const titled = many.gzipListExcept(150);
    expect(many.gzipListExcept(150)).toBe(titled);
    // Only the segments around the viewer's entry are their own; the rest are the shared buffers.
    const sharedCount = titled.buffers.filter((buffer) => amateur.buffers.includes(buffer)).length;
    expect(sharedCount).toBeGreaterThanOrEqual(amateur.buffers.length - 2);
    const rebuilt = new OpponentsSnapshot(many.roster, 1000, many);
    expect(rebuilt.gzipListExcept(150)).toBe(titled);
    const changed = new OpponentsSnapshot(roster(many.roster.profiles.slice(1)), 2000, rebuilt);
    expect(changed.gzipListExcept(150)).not.toBe(titled);
  });

  it('small lists (one segment) and a list of one titled viewer alone decode too', () => {
    const alone = new OpponentsSnapshot(roster([profile(7)]), 0, null);
    expect(gunzipSync(Buffer.concat(gzipMember(head, alone.gzipListExcept(7), tail))).toString()).toBe(`${head.toString()}[]${tail.toString()}`);
    const empty = new OpponentsSnapshot(roster([]), 0, null);
    expect(gunzipSync(Buffer.concat(gzipMember(head, empty.gzipListExcept(null), tail))).toString()).toBe(`${head.toString()}[]${tail.toString()}`);
  });
});

describe('OpponentsSnapshotCache', () => {
  it('serves one snapshot for its lifetime, then rebuilds; polls during a rebuild share it (one load)', async () => {
    let time = 0;
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const cache = new OpponentsSnapshotCache(async () => {
      loads += 1;
      if (loads === 2) await gate;
      return roster([profile(loads)]);
    }, () => time, 1000);
    const first = await cache.get();
    time = 999;
    expect(await cache.get()).toBe(first);
    time = 1000;
    const waiting = Array.from({ length: 20 }, () => cache.get());
    release();
    const rebuilt = await Promise.all(waiting);
    expect(loads).toBe(2);
    expect(new Set(rebuilt).size).toBe(1);
    expect(rebuilt[0]).not.toBe(first);
  });

  it('presence crossing the timeout shows at the next rebuild, with no write: availability is derived then', async () => {
    let time = NOW.getTime();
    const seen = new Date(NOW.getTime() - 80_000); // 80 s ago: available until 90 s
    const cache = new OpponentsSnapshotCache(async () => roster([profile(1, { lastSeenAt: seen })], new Date(time)), () => time, 1000);
    const online = (s: { json: string }) => (JSON.parse(s.json) as { online: boolean }[])[0]!.online;
    expect(online(await cache.get())).toBe(true);
    time += 11_000;
    expect(online(await cache.get())).toBe(false);
  });

  it('a change made in this process is read at the next get, inside the lifetime (read your own writes)', async () => {
    let version = 0;
    let loads = 0;
    const cache = new OpponentsSnapshotCache(async () => roster([profile(++loads)]), () => 0, 1000, () => version);
    const first = await cache.get();
    expect(await cache.get()).toBe(first);
    version += 1;
    const second = await cache.get();
    expect(second).not.toBe(first);
    expect(loads).toBe(2);
    expect(await cache.get()).toBe(second);
    expect(loads).toBe(2);
  });

  it('a get after a change does not take a rebuild that started before it: it waits for the next one', async () => {
    let version = 0;
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const cache = new OpponentsSnapshotCache(async () => {
      const n = ++loads;
      if (n === 1) await gate; // the first rebuild read the rows before the change below
      return roster([profile(n)]);
    }, () => 0, 1000, () => version);
    const before = cache.get();
    version += 1;
    const after = cache.get();
    const alsoAfter = cache.get();
    release();
    const [early, late, alsoLate] = await Promise.all([before, after, alsoAfter]);
    expect(loads).toBe(2);
    expect((JSON.parse(early.json) as { user_id: number }[])[0]!.user_id).toBe(1);
    expect((JSON.parse(late.json) as { user_id: number }[])[0]!.user_id).toBe(2);
    expect(alsoLate).toBe(late); // the callers after the change share one rebuild
  });

  it('lifetime 0 rebuilds on every call (the test profile)', async () => {
    let loads = 0;
    const cache = new OpponentsSnapshotCache(async () => roster([profile(++loads)]), () => 0, 0);
    await cache.get();
    await cache.get();
    expect(loads).toBe(2);
  });
});
