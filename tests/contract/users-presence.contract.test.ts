import type { Role } from '../../domain/limits';
import { describeContract, T0, type Harness } from './harness';

const INTERVAL_MS = 15_000;

function at(base: Date, ms: number): Date {
  return new Date(base.getTime() + ms);
}

async function makeUser(h: Harness, slug: string, role: Role = 'pro') {
  const user = await h.users.create({ email: `${slug}@example.com`, username: slug, passwordHash: 'hash', timezone: 'UTC' });
  if (role !== 'regular') await h.users.setRole(user.id, role, role === 'pro' ? 'IM' : null);
  if (role === 'pro') await h.users.updateProfile(user.id, { pricePerMinCents: 100 });
  return user;
}

describeContract('UserRepository titled players and presence', (h: () => Harness) => {
  it('listTitledPlayers is empty when there are no pros', async () => {
    await makeUser(h(), 'reggie', 'regular');
    expect(await h().users.listTitledPlayers()).toEqual([]);
  });

  it('listTitledPlayers returns only role pro (not regulars, not admins), ordered by id', async () => {
    const b = await makeUser(h(), 'bravo');
    await makeUser(h(), 'reggie', 'regular');
    const a = await makeUser(h(), 'alpha');
    await makeUser(h(), 'boss', 'admin');
    const c = await makeUser(h(), 'charlie');
    const list = await h().users.listTitledPlayers();
    expect(list.map((p) => p.id)).toEqual([b.id, a.id, c.id]);
    expect(list.every((p) => p.role === 'pro')).toBe(true);
  });

  it('listTitledPlayers leaves out a titled player whose profile is not complete (no price yet)', async () => {
    const listed = await makeUser(h(), 'priced');
    const fresh = await h().users.create({ email: 'fresh@example.com', username: 'fresh', passwordHash: 'hash', timezone: 'UTC' });
    await h().users.setRole(fresh.id, 'pro', 'FM');
    expect((await h().users.listTitledPlayers()).map((p) => p.id)).toEqual([listed.id]);
    await h().users.updateProfile(fresh.id, { pricePerMinCents: 1 });
    expect((await h().users.listTitledPlayers()).map((p) => p.id)).toEqual([listed.id, fresh.id]);
  });

  it('listTitledPlayers carries the saved public profile and presence fields and no e-mail', async () => {
    const user = await makeUser(h(), 'judit');
    const seen = new Date('2026-03-01T11:59:30.123Z');
    await h().users.updateProfile(user.id, {
      firstName: 'Judit',
      lastName: 'Polgar',
      title: 'GM',
      lichessBulletRating: 2700,
      lichessBlitzRating: 2710,
      lichessRapidRating: 2720,
      pricePerMinCents: 250,
      minsPerSideMin: 3,
      minsPerSideMax: 30,
      availableForScheduledChallenges: false,
      providesPostgameAnalysis: true,
      online: true,
    });
    await h().users.setProfileFilename(user.id, 'p1.png');
    await h().users.markSeen(user.id, seen, INTERVAL_MS);
    const [profile] = await h().users.listTitledPlayers();
    expect(profile).toEqual({
      id: user.id,
      username: 'judit',
      role: 'pro',
      online: true,
      lastSeenAt: seen,
      pricePerMinCents: 250,
      minsPerSideMin: 3,
      minsPerSideMax: 30,
      profileFilename: 'p1.png',
      title: 'GM',
      firstName: 'Judit',
      lastName: 'Polgar',
      lichessBulletRating: 2700,
      lichessBlitzRating: 2710,
      lichessRapidRating: 2720,
      providesPostgameAnalysis: true,
      availableForScheduledChallenges: false,
    });
    expect(profile).not.toHaveProperty('email');
    expect(profile).not.toHaveProperty('creditsCents');
  });

  it('markSeen writes when the user was never seen and the time reads back exactly', async () => {
    const user = await makeUser(h(), 'seen', 'regular');
    expect(await h().users.markSeen(user.id, T0, INTERVAL_MS)).toBe(true);
    expect((await h().users.findById(user.id))?.lastSeenAt).toEqual(T0);
  });

  it('markSeen skips a write within the interval, including exactly the interval, and writes just after it', async () => {
    const user = await makeUser(h(), 'poller');
    expect(await h().users.markSeen(user.id, T0, INTERVAL_MS)).toBe(true);
    expect(await h().users.markSeen(user.id, at(T0, 1000), INTERVAL_MS)).toBe(false);
    expect(await h().users.markSeen(user.id, at(T0, INTERVAL_MS), INTERVAL_MS)).toBe(false);
    expect((await h().users.findById(user.id))?.lastSeenAt).toEqual(T0);
    expect(await h().users.markSeen(user.id, at(T0, INTERVAL_MS + 1), INTERVAL_MS)).toBe(true);
    expect((await h().users.findById(user.id))?.lastSeenAt).toEqual(at(T0, INTERVAL_MS + 1));
  });

  it('a poll every second for a minute writes at most once every 15 s', async () => {
    const user = await makeUser(h(), 'steady');
    let writes = 0;
    for (let second = 0; second <= 60; second += 1) {
      if (await h().users.markSeen(user.id, at(T0, second * 1000), INTERVAL_MS)) writes += 1;
    }
    // Writes at 0, 16, 32 and 48 s: strictly older than 15 s is required between two writes.
    expect(writes).toBe(4);
  });

  it('markSeen never moves last_seen_at backwards (an older time from another process)', async () => {
    const user = await makeUser(h(), 'skew');
    await h().users.markSeen(user.id, T0, INTERVAL_MS);
    expect(await h().users.markSeen(user.id, at(T0, -60_000), INTERVAL_MS)).toBe(false);
    expect(await h().users.markSeen(user.id, at(T0, -1), 0)).toBe(false);
    expect((await h().users.findById(user.id))?.lastSeenAt).toEqual(T0);
  });

  it('markSeen with a zero interval writes any later time', async () => {
    const user = await makeUser(h(), 'demo');
    expect(await h().users.markSeen(user.id, T0, 0)).toBe(true);
    expect(await h().users.markSeen(user.id, T0, 0)).toBe(false);
    expect(await h().users.markSeen(user.id, at(T0, 1), 0)).toBe(true);
  });

  it('markSeen of an unknown id writes nothing and returns false', async () => {
    expect(await h().users.markSeen(987654, T0, INTERVAL_MS)).toBe(false);
  });

  it('markSeen touches only last_seen_at of that one user', async () => {
    const user = await makeUser(h(), 'one');
    const other = await makeUser(h(), 'two');
    const before = await h().users.findById(user.id);
    await h().users.markSeen(user.id, T0, INTERVAL_MS);
    expect(await h().users.findById(user.id)).toEqual({ ...before, lastSeenAt: T0 });
    expect((await h().users.findById(other.id))?.lastSeenAt).toBeNull();
  });

  it('of 8 simultaneous polls of one user exactly one writes', async () => {
    const user = await makeUser(h(), 'racer');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => h().users.markSeen(user.id, at(T0, i), INTERVAL_MS)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
