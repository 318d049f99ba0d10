import type { Cents } from '../../domain/money';
import type { SessionStatus } from '../../domain/scheduled-sessions';

/** A scheduled training session as stored (server.md 5). Money in cents. */
export interface SessionRecord {
  id: number;
  sourceUserId: number;
  targetUserId: number;
  status: SessionStatus;
  pricePerMinCents: Cents;
  priceCents: Cents;
  analysisRequested: boolean;
  minsPerSide: number;
  /** The requester's IANA zone, their free-text available times, and details. */
  timezone: string;
  availableTimes: string;
  details: string;
  lichessProfile: string;
  holdId: string;
  scheduledAt: Date | null;
  videoCallUrl: string | null;
  /** Bumped on every change of the calendar event (confirm, cancel), as iCalendar's SEQUENCE. */
  inviteSequence: number;
  problemReport: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewSession = Omit<SessionRecord, 'id' | 'status' | 'scheduledAt' | 'videoCallUrl' | 'inviteSequence' | 'problemReport' | 'createdAt' | 'updatedAt'>;

export const SessionRepository = Symbol.for('SessionRepository');
export interface SessionRepository {
  create(session: NewSession, at: Date): Promise<SessionRecord>;
  findById(id: number): Promise<SessionRecord | null>;
  /**
   * Moves the session from one of `from` to `to` in one conditional write, applying `fields` and bumping the
   * invite sequence when asked; false when its status was none of `from` (someone else acted first).
   */
  changeStatus(
    id: number,
    from: readonly SessionStatus[],
    to: SessionStatus,
    at: Date,
    fields?: { scheduledAt?: Date; videoCallUrl?: string | null; problemReport?: string; bumpInvite?: boolean },
  ): Promise<boolean>;
  /** Sessions the user requested or was asked for, in any status. */
  listForUser(userId: number, limit: number): Promise<SessionRecord[]>;
  /** Unconfirmed requests created at or before `createdBefore`. */
  findStaleRequests(createdBefore: Date, limit: number): Promise<SessionRecord[]>;
  /** Confirmed sessions that started at or before `startedBefore` (due for payout). */
  findDueForPayout(startedBefore: Date, limit: number): Promise<SessionRecord[]>;
  /** Admin view: newest first, optionally one status and/or one participant. */
  search(filter: { status?: SessionStatus; userId?: number; limit: number; beforeId?: number }): Promise<SessionRecord[]>;
}

/** A calendar invite for one session, as the e-mail attachment and the "Add to calendar" download carry it. */
export interface CalendarInviteInput {
  sessionId: number;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: Date;
  durationMinutes: number;
  /** When this version of the invite was made (DTSTAMP). */
  stamp: Date;
  /** The zone the reader's calendar names (the recipient's own). */
  timezone: string;
  summary: string;
  description: string;
  videoCallUrl: string | null;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
}

/** Builds iCalendar (.ics) text with a maintained library, never by string concatenation. */
export const CalendarInvites = Symbol.for('CalendarInvites');
export interface CalendarInvites {
  /** UID stable per session, SEQUENCE as given, METHOD REQUEST or CANCEL, times in UTC with the zone named. */
  build(input: CalendarInviteInput): string;
}
