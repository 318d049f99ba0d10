import type { NewSession } from '../../application/ports/sessions';
import { describeContract, minutesAfter, T0, type Harness } from './harness';

let holds = 0;

async function setUp(h: Harness) {
  const make = async (slug: string) => (await h.users.create({ email: `${slug}@example.com`, username: slug, passwordHash: null, timezone: null })).id;
  const student = await make('student');
  const coach = await make('coach');
  const holdId = `session-hold-${++holds}`;
  await h.ledger.createHold({ id: holdId, userId: student, amountCents: 6750, status: 'open', capturedCents: 0, reference: null, createdAt: T0, settledAt: null });
  const request: NewSession = {
    sourceUserId: student,
    targetUserId: coach,
    pricePerMinCents: 150,
    priceCents: 6750,
    analysisRequested: true,
    minsPerSide: 15,
    timezone: 'Europe/Zagreb',
    availableTimes: 'evenings',
    details: 'Sicilian',
    lichessProfile: 'student',
    holdId,
  };
  return { student, coach, request };
}

describeContract('SessionRepository', (h: () => Harness) => {
  it('create stores a pending request with every field; findById reads it back', async () => {
    const { request } = await setUp(h());
    const created = await h().sessions.create(request, T0);
    expect(created).toEqual({
      ...request,
      id: expect.any(Number),
      status: 'pending_schedule',
      scheduledAt: null,
      videoCallUrl: null,
      inviteSequence: 0,
      problemReport: null,
      createdAt: T0,
      updatedAt: T0,
    });
    expect(await h().sessions.findById(created.id)).toEqual(created);
    expect(await h().sessions.findById(999_999)).toBeNull();
  });

  it('changeStatus is conditional on the listed statuses, sets the fields and bumps the invite sequence', async () => {
    const { request } = await setUp(h());
    const { id } = await h().sessions.create(request, T0);
    const start = minutesAfter(T0, 3 * 24 * 60);
    expect(await h().sessions.changeStatus(id, ['scheduled'], 'finished', T0)).toBe(false);
    expect(await h().sessions.changeStatus(id, ['pending_schedule'], 'scheduled', minutesAfter(T0, 1), { scheduledAt: start, videoCallUrl: 'https://x/y', bumpInvite: true })).toBe(true);
    expect(await h().sessions.changeStatus(id, ['pending_schedule'], 'scheduled', minutesAfter(T0, 2))).toBe(false);
    expect(await h().sessions.findById(id)).toMatchObject({ status: 'scheduled', scheduledAt: start, videoCallUrl: 'https://x/y', inviteSequence: 1, updatedAt: minutesAfter(T0, 1) });
    expect(await h().sessions.changeStatus(id, ['pending_schedule', 'scheduled'], 'disputed', minutesAfter(T0, 3), { problemReport: 'no show' })).toBe(true);
    expect(await h().sessions.findById(id)).toMatchObject({ status: 'disputed', problemReport: 'no show', inviteSequence: 1, scheduledAt: start });
  });

  it('listForUser returns sessions as requester and as pro, newest first', async () => {
    const { request, student, coach } = await setUp(h());
    const a = await h().sessions.create(request, T0);
    const b = await h().sessions.create(request, minutesAfter(T0, 1));
    expect((await h().sessions.listForUser(student, 10)).map((s) => s.id)).toEqual([b.id, a.id]);
    expect((await h().sessions.listForUser(coach, 10)).map((s) => s.id)).toEqual([b.id, a.id]);
    expect(await h().sessions.listForUser(coach, 1)).toHaveLength(1);
    expect(await h().sessions.listForUser(999_999, 10)).toEqual([]);
  });

  it('the jobs\' reads: stale requests by creation time, confirmed sessions by start time', async () => {
    const { request } = await setUp(h());
    const old = await h().sessions.create(request, T0);
    const recent = await h().sessions.create(request, minutesAfter(T0, 60));
    expect((await h().sessions.findStaleRequests(minutesAfter(T0, 30), 10)).map((s) => s.id)).toEqual([old.id]);
    await h().sessions.changeStatus(recent.id, ['pending_schedule'], 'scheduled', T0, { scheduledAt: minutesAfter(T0, 120) });
    expect(await h().sessions.findDueForPayout(minutesAfter(T0, 119), 10)).toEqual([]);
    expect((await h().sessions.findDueForPayout(minutesAfter(T0, 120), 10)).map((s) => s.id)).toEqual([recent.id]);
    expect((await h().sessions.findStaleRequests(minutesAfter(T0, 90), 10)).map((s) => s.id)).toEqual([old.id]);
  });

  it('search filters by status and participant, newest first', async () => {
    const { request, coach } = await setUp(h());
    const a = await h().sessions.create(request, T0);
    const b = await h().sessions.create(request, T0);
    await h().sessions.changeStatus(b.id, ['pending_schedule'], 'rejected', T0);
    expect((await h().sessions.search({ limit: 10 })).map((s) => s.id)).toEqual([b.id, a.id]);
    expect((await h().sessions.search({ status: 'rejected', userId: coach, limit: 10 })).map((s) => s.id)).toEqual([b.id]);
    expect((await h().sessions.search({ limit: 10, beforeId: b.id })).map((s) => s.id)).toEqual([a.id]);
  });
});
