import ICAL from 'ical.js';
import { IcalGeneratorCalendarInvites, inviteUid } from './IcalGeneratorCalendarInvites';
import { SmtpMailer } from '../mail/SmtpMailer';
import { confirmationMails } from '../../application/play/session-mail';
import type { CalendarInviteInput, SessionRecord } from '../../application/ports/sessions';
import { newUserDefaults, type User } from '../../domain/user';
import { startSmtp } from '../../tests/adapters/support/smtp-sink';
import { leaves, parseMime } from '../../tests/adapters/support/mime';

/** Parses .ics text with ical.js (Mozilla's parser) and returns what a calendar app would read. */
function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    timezoneName: calendar.getFirstPropertyValue('x-wr-timezone'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    startIsUtc: event.startDate.zone === ICAL.Timezone.utcTimezone,
    summary: event.summary,
    location: event.location,
    url: vevent.getFirstPropertyValue('url'),
    status: vevent.getFirstPropertyValue('status'),
    description: event.description,
    attendees: vevent.getAllProperties('attendee').map((p) => String(p.getFirstValue()).toLowerCase()),
    organizer: String(vevent.getFirstPropertyValue('organizer')).toLowerCase(),
  };
}

const BASE: CalendarInviteInput = {
  sessionId: 42,
  sequence: 1,
  method: 'REQUEST',
  start: new Date('2026-03-29T16:00:00Z'),
  durationMinutes: 75,
  stamp: new Date('2026-03-20T10:00:00Z'),
  timezone: 'Europe/Zagreb',
  summary: 'Chess training: Amy Amateur and GM Mateo Ferrandis',
  description: 'One-hour training session on Lichess (10 minutes per side).',
  videoCallUrl: 'https://meet.example.com/abc-defg',
  organizer: { name: 'Titled Chess', email: 'support@titledchess.example' },
  attendees: [
    { name: 'Amy Amateur', email: 'amy@example.com' },
    { name: 'Mateo Ferrandis', email: 'mateo@example.com' },
  ],
};

describe('IcalGeneratorCalendarInvites (read back with ical.js)', () => {
  const invites = new IcalGeneratorCalendarInvites();

  it('an invite: METHOD:REQUEST, a stable UID, the SEQUENCE given, UTC times, the video link as LOCATION and URL', () => {
    const parsed = read(invites.build(BASE));
    expect(parsed).toMatchObject({
      method: 'REQUEST',
      timezoneName: 'Europe/Zagreb',
      uid: 'session-42@titledchess.example',
      sequence: 1,
      start: new Date('2026-03-29T16:00:00Z'),
      end: new Date('2026-03-29T17:15:00Z'),
      startIsUtc: true,
      summary: BASE.summary,
      location: 'https://meet.example.com/abc-defg',
      url: 'https://meet.example.com/abc-defg',
      status: 'CONFIRMED',
    });
    expect(parsed.attendees).toEqual(['mailto:amy@example.com', 'mailto:mateo@example.com']);
    expect(parsed.organizer).toBe('mailto:support@titledchess.example');
    expect(inviteUid(42)).toBe(parsed.uid);
  });

  it('names the local time in the reader\'s zone on both DST change days (Zagreb spring forward and fall back)', () => {
    // 2026-03-29 16:00Z is 18:00 CEST (after the change); 2026-10-25 16:00Z is 17:00 CET (after the change).
    expect(read(invites.build(BASE)).description).toContain('Sunday, March 29, 2026 at 6:00 PM (Europe/Zagreb)');
    const autumn = read(invites.build({ ...BASE, start: new Date('2026-10-25T16:00:00Z') }));
    expect(autumn.start).toEqual(new Date('2026-10-25T16:00:00Z'));
    expect(autumn.description).toContain('Sunday, October 25, 2026 at 5:00 PM (Europe/Zagreb)');
    const newYork = read(invites.build({ ...BASE, start: new Date('2026-11-01T23:00:00Z'), timezone: 'America/New_York' }));
    expect(newYork.description).toContain('Sunday, November 1, 2026 at 6:00 PM (America/New_York)');
  });

  it('a cancellation keeps the UID, carries a higher SEQUENCE, METHOD:CANCEL and STATUS:CANCELLED', () => {
    const parsed = read(invites.build({ ...BASE, method: 'CANCEL', sequence: 2 }));
    expect(parsed).toMatchObject({ method: 'CANCEL', uid: 'session-42@titledchess.example', sequence: 2, status: 'CANCELLED' });
  });

  it('no video link: no LOCATION', () => {
    expect(read(invites.build({ ...BASE, videoCallUrl: null })).location).toBeNull();
  });
});

