import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { injectable } from 'inversify';
import type { CalendarInviteInput, CalendarInvites } from '../../application/ports/sessions';

/** The domain every invite's UID ends in, so it is unique across calendars and stable per session. */
export const INVITE_UID_DOMAIN = 'titledchess.example';

export function inviteUid(sessionId: number): string {
  return `session-${sessionId}@${INVITE_UID_DOMAIN}`;
}

/**
 * iCalendar invites with ical-generator: one VEVENT per session with a stable UID, SEQUENCE bumped by the caller
 * on every change, METHOD:REQUEST for an invite and METHOD:CANCEL (STATUS:CANCELLED) when it is called off. Times
 * are written in UTC (a trailing Z), which every calendar converts to its own zone correctly across DST; the
 * reader's zone is named (X-WR-TIMEZONE) and the local time is spelled out in the description. A TZID without a
 * VTIMEZONE block would be invalid, and a full VTIMEZONE adds nothing that UTC does not already settle.
 */
@injectable()
export class IcalGeneratorCalendarInvites implements CalendarInvites {
  build(input: CalendarInviteInput): string {
    const calendar = ical({
      name: 'Titled Chess',
      prodId: { company: 'Titled Chess', product: 'sessions', language: 'EN' },
      method: input.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    });
    calendar.x([{ key: 'X-WR-TIMEZONE', value: input.timezone }]);
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: input.timezone,
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(input.start);
    calendar.createEvent({
      id: inviteUid(input.sessionId),
      sequence: input.sequence,
      start: input.start,
      end: new Date(input.start.getTime() + input.durationMinutes * 60_000),
      stamp: input.stamp,
      summary: input.summary,
      description: `${input.description}\n\nStarts ${local} (${input.timezone}).`,
      location: input.videoCallUrl,
      url: input.videoCallUrl,
      status: input.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: { name: input.organizer.name, email: input.organizer.email },
      attendees: input.attendees.map((a) => ({
        name: a.name,
        email: a.email,
        role: ICalAttendeeRole.REQ,
        status: input.method === 'CANCEL' ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      })),
    });
    return calendar.toString();
  }
}
