import type { ClientLogEntry } from '../../application/ports/records';
import { describeContract, minutesAfter, T0, type Harness } from './harness';

function log(uuid: string, receivedAt: Date, extra: Partial<ClientLogEntry> = {}): ClientLogEntry {
  return {
    uuid,
    level: 'info',
    message: `message ${uuid}`,
    context: '{"page":"/play","n":1}',
    timestamp: new Date(receivedAt.getTime() - 1000),
    userId: null,
    appLoadUuid: 'load-1',
    receivedAt,
    ...extra,
  };
}

describeContract('ContactMessageRepository', (h: () => Harness) => {
  it('add returns an id; list gives the messages newest first, limited', async () => {
    const user = await h().users.create({ email: 'c@example.com', username: 'c', passwordHash: null, timezone: null });
    const base = { name: 'Ann', email: 'ann@example.com', lichess: 'ann', chesscom: '', message: 'Hello' };
    const first = await h().contacts.add({ ...base, userId: null, createdAt: T0 });
    const second = await h().contacts.add({ ...base, message: 'Again', userId: user.id, createdAt: minutesAfter(T0, 1) });
    expect(second).not.toBe(first);
    expect(await h().contacts.list(10)).toEqual([
      { ...base, id: second, message: 'Again', userId: user.id, createdAt: minutesAfter(T0, 1) },
      { ...base, id: first, userId: null, createdAt: T0 },
    ]);
    expect((await h().contacts.list(1)).map((m) => m.id)).toEqual([second]);
  });
});

describeContract('ClientLogRepository', (h: () => Harness) => {
  it('stores every new entry and returns how many were stored, keeping fields verbatim', async () => {
    const user = await h().users.create({ email: 'l@example.com', username: 'l', passwordHash: null, timezone: null });
    const entries = [log('u1', T0, { level: 'error', userId: user.id }), log('u2', minutesAfter(T0, 1))];
    expect(await h().logs.addMany(entries)).toBe(2);
    expect(await h().logs.list(10)).toEqual([entries[1], entries[0]]);
  });

  it('skips uuids already stored (a repeated flush) and duplicates inside one batch', async () => {
    expect(await h().logs.addMany([log('u1', T0), log('u2', T0)])).toBe(2);
    expect(await h().logs.addMany([log('u2', T0), log('u3', T0), log('u3', T0), log('u1', T0)])).toBe(1);
    expect((await h().logs.list(10)).map((e) => e.uuid).sort()).toEqual(['u1', 'u2', 'u3']);
  });

  it('an empty batch stores nothing', async () => {
    expect(await h().logs.addMany([])).toBe(0);
  });

  it('a large flush (500 entries, more than one insert chunk) is stored completely', async () => {
    const entries = Array.from({ length: 500 }, (_, i) => log(`bulk-${i}`, minutesAfter(T0, i)));
    expect(await h().logs.addMany(entries)).toBe(500);
    expect(await h().logs.addMany(entries)).toBe(0);
    expect((await h().logs.list(1))[0]?.uuid).toBe('bulk-499');
  });

  it('deleteOlderThan removes entries received before the cutoff (not at it) and counts them', async () => {
    await h().logs.addMany([log('old1', T0), log('old2', minutesAfter(T0, 1)), log('edge', minutesAfter(T0, 2)), log('new', minutesAfter(T0, 3))]);
    expect(await h().logs.deleteOlderThan(minutesAfter(T0, 2))).toBe(2);
    expect((await h().logs.list(10)).map((e) => e.uuid)).toEqual(['new', 'edge']);
    expect(await h().logs.deleteOlderThan(minutesAfter(T0, 2))).toBe(0);
  });
});

describeContract('AuditLogRepository', (h: () => Harness) => {
  it('lists records newest first with their details verbatim, limited', async () => {
    const admin = await h().users.create({ email: 'adm@example.com', username: 'adm', passwordHash: null, timezone: null, role: 'admin' });
    const target = await h().users.create({ email: 't@example.com', username: 't', passwordHash: null, timezone: null });
    await h().audit.add({ actorUserId: admin.id, action: 'set_role', targetUserId: target.id, details: '{"role":"pro"}', at: T0 });
    await h().audit.add({ actorUserId: null, action: 'cli_create_admin', targetUserId: admin.id, details: '{}', at: minutesAfter(T0, 1) });
    const records = await h().audit.list(10);
    expect(records.map(({ id: _id, ...r }) => r)).toEqual([
      { actorUserId: null, action: 'cli_create_admin', targetUserId: admin.id, details: '{}', at: minutesAfter(T0, 1) },
      { actorUserId: admin.id, action: 'set_role', targetUserId: target.id, details: '{"role":"pro"}', at: T0 },
    ]);
    expect(await h().audit.list(1)).toHaveLength(1);
  });
});

describeContract('OAuthAttemptRepository', (h: () => Harness) => {
  const attempt = { state: 'st-1', codeVerifier: 'verifier', nonce: 'nonce', timezone: 'Asia/Tokyo', createdAt: T0, expiresAt: minutesAfter(T0, 10) };

  it('consume returns the attempt once, then null', async () => {
    await h().oauth.create(attempt);
    expect(await h().oauth.consume('st-1', minutesAfter(T0, 1))).toEqual(attempt);
    expect(await h().oauth.consume('st-1', minutesAfter(T0, 1))).toBeNull();
  });

  it('an unknown or expired state gives null', async () => {
    await h().oauth.create({ ...attempt, timezone: null });
    expect(await h().oauth.consume('st-unknown', minutesAfter(T0, 1))).toBeNull();
    expect(await h().oauth.consume('st-1', minutesAfter(T0, 10))).toBeNull();
  });

  it('20 concurrent callbacks with the same state: exactly one gets the attempt', async () => {
    await h().oauth.create(attempt);
    const results = await Promise.all(Array.from({ length: 20 }, () => h().oauth.consume('st-1', minutesAfter(T0, 1))));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });
});
