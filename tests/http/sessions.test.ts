import ICAL from 'ical.js';
import { UserRepository } from '../../application/ports/users';
import { CreditsService } from '../../application/credits/credits-service';
import { SessionService } from '../../application/play/session-service';
import { OutboxMailer } from '../../adapters/mail/OutboxMailer';
import { checkLedger } from '../../bin/admin-ledger';
import type { ProfilePatch } from '../../domain/user';
import { describeEachDialect } from '../support/databases';
import { signUp, startTestServer, type TestServer } from '../support/http';

jest.setTimeout(30_000);

type Json = Record<string, unknown>;
type SessionJson = Json & { id: number; status: string; scheduled_at_utc: string | null; price: number; is_scheduled: boolean };

function readIcs(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { method: calendar.getFirstPropertyValue('method'), uid: event.uid, sequence: event.sequence, start: event.startDate.toJSDate(), location: event.location };
}

describeEachDialect('scheduled sessions over HTTP', (dialect) => {
  let server: TestServer;
  let users: UserRepository;
  let credits: CreditsService;
  let outbox: OutboxMailer;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    users = server.container.get<UserRepository>(UserRepository);
    credits = server.container.get(CreditsService);
    outbox = server.container.get(OutboxMailer);
  });
  afterAll(async () => {
    if (server.database) expect(await checkLedger(server.database)).toEqual({ ok: true, problems: [] });
    await server.close();
  });

  async function pro(patch: ProfilePatch = {}) {
    counter += 1;
    const { token, user } = await signUp(server, `coach${counter}@example.com`);
    const id = user.id as number;
    await users.setRole(id, 'pro', 'GM');
    await users.updateProfile(id, { firstName: 'Coach', lastName: `No${counter}`, pricePerMinCents: 150, providesPostgameAnalysis: true, timezone: 'Europe/Zagreb', ...patch });
    return { id, token, email: `coach${counter}@example.com` };
  }

  async function amateur(cents = 20_000) {
    counter += 1;
    const { token, user } = await signUp(server, `student${counter}@example.com`);
    const id = user.id as number;
    if (cents > 0) {
      await credits.transfer(
        { from: 'platform:adjustments', to: `user:${id}:available`, amountCents: cents, reason: 'admin_adjustment', description: 'test funds', reference: null },
        `fund:${id}`,
      );
    }
    return { id, token, email: `student${counter}@example.com` };
  }

  const available = (id: number) => credits.balance(`user:${id}:available`);
  const held = (id: number) => credits.balance(`user:${id}:held`);
  const request = (overrides: Json = {}) => ({
    opponentId: null,
    lichessProfile: 'Student_1',
    minsPerSide: 10,
    timezone: 'America/New_York',
    availableTimes: 'Weekday evenings after 18:00',
    details: 'Work on my Sicilian',
    analysisRequested: true,
    ...overrides,
  });
  const sessionsOf = (r: { body: Json }) => r.body.scheduled_challenges as SessionJson[];
  const hoursFromNow = (h: number) => new Date(server.clock.now().getTime() + h * 3_600_000).toISOString();

  async function requested(analysis = true) {
    const p = await pro();
    const me = await amateur();
    const result = await server.call('/api/schedule_game', { token: me.token, body: request({ opponentId: p.id, analysisRequested: analysis }) });
    expect(result.status).toBe(200);
    return { pro: p, me, id: sessionsOf(result)[0]!.id };
  }

  async function confirmed(hoursAhead = 72) {
    const r = await requested();
    const result = await server.call('/api/confirm_scheduled_game', {
      token: r.pro.token,
      body: { challenge_id: r.id, scheduled_at_utc: hoursFromNow(hoursAhead), video_call_url: 'https://meet.example.com/abc' },
    });
    expect(result.status).toBe(200);
    return r;
  }

  describe('schedule_game', () => {
    it('holds the price with analysis (45.00 + 22.50), saves the Lichess name, and e-mails the player and support', async () => {
      const p = await pro();
      const me = await amateur(20_000);
      const result = await server.call('/api/schedule_game', { token: me.token, body: request({ opponentId: p.id }) });
      expect(result.status).toBe(200);
      const [session] = sessionsOf(result);
      expect(session).toMatchObject({ status: 'pending_schedule', is_scheduled: true, scheduled_at_utc: null, price: 67.5, analysis_requested: true, target_user_id: p.id });
      expect(await held(me.id)).toBe(6750);
      expect(await available(me.id)).toBe(20_000 - 6750);
      expect((await users.findById(me.id))!.lichessUsername).toBe('Student_1');
      const mails = await outbox.listMessages();
      const toPro = mails.find((m) => m.to === p.email && m.subject.includes(`#${session!.id}`))!;
      expect(toPro.text).toContain('Available times: Weekday evenings after 18:00');
      expect(toPro.text).toContain("Requester's timezone: America/New_York");
      expect(toPro.text).toContain('Post-game analysis: yes');
      expect(mails.some((m) => m.to === 'support@titledchess.example' && m.subject.includes(`#${session!.id}`))).toBe(true);
      // Both sides see it in get_schedule_data; a visitor gets none.
      expect(sessionsOf(await server.call('/api/get_schedule_data', { token: p.token })).map((s) => s.id)).toContain(session!.id);
      expect(sessionsOf(await server.call('/api/get_schedule_data', {}))).toEqual([]);
    });

    it('without analysis: 30 x the price per minute', async () => {
      const r = await requested(false);
      expect(await held(r.me.id)).toBe(4500);
    });

    it('refuses with the spec\'s texts and changes nothing', async () => {
      const p = await pro();
      const me = await amateur(20_000);
      const cases: [Json, string, string][] = [
        [request({ opponentId: null }), 'opponentId', 'Please select a player'],
        [request({ opponentId: p.id, lichessProfile: '' }), 'lichessProfile', 'Lichess username is required'],
        [request({ opponentId: p.id, timezone: '' }), 'timezone', 'Timezone is required'],
        [request({ opponentId: p.id, timezone: 'Mars/Olympus' }), 'timezone', 'Unknown timezone'],
        [request({ opponentId: p.id, availableTimes: '   ' }), 'availableTimes', 'Available time slots are required'],
      ];
      for (const [body, path, message] of cases) {
        const result = await server.call('/api/schedule_game', { token: me.token, body });
        expect([result.status, result.body.error]).toEqual([400, 'ERR_VALIDATION']);
        expect(result.body.issues).toEqual([{ path, message }]);
      }
      const noAnalysis = await pro({ providesPostgameAnalysis: false });
      expect((await server.call('/api/schedule_game', { token: me.token, body: request({ opponentId: noAnalysis.id }) })).body.error).toBe('ERR_VALIDATION');
      const notBookable = await pro({ availableForScheduledChallenges: false });
      const regular = await amateur(0);
      for (const id of [notBookable.id, regular.id, me.id, 999_999]) {
        const result = await server.call('/api/schedule_game', { token: me.token, body: request({ opponentId: id }) });
        expect([id, result.status, result.body.error]).toEqual([id, 409, 'ERR_TARGET_UNAVAILABLE']);
      }
      for (const body of [request({ opponentId: p.id, extra: 1 }), request({ opponentId: p.id, minsPerSide: 0 }), request({ opponentId: p.id, details: 'a\u0000b' }), request({ opponentId: '1' })]) {
        expect((await server.call('/api/schedule_game', { token: me.token, body })).status).toBe(400);
      }
      expect((await server.call('/api/schedule_game', { body: request({ opponentId: p.id }) })).status).toBe(401);
      expect(await held(me.id)).toBe(0);
      expect(await available(me.id)).toBe(20_000);
    });

    it('402 ERR_INSUFFICIENT_CREDITS creates nothing', async () => {
      const p = await pro();
      const me = await amateur(6749);
      const result = await server.call('/api/schedule_game', { token: me.token, body: request({ opponentId: p.id }) });
      expect([result.status, result.body.error]).toEqual([402, 'ERR_INSUFFICIENT_CREDITS']);
      expect(sessionsOf(await server.call('/api/get_schedule_data', { token: me.token }))).toEqual([]);
      expect(await available(me.id)).toBe(6749);
    });
  });

  describe('confirm_scheduled_game', () => {
    it('captures the price and e-mails both sides an invite that parses (REQUEST, stable UID, the time)', async () => {
      const r = await requested();
      const start = hoursFromNow(72);
      const result = await server.call('/api/confirm_scheduled_game', { token: r.pro.token, body: { challenge_id: r.id, scheduled_at_utc: start, video_call_url: 'https://meet.example.com/abc' } });
      expect(result.status).toBe(200);
      const session = sessionsOf(result).find((s) => s.id === r.id)!;
      expect(session).toMatchObject({ status: 'scheduled', scheduled_at_utc: start, video_call_url: 'https://meet.example.com/abc' });
      expect(await held(r.me.id)).toBe(0);
      expect(await available(r.me.id)).toBe(20_000 - 6750);
      for (const to of [r.me.email, r.pro.email]) {
        const mail = (await outbox.listMessages({ to })).find((m) => m.subject === `Training session #${r.id} confirmed`)!;
        const ics = readIcs(mail.attachments[0]!.content);
        expect(ics).toEqual({ method: 'REQUEST', uid: `session-${r.id}@titledchess.example`, sequence: 1, start: new Date(start), location: 'https://meet.example.com/abc' });
      }
      // The same invite for "Add to calendar", to a participant only.
      const download = await fetch(`${server.url}/api/session_invite?challenge_id=${r.id}`, { headers: { Authorization: r.me.token } });
      expect(download.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(readIcs(await download.text()).uid).toBe(`session-${r.id}@titledchess.example`);
      const stranger = await amateur(0);
      expect((await server.call(`/api/session_invite?challenge_id=${r.id}`, { token: stranger.token })).status).toBe(404);
    });

    it('refuses: the requester (403), a stranger (404), twice (409), the past, a missing or non-http link (400)', async () => {
      const r = await requested();
      const stranger = await amateur(0);
      const confirm = (token: string, body: Json) => server.call('/api/confirm_scheduled_game', { token, body: { challenge_id: r.id, ...body } });
      const good = { scheduled_at_utc: hoursFromNow(48), video_call_url: 'https://meet.example.com/x' };
      expect((await confirm(r.me.token, good)).body.error).toBe('ERR_FORBIDDEN');
      expect((await confirm(stranger.token, good)).status).toBe(404);
      expect((await confirm(r.pro.token, { ...good, scheduled_at_utc: hoursFromNow(-1) })).body.issues).toEqual([{ path: 'scheduled_at_utc', message: 'The session must start in the future' }]);
      expect((await confirm(r.pro.token, { scheduled_at_utc: hoursFromNow(48) })).body.issues).toEqual([{ path: 'video_call_url', message: 'A video call link is needed for the post-game analysis' }]);
      expect((await confirm(r.pro.token, { ...good, video_call_url: 'javascript:alert(1)' })).status).toBe(400);
      expect((await confirm(r.pro.token, { ...good, scheduled_at_utc: '2026-13-45T99:00:00Z' })).status).toBe(400);
      expect((await confirm(r.pro.token, { ...good, scheduled_at_utc: 'tomorrow' })).status).toBe(400);
      expect(await held(r.me.id)).toBe(6750);
      expect((await confirm(r.pro.token, good)).status).toBe(200);
      expect((await confirm(r.pro.token, good)).body.error).toBe('ERR_CHALLENGE_STATE');
    });

    it('an admin may confirm for the player', async () => {
      const r = await requested(false);
      const admin = await amateur(0);
      await users.setRole(admin.id, 'admin', null);
      const result = await server.call('/api/confirm_scheduled_game', { token: admin.token, body: { challenge_id: r.id, scheduled_at_utc: hoursFromNow(30) } });
      expect(result.status).toBe(200);
    });
  });

  describe('decline and cancel', () => {
    it('decline by the player releases the hold and tells the requester', async () => {
      const r = await requested();
      expect((await server.call('/api/decline_scheduled_game', { token: r.me.token, body: { challenge_id: r.id } })).body.error).toBe('ERR_FORBIDDEN');
      expect((await server.call('/api/decline_scheduled_game', { token: r.pro.token, body: { challenge_id: r.id } })).status).toBe(200);
      expect(await available(r.me.id)).toBe(20_000);
      expect((await outbox.listMessages({ to: r.me.email })).some((m) => m.subject.includes('declined'))).toBe(true);
    });

    it('the requester cancels a request: released in full', async () => {
      const r = await requested();
      expect((await server.call('/api/cancel_scheduled_game', { token: r.me.token, body: { challenge_id: r.id } })).status).toBe(200);
      expect(await available(r.me.id)).toBe(20_000);
    });

    it('the requester cancels more than 24 h ahead: everything back, and a METHOD:CANCEL invite', async () => {
      const r = await confirmed(48);
      server.clock.advance(24 * 3_600_000 - 1000); // 24 h and 1 s before the start
      expect((await server.call('/api/cancel_scheduled_game', { token: r.me.token, body: { challenge_id: r.id } })).status).toBe(200);
      expect(await available(r.me.id)).toBe(20_000);
      expect(await available(r.pro.id)).toBe(0);
      const mail = (await outbox.listMessages({ to: r.pro.email })).find((m) => m.subject === `Training session #${r.id} canceled`)!;
      expect(readIcs(mail.attachments[0]!.content)).toMatchObject({ method: 'CANCEL', sequence: 2 });
    });

    it('the requester cancels 24 h or less ahead: no refund, the player is paid less the fee', async () => {
      const r = await confirmed(48);
      server.clock.advance(24 * 3_600_000 + 1000); // 23:59:59 before the start
      expect((await server.call('/api/cancel_scheduled_game', { token: r.me.token, body: { challenge_id: r.id } })).status).toBe(200);
      expect(await available(r.me.id)).toBe(20_000 - 6750);
      expect(await available(r.pro.id)).toBe(5400);
    });

    it('the player cancels a confirmed session at any time: full refund', async () => {
      const r = await confirmed(2);
      expect((await server.call('/api/cancel_scheduled_game', { token: r.pro.token, body: { challenge_id: r.id } })).status).toBe(200);
      expect(await available(r.me.id)).toBe(20_000);
      expect((await server.call('/api/cancel_scheduled_game', { token: r.pro.token, body: { challenge_id: r.id } })).body.error).toBe('ERR_CHALLENGE_STATE');
    });
  });

  describe('after the session', () => {
    it('paid out 24 h after the start unless a problem was reported; an admin resolves a reported one', async () => {
      const paid = await confirmed(30);
      const disputed = await confirmed(30);
      const sessions = server.container.get(SessionService);
      const report = (token: string, id: number) => server.call('/api/report_session_problem', { token, body: { challenge_id: id, report: 'The player did not show up' } });
      expect((await report(disputed.me.token, disputed.id)).body.error).toBe('ERR_CHALLENGE_STATE'); // before the start
      server.clock.advance(31 * 3_600_000);
      expect((await report(disputed.pro.token, disputed.id)).body.error).toBe('ERR_FORBIDDEN');
      expect((await report(disputed.me.token, disputed.id)).status).toBe(200);
      expect((await outbox.listMessages({ to: 'support@titledchess.example' })).some((m) => m.subject.includes(`Problem reported with training session #${disputed.id}`))).toBe(true);
      await sessions.payOutDue();
      expect(await available(paid.pro.id)).toBe(0); // not yet 24 h after the start
      server.clock.advance(24 * 3_600_000);
      await sessions.payOutDue();
      expect(await sessions.payOutDue()).toBe(0); // a second pass finds nothing left
      expect(await available(paid.pro.id)).toBe(5400);
      expect(await available(disputed.pro.id)).toBe(0);
      const admin = await amateur(0);
      await users.setRole(admin.id, 'admin', null);
      expect((await server.call('/api/admin/resolve_session', { token: disputed.me.token, body: { challenge_id: disputed.id, outcome: 'refund' } })).status).toBe(403);
      const resolved = await server.call('/api/admin/resolve_session', { token: admin.token, body: { challenge_id: disputed.id, outcome: 'refund' } });
      expect(resolved.body.status).toBe('canceled');
      expect(await available(disputed.me.id)).toBe(20_000);
      expect((await server.call('/api/admin/resolve_session', { token: admin.token, body: { challenge_id: disputed.id, outcome: 'pay' } })).body.error).toBe('ERR_CHALLENGE_STATE');
    });

    it('an unconfirmed request expires after 7 days and its hold comes back, once', async () => {
      const r = await requested();
      const sessions = server.container.get(SessionService);
      server.clock.advance(7 * 86_400_000 - 1000);
      await sessions.expireRequests();
      expect(await held(r.me.id)).toBe(6750);
      server.clock.advance(1000);
      expect(await sessions.expireRequests()).toBeGreaterThanOrEqual(1);
      expect(await sessions.expireRequests()).toBe(0);
      expect(await available(r.me.id)).toBe(20_000);
    });
  });

  it('confirm and cancel of one request at once: each succeeds only from the state it saw, money exact', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const r = await requested();
      const [confirm, cancel] = await Promise.all([
        server.call('/api/confirm_scheduled_game', { token: r.pro.token, body: { challenge_id: r.id, scheduled_at_utc: hoursFromNow(100), video_call_url: 'https://meet.example.com/r' } }),
        server.call('/api/cancel_scheduled_game', { token: r.me.token, body: { challenge_id: r.id } }),
      ]);
      const final = (await server.container.get(SessionService).list(await users.findById(r.me.id).then((u) => u!))).find((v) => v.record.id === r.id);
      if (confirm.status === 200 && cancel.status === 409) {
        // The confirm won and the cancel saw a stale request: scheduled and charged once.
        expect(final?.record.status).toBe('scheduled');
        expect(await available(r.me.id)).toBe(20_000 - 6750);
      } else {
        // The cancel won (the confirm is refused), or ran after the confirm (100 h ahead: full refund).
        expect(cancel.status).toBe(200);
        expect([200, 409]).toContain(confirm.status);
        expect(final).toBeUndefined();
        expect(await available(r.me.id)).toBe(20_000);
      }
      expect(await held(r.me.id)).toBe(0);
      outcomes.add(`${confirm.status}/${cancel.status}`);
    }
    expect([...outcomes].every((o) => ['200/409', '409/200', '200/200'].includes(o))).toBe(true);
  });
});
