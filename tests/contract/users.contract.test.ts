import { AppError } from '../../domain/errors';
import { newUserDefaults, type ProfilePatch } from '../../domain/user';
import { describeContract, type Harness } from './harness';

function newUser(email: string, username = 'player') {
  return { email, username, passwordHash: 'hash-1', timezone: 'Europe/Prague' };
}

async function expectKind(promise: Promise<unknown>, kind: string): Promise<void> {
  await expect(promise).rejects.toBeInstanceOf(AppError);
  await expect(promise).rejects.toMatchObject({ kind });
}

describeContract('UserRepository', (h: () => Harness) => {
  it('create stores the spec defaults, normalises the e-mail and finds the user by id and e-mail', async () => {
    const created = await h().users.create(newUser('  Magnus@Example.COM ', 'magnus'));
    expect(created).toMatchObject({ ...newUserDefaults(), email: 'magnus@example.com', username: 'magnus', timezone: 'Europe/Prague' });
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(typeof created.id).toBe('number');
    expect(await h().users.findById(created.id)).toEqual(created);
    expect(await h().users.findByEmail('MAGNUS@example.com ')).toEqual(created);
  });

  it('create honours an explicit role', async () => {
    const admin = await h().users.create({ ...newUser('admin@example.com'), role: 'admin' });
    expect(admin.role).toBe('admin');
  });

  it('unknown id or e-mail gives null', async () => {
    expect(await h().users.findById(987654)).toBeNull();
    expect(await h().users.findByEmail('nobody@example.com')).toBeNull();
    expect(await h().users.findCredentialsByEmail('nobody@example.com')).toBeNull();
  });

  it('credentials carry the password hash, which setPasswordHash replaces', async () => {
    const user = await h().users.create(newUser('a@example.com'));
    expect((await h().users.findCredentialsByEmail('A@example.com'))?.passwordHash).toBe('hash-1');
    await h().users.setPasswordHash(user.id, 'hash-2');
    const credentials = await h().users.findCredentialsByEmail('a@example.com');
    expect(credentials?.passwordHash).toBe('hash-2');
    expect(credentials?.user.id).toBe(user.id);
  });

  it('an account without a password (Google sign-up) has a null hash', async () => {
    await h().users.create({ ...newUser('g@example.com'), passwordHash: null, timezone: null });
    expect((await h().users.findCredentialsByEmail('g@example.com'))?.passwordHash).toBeNull();
  });

  it('setPasswordHash, updateProfile, setProfileFilename and setRole raise not_found for an unknown id', async () => {
    await expectKind(h().users.setPasswordHash(424242, 'x'), 'not_found');
    await expectKind(h().users.updateProfile(424242, { firstName: 'X' }), 'not_found');
    await expectKind(h().users.updateProfile(424242, {}), 'not_found');
    await expectKind(h().users.setProfileFilename(424242, 'f.webp'), 'not_found');
    await expectKind(h().users.setRole(424242, 'pro', 'GM'), 'not_found');
  });

  it('updateProfile applies every given field, leaves the others, and round-trips the schedule and dates', async () => {
    const user = await h().users.create(newUser('pro@example.com', 'pro'));
    const changedAt = new Date('2026-03-01T10:15:30.123Z');
    const saved = await h().users.updateProfile(user.id, {
      firstName: 'Judit',
      lastName: 'Polgar',
      title: 'GM',
      lichessUsername: 'judit',
      lichessBulletRating: 2700,
      lichessBlitzRating: 2710,
      lichessRapidRating: 2720,
      pricePerMinCents: 250,
      minsPerSideMin: 3,
      minsPerSideMax: 30,
      onlineSchedule: { from: '22:00', to: '02:00' },
      availableForScheduledChallenges: false,
      providesPostgameAnalysis: true,
      incomingChallengeAlertEnabled: true,
      online: true,
      onlineChangedAt: changedAt,
    });
    expect(saved).toMatchObject({
      firstName: 'Judit',
      lastName: 'Polgar',
      title: 'GM',
      pricePerMinCents: 250,
      minsPerSideMin: 3,
      minsPerSideMax: 30,
      onlineSchedule: { from: '22:00', to: '02:00' },
      availableForScheduledChallenges: false,
      providesPostgameAnalysis: true,
      incomingChallengeAlertEnabled: true,
      online: true,
      onlineChangedAt: changedAt,
      email: 'pro@example.com',
      timezone: 'Europe/Prague',
    });
    expect(await h().users.findById(user.id)).toEqual(saved);
    const cleared = await h().users.updateProfile(user.id, { onlineSchedule: null, timezone: null, onlineChangedAt: null });
    expect(cleared).toMatchObject({ onlineSchedule: null, timezone: null, onlineChangedAt: null, firstName: 'Judit' });
  });

  it('updateProfile ignores fields outside the editable set (no mass assignment of e-mail, role or credits)', async () => {
    const user = await h().users.create(newUser('safe@example.com'));
    const sneaky = { email: 'evil@example.com', role: 'admin', creditsCents: 99999, firstName: 'Ok' } as unknown as ProfilePatch;
    const saved = await h().users.updateProfile(user.id, sneaky);
    expect(saved).toEqual({ ...user, firstName: 'Ok' });
  });

  it('updateProfile with an empty patch returns the user unchanged', async () => {
    const user = await h().users.create(newUser('same@example.com'));
    expect(await h().users.updateProfile(user.id, {})).toEqual(user);
  });

  it('setProfileFilename and setRole return the saved user', async () => {
    const user = await h().users.create(newUser('role@example.com'));
    expect((await h().users.setProfileFilename(user.id, 'abc.webp')).profileFilename).toBe('abc.webp');
    const pro = await h().users.setRole(user.id, 'pro', 'IM');
    expect(pro).toMatchObject({ role: 'pro', title: 'IM', profileFilename: 'abc.webp' });
    expect(await h().users.setRole(user.id, 'regular', null)).toMatchObject({ role: 'regular', title: null });
  });

  it('a second account with the same e-mail (any case, any spaces) raises user_exists', async () => {
    await h().users.create(newUser('dup@example.com', 'one'));
    await expectKind(h().users.create(newUser(' DUP@Example.com', 'two')), 'user_exists');
    expect(await h().users.search({ query: 'dup@', limit: 10 })).toHaveLength(1);
  });

  it('10 concurrent creates with the same e-mail: exactly one succeeds, the rest raise user_exists', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => h().users.create(newUser(i % 2 ? 'race@example.com' : 'RACE@example.com', `racer${i}`))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(9);
    for (const f of failed) expect(f.reason).toMatchObject({ kind: 'user_exists' });
    expect(await h().users.search({ query: 'race@', limit: 20 })).toHaveLength(1);
  });

  it('a taken username gets the smallest free number appended', async () => {
    const first = await h().users.create(newUser('m1@example.com', 'magnus'));
    const second = await h().users.create(newUser('m2@example.com', 'magnus'));
    const third = await h().users.create(newUser('m3@example.com', 'magnus'));
    const other = await h().users.create(newUser('m4@example.com', 'magnusc'));
    expect([first.username, second.username, third.username, other.username]).toEqual(['magnus', 'magnus2', 'magnus3', 'magnusc']);
  });

  it('concurrent sign-ups with the same preferred username all get distinct names', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => h().users.create(newUser(`same${i}@example.com`, 'hikaru'))));
    const names = users.map((u) => u.username);
    expect(new Set(names).size).toBe(8);
    expect(names).toContain('hikaru');
    for (const name of names) expect(name).toMatch(/^hikaru\d*$/);
  });

  it('an over-long preferred username is shortened so the numbered variant still fits 50 characters', async () => {
    const long = 'x'.repeat(80);
    const a = await h().users.create(newUser('l1@example.com', long));
    const b = await h().users.create(newUser('l2@example.com', long));
    expect(a.username.length).toBeLessThanOrEqual(50);
    expect(b.username).toBe(`${a.username}2`);
  });

  describe('search', () => {
    async function seed(harness: Harness) {
      const ann = await harness.users.create(newUser('ann@example.com', 'annie'));
      await harness.users.updateProfile(ann.id, { firstName: 'Ann', lastName: 'Smith' });
      const bob = await harness.users.create(newUser('bob@other.org', 'bobby'));
      await harness.users.updateProfile(bob.id, { firstName: 'Robert', lastName: 'Annan' });
      const cy = await harness.users.create(newUser('cy@other.org', 'cy_100%'));
      return { ann, bob, cy };
    }

    it('matches e-mail, username, first and last name case-insensitively', async () => {
      const { ann, bob, cy } = await seed(h());
      const ids = async (query: string) => (await h().users.search({ query, limit: 10 })).map((u) => u.id).sort();
      expect(await ids('ANN')).toEqual([ann.id, bob.id].sort());
      expect(await ids('Other.ORG')).toEqual([bob.id, cy.id].sort());
      expect(await ids('BOBBY')).toEqual([bob.id]);
      expect(await ids('roBERT')).toEqual([bob.id]);
      expect(await ids('smith')).toEqual([ann.id]);
      expect(await ids('nobody-matches')).toEqual([]);
    });

    it('treats % and _ in the query literally', async () => {
      const { cy } = await seed(h());
      expect((await h().users.search({ query: '%', limit: 10 })).map((u) => u.id)).toEqual([cy.id]);
      expect((await h().users.search({ query: 'y_1', limit: 10 })).map((u) => u.id)).toEqual([cy.id]);
      expect(await h().users.search({ query: 'n_e', limit: 10 })).toEqual([]);
    });

    it('lists newest first and stops at the limit', async () => {
      const { ann, bob, cy } = await seed(h());
      expect((await h().users.search({ query: '', limit: 10 })).map((u) => u.id)).toEqual([cy.id, bob.id, ann.id]);
      expect((await h().users.search({ query: '', limit: 2 })).map((u) => u.id)).toEqual([cy.id, bob.id]);
    });
  });
});
