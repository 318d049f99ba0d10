import {
  canReportProblem,
  cancellationOutcome,
  finishesAt,
  isHttpUrl,
  localSlotToUtc,
  sessionPriceCents,
  sessionTransition,
  type SessionEvent,
  type SessionStatus,
} from './scheduled-sessions';

describe('session price (spec section 9)', () => {
  it('is 30 x the price per minute, plus 15 x when analysis is requested and offered', () => {
    expect(sessionPriceCents(150, false, true)).toBe(4500);
    expect(sessionPriceCents(150, true, true)).toBe(4500 + 2250);
    expect(sessionPriceCents(150, true, false)).toBe(4500); // not offered: no analysis, no charge
    expect(sessionPriceCents(500, true, true)).toBe(22_500);
    expect(sessionPriceCents(10, false, false)).toBe(300);
  });
});

describe('session state machine (server.md 5)', () => {
  const ok = (status: SessionStatus, event: SessionEvent) => sessionTransition(status, event);

  it('pending_schedule: confirm and decline by the pro or an admin, cancel by anyone involved, expire', () => {
    expect(ok('pending_schedule', { type: 'confirm', by: 'pro' })).toEqual({ ok: true, status: 'scheduled' });
    expect(ok('pending_schedule', { type: 'confirm', by: 'admin' })).toEqual({ ok: true, status: 'scheduled' });
    expect(ok('pending_schedule', { type: 'confirm', by: 'requester' }).ok).toBe(false);
    expect(ok('pending_schedule', { type: 'decline', by: 'pro' })).toEqual({ ok: true, status: 'rejected' });
    expect(ok('pending_schedule', { type: 'decline', by: 'requester' }).ok).toBe(false);
    for (const by of ['requester', 'pro', 'admin'] as const) expect(ok('pending_schedule', { type: 'cancel', by })).toEqual({ ok: true, status: 'canceled' });
    expect(ok('pending_schedule', { type: 'cancel', by: 'system' }).ok).toBe(false);
    expect(ok('pending_schedule', { type: 'expire' })).toEqual({ ok: true, status: 'expired' });
    expect(ok('pending_schedule', { type: 'finish' }).ok).toBe(false);
    expect(ok('pending_schedule', { type: 'report', by: 'requester' }).ok).toBe(false);
  });

  it('scheduled: finish, cancel, or disputed when the requester reports a problem; no second confirm', () => {
    expect(ok('scheduled', { type: 'finish' })).toEqual({ ok: true, status: 'finished' });
    expect(ok('scheduled', { type: 'cancel', by: 'requester' })).toEqual({ ok: true, status: 'canceled' });
    expect(ok('scheduled', { type: 'report', by: 'requester' })).toEqual({ ok: true, status: 'disputed' });
    expect(ok('scheduled', { type: 'report', by: 'pro' }).ok).toBe(false);
    expect(ok('scheduled', { type: 'confirm', by: 'pro' }).ok).toBe(false);
    expect(ok('scheduled', { type: 'expire' }).ok).toBe(false);
  });

  it('disputed: only an admin resolves, paying (finished) or refunding (canceled)', () => {
    expect(ok('disputed', { type: 'resolve', by: 'admin', outcome: 'pay' })).toEqual({ ok: true, status: 'finished' });
    expect(ok('disputed', { type: 'resolve', by: 'admin', outcome: 'refund' })).toEqual({ ok: true, status: 'canceled' });
    expect(ok('disputed', { type: 'resolve', by: 'pro', outcome: 'pay' }).ok).toBe(false);
    expect(ok('disputed', { type: 'finish' }).ok).toBe(false);
    expect(ok('scheduled', { type: 'resolve', by: 'admin', outcome: 'pay' }).ok).toBe(false);
  });

  it.each<SessionStatus>(['rejected', 'canceled', 'expired', 'finished'])('%s is terminal', (status) => {
    const events: SessionEvent[] = [
      { type: 'confirm', by: 'pro' },
      { type: 'decline', by: 'pro' },
      { type: 'cancel', by: 'admin' },
      { type: 'expire' },
      { type: 'finish' },
      { type: 'report', by: 'requester' },
      { type: 'resolve', by: 'admin', outcome: 'refund' },
    ];
    for (const event of events) expect(sessionTransition(status, event)).toEqual({ ok: false, error: `The session is already ${status}` });
  });
});