describe('a confirmation e-mail with its invite, over a real SMTP socket', () => {
  it('reaches both players with an .ics each that parses to the session', async () => {
    const smtp = await startSmtp();
    try {
      const user = (id: number, email: string, first: string, timezone: string | null): User => ({
        ...newUserDefaults(),
        id,
        email,
        username: first.toLowerCase(),
        firstName: first,
        lastName: 'Test',
        timezone,
        createdAt: new Date(0),
      });
      const session: SessionRecord = {
        id: 7,
        sourceUserId: 1,
        targetUserId: 2,
        status: 'scheduled',
        pricePerMinCents: 150,
        priceCents: 6750,
        analysisRequested: true,
        minsPerSide: 10,
        timezone: 'America/New_York',
        availableTimes: 'weekends',
        details: '',
        lichessProfile: 'amy',
        holdId: 'h',
        scheduledAt: new Date('2026-03-08T20:00:00Z'),
        videoCallUrl: 'https://meet.example.com/x',
        inviteSequence: 1,
        problemReport: null,
        createdAt: new Date(0),
        updatedAt: new Date(0),
      };
      const mails = confirmationMails(
        new IcalGeneratorCalendarInvites(),
        session,
        { requester: user(1, 'amy@example.com', 'Amy', 'America/New_York'), pro: user(2, 'gm@example.com', 'Gm', 'Europe/Zagreb'), supportEmail: 'support@titledchess.example', publicUrl: 'http://x' },
        new Date('2026-03-01T00:00:00Z'),
      );
      const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Titled Chess <no-reply@titledchess.example>' });
      for (const mail of mails) await mailer.send(mail);
      expect(smtp.received.map((r) => r.rcptTo)).toEqual([['amy@example.com'], ['gm@example.com']]);
      for (const [i, zone] of [[0, 'America/New_York'], [1, 'Europe/Zagreb']] as const) {
        const ics = leaves(parseMime(smtp.received[i]!.raw)).find((p) => p.filename === 'session-7.ics')!;
        expect(ics.headers.get('content-type')).toContain('method=REQUEST');
        const parsed = read(ics.body);
        expect(parsed).toMatchObject({ method: 'REQUEST', uid: 'session-7@titledchess.example', sequence: 1, timezoneName: zone, start: new Date('2026-03-08T20:00:00Z') });
        // 60 minutes plus 15 of analysis.
        expect(parsed.end).toEqual(new Date('2026-03-08T21:15:00Z'));
      }
      expect(smtp.received[0]!.raw).toContain('When: Sunday, March 8, 2026 at 4:00 PM EDT (America/New_York)');
      // The day New York springs forward: 20:00Z is 16:00 EDT for Amy, 21:00 CET for the player in Zagreb.
      expect(read(leaves(parseMime(smtp.received[0]!.raw)).find((p) => p.filename)!.body).description).toContain('4:00 PM (America/New_York)');
      expect(read(leaves(parseMime(smtp.received[1]!.raw)).find((p) => p.filename)!.body).description).toContain('9:00 PM (Europe/Zagreb)');
    } finally {
      await smtp.stop();
    }
  });
});
