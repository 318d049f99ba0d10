import { describeContract, minutesAfter, T0, type Harness } from './harness';

async function twoUsers(h: Harness) {
  const a = await h.users.create({ email: 'a@example.com', username: 'a', passwordHash: null, timezone: null });
  const b = await h.users.create({ email: 'b@example.com', username: 'b', passwordHash: null, timezone: null });
  return { a, b };
}

describeContract('AuthTokenRepository', (h: () => Harness) => {
  it('stores a token and finds it by hash; an unknown hash gives null', async () => {
    const { a } = await twoUsers(h());
    await h().tokens.create({ tokenHash: 'hash-a', userId: a.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    expect(await h().tokens.find('hash-a')).toEqual({ tokenHash: 'hash-a', userId: a.id, expiresAt: minutesAfter(T0, 60), revokedAt: null });
    expect(await h().tokens.find('hash-unknown')).toBeNull();
  });

  it('findSession reads the token and its user in one go, without the password hash; unknown gives null', async () => {
    const u = await h().users.create({ email: 'session@example.com', username: 'session', passwordHash: 'secret-hash', timezone: 'UTC' });
    await h().tokens.create({ tokenHash: 'sess', userId: u.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    const found = await h().tokens.findSession('sess');
    expect(found?.record).toEqual({ tokenHash: 'sess', userId: u.id, expiresAt: minutesAfter(T0, 60), revokedAt: null });
    expect(found?.user).toEqual(await h().users.findById(u.id));
    expect(JSON.stringify(found)).not.toContain('secret-hash');
    expect(await h().tokens.findSession('nope')).toBeNull();
  });

  it('renew pushes the expiry forward, but never revives a revoked token', async () => {
    const { a } = await twoUsers(h());
    await h().tokens.create({ tokenHash: 't1', userId: a.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    await h().tokens.renew('t1', minutesAfter(T0, 120));
    expect((await h().tokens.find('t1'))?.expiresAt).toEqual(minutesAfter(T0, 120));
    await h().tokens.revoke('t1', minutesAfter(T0, 5));
    await h().tokens.renew('t1', minutesAfter(T0, 500));
    expect(await h().tokens.find('t1')).toMatchObject({ expiresAt: minutesAfter(T0, 120), revokedAt: minutesAfter(T0, 5) });
  });

  it('revoke marks the time once; revoking again keeps the first time', async () => {
    const { a } = await twoUsers(h());
    await h().tokens.create({ tokenHash: 't1', userId: a.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    await h().tokens.revoke('t1', minutesAfter(T0, 1));
    await h().tokens.revoke('t1', minutesAfter(T0, 2));
    expect((await h().tokens.find('t1'))?.revokedAt).toEqual(minutesAfter(T0, 1));
    await expect(h().tokens.revoke('no-such-token', T0)).resolves.toBeUndefined();
  });

  it('revokeAllForUser revokes every live token of that user except the one given, and no one else', async () => {
    const { a, b } = await twoUsers(h());
    for (const hash of ['a1', 'a2', 'a3']) {
      await h().tokens.create({ tokenHash: hash, userId: a.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    }
    await h().tokens.create({ tokenHash: 'b1', userId: b.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    await h().tokens.revoke('a3', minutesAfter(T0, 1));
    const at = minutesAfter(T0, 10);
    await h().tokens.revokeAllForUser(a.id, at, 'a2');
    expect((await h().tokens.find('a1'))?.revokedAt).toEqual(at);
    expect((await h().tokens.find('a2'))?.revokedAt).toBeNull();
    expect((await h().tokens.find('a3'))?.revokedAt).toEqual(minutesAfter(T0, 1));
    expect((await h().tokens.find('b1'))?.revokedAt).toBeNull();
  });

  it('revokeAllForUser without an exception revokes all of the user\'s tokens', async () => {
    const { a, b } = await twoUsers(h());
    await h().tokens.create({ tokenHash: 'a1', userId: a.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    await h().tokens.create({ tokenHash: 'a2', userId: a.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    await h().tokens.create({ tokenHash: 'b1', userId: b.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    await h().tokens.revokeAllForUser(a.id, minutesAfter(T0, 3));
    expect((await h().tokens.find('a1'))?.revokedAt).toEqual(minutesAfter(T0, 3));
    expect((await h().tokens.find('a2'))?.revokedAt).toEqual(minutesAfter(T0, 3));
    expect((await h().tokens.find('b1'))?.revokedAt).toBeNull();
  });
});

describeContract('AuthTokenRepository.usersSignedIn', (h: () => Harness) => {
  it('lists, of the users asked about, those with a live session: not revoked, expiring after now (exactly at expiry is ended)', async () => {
    const { a, b } = await twoUsers(h());
    const c = await h().users.create({ email: 'c@example.com', username: 'c', passwordHash: null, timezone: null });
    const d = await h().users.create({ email: 'd@example.com', username: 'd', passwordHash: null, timezone: null });
    await h().tokens.create({ tokenHash: 'a-live', userId: a.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    await h().tokens.create({ tokenHash: 'a-live-2', userId: a.id, createdAt: T0, expiresAt: minutesAfter(T0, 90) });
    await h().tokens.create({ tokenHash: 'b-revoked', userId: b.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    await h().tokens.revoke('b-revoked', minutesAfter(T0, 1));
    await h().tokens.create({ tokenHash: 'c-ending', userId: c.id, createdAt: T0, expiresAt: minutesAfter(T0, 10) });
    await h().tokens.create({ tokenHash: 'd-live', userId: d.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    const now = minutesAfter(T0, 10);
    expect(await h().tokens.usersSignedIn([d.id, c.id, b.id, a.id], now)).toEqual([a.id, d.id].sort((x, y) => x - y));
    expect(await h().tokens.usersSignedIn([b.id, c.id], now)).toEqual([]);
    expect(await h().tokens.usersSignedIn([c.id], minutesAfter(T0, 9))).toEqual([c.id]);
    expect(await h().tokens.usersSignedIn([], now)).toEqual([]);
  });
});

describeContract('PasswordResetRepository', (h: () => Harness) => {
  async function resetFor(harness: Harness, tokenHash = 'reset-1') {
    const { a } = await twoUsers(harness);
    await harness.resets.create({ tokenHash, userId: a.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    return a;
  }

  it('consume returns the user id once; a second consume gives null', async () => {
    const a = await resetFor(h());
    expect(await h().resets.consume('reset-1', minutesAfter(T0, 1))).toBe(a.id);
    expect(await h().resets.consume('reset-1', minutesAfter(T0, 2))).toBeNull();
  });

  it('an unknown token gives null', async () => {
    await resetFor(h());
    expect(await h().resets.consume('reset-other', minutesAfter(T0, 1))).toBeNull();
  });

  it('an expired token gives null, including exactly at its expiry, and stays unusable', async () => {
    await resetFor(h());
    expect(await h().resets.consume('reset-1', minutesAfter(T0, 60))).toBeNull();
    expect(await h().resets.consume('reset-1', minutesAfter(T0, 61))).toBeNull();
  });

  it('a token is still good one millisecond before expiry', async () => {
    const a = await resetFor(h());
    expect(await h().resets.consume('reset-1', new Date(minutesAfter(T0, 60).getTime() - 1))).toBe(a.id);
  });

  it('20 concurrent consumers: exactly one gets the user id', async () => {
    const a = await resetFor(h());
    const results = await Promise.all(Array.from({ length: 20 }, () => h().resets.consume('reset-1', minutesAfter(T0, 1))));
    expect(results.filter((r) => r === a.id)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(19);
  });
});