describe('cancellation rule (server.md 5.4)', () => {
  const start = new Date('2026-02-10T18:00:00Z');
  const before = (ms: number) => new Date(start.getTime() - ms);
  const H24 = 24 * 3_600_000;

  it('a request not yet confirmed is released in full, whoever cancels', () => {
    expect(cancellationOutcome({ status: 'pending_schedule', scheduledAt: null }, 'requester', start)).toBe('release');
  });

  it('the requester: full refund at 24:00:01 before the start, none at 24:00:00 or 23:59:59', () => {
    const session = { status: 'scheduled' as const, scheduledAt: start };
    expect(cancellationOutcome(session, 'requester', before(H24 + 1000))).toBe('refund');
    expect(cancellationOutcome(session, 'requester', before(H24))).toBe('pay_pro');
    expect(cancellationOutcome(session, 'requester', before(H24 - 1000))).toBe('pay_pro');
    expect(cancellationOutcome(session, 'requester', before(-3_600_000))).toBe('pay_pro');
  });

  it('the pro or an admin: always a full refund', () => {
    const session = { status: 'scheduled' as const, scheduledAt: start };
    expect(cancellationOutcome(session, 'pro', before(1000))).toBe('refund');
    expect(cancellationOutcome(session, 'admin', before(-1000))).toBe('refund');
  });
});

describe('report window and payout time', () => {
  const start = new Date('2026-02-10T18:00:00Z');
  it('open from the start until 24 h after it, inclusive', () => {
    expect(canReportProblem(start, new Date('2026-02-10T17:59:59Z'))).toBe(false);
    expect(canReportProblem(start, start)).toBe(true);
    expect(canReportProblem(start, new Date('2026-02-11T18:00:00Z'))).toBe(true);
    expect(canReportProblem(start, new Date('2026-02-11T18:00:01Z'))).toBe(false);
    expect(finishesAt(start)).toEqual(new Date('2026-02-11T18:00:00Z'));
  });
});

describe('local slot to UTC across daylight-saving changes', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('refuses 02:30 on the spring-forward night with a clear message (Zagreb 2026-03-29, New York 2026-03-08)', () => {
    expect(localSlotToUtc({ date: '2026-03-29', time: '02:30' }, 'Europe/Zagreb', now)).toEqual({
      ok: false,
      message: '02:30 does not exist on 2026-03-29 in Europe/Zagreb: the clocks go forward that night. Choose another time.',
    });
    expect(localSlotToUtc({ date: '2026-03-08', time: '02:30' }, 'America/New_York', now).ok).toBe(false);
  });

  it('converts times on both change days with the right offset', () => {
    expect(localSlotToUtc({ date: '2026-03-29', time: '03:30' }, 'Europe/Zagreb', now)).toEqual({ ok: true, instant: new Date('2026-03-29T01:30:00Z') });
    expect(localSlotToUtc({ date: '2026-03-29', time: '01:30' }, 'Europe/Zagreb', now)).toEqual({ ok: true, instant: new Date('2026-03-29T00:30:00Z') });
    expect(localSlotToUtc({ date: '2026-10-25', time: '02:30' }, 'Europe/Zagreb', now)).toEqual({ ok: true, instant: new Date('2026-10-25T00:30:00Z') });
    expect(localSlotToUtc({ date: '2026-10-25', time: '18:00' }, 'Europe/Zagreb', now)).toEqual({ ok: true, instant: new Date('2026-10-25T17:00:00Z') });
    expect(localSlotToUtc({ date: '2026-11-01', time: '18:00' }, 'America/New_York', now)).toEqual({ ok: true, instant: new Date('2026-11-01T23:00:00Z') });
  });

  it('refuses a malformed or impossible date, and the past', () => {
    expect(localSlotToUtc({ date: '2026-02-30', time: '10:00' }, 'UTC', now)).toEqual({ ok: false, message: '2026-02-30 is not a date' });
    expect(localSlotToUtc({ date: '26-1-1', time: '10:00' }, 'UTC', now).ok).toBe(false);
    expect(localSlotToUtc({ date: '2025-12-31', time: '23:59' }, 'UTC', now)).toEqual({ ok: false, message: 'The session must start in the future' });
  });
});

describe('video call links', () => {
  it.each([
    ['https://meet.example.com/abc', true],
    ['http://zoom.example/j/1', true],
    ['javascript:alert(1)', false],
    ['ftp://x.example/a', false],
    ['not a url', false],
    ['https://', false],
  ])('%s -> %p', (url, expected) => {
    expect(isHttpUrl(url)).toBe(expected);
  });
});
