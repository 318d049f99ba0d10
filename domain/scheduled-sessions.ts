import type { Cents } from './money';
import { zonedTimeToUtc } from './online-schedule';

/**
 * Scheduled one-hour training sessions (server.md 5): price, the state machine, the cancellation rule and the
 * problem-report window. Pure: times come in as arguments.
 */

/** The session is one hour; its price is 30 minutes at the player's rate (spec section 9). */
export const SESSION_PRICE_MINUTES = 30;
export const SESSION_LENGTH_MINUTES = 60;
/** Analysis adds 15 minutes at the player's rate, when they offer it. */
export const ANALYSIS_MINUTES = 15;
/** Cancelling more than this long before the start refunds the requester in full. */
export const FREE_CANCELLATION_HOURS = 24;
/** The requester may report a problem from the start until this long after it; then the session is paid out. */
export const REPORT_WINDOW_HOURS = 24;

export function sessionPriceCents(pricePerMinCents: Cents, analysisRequested: boolean, analysisOffered: boolean): Cents {
  const base = SESSION_PRICE_MINUTES * pricePerMinCents;
  return analysisRequested && analysisOffered ? base + ANALYSIS_MINUTES * pricePerMinCents : base;
}

export const SESSION_STATUSES = ['pending_schedule', 'scheduled', 'rejected', 'canceled', 'expired', 'finished', 'disputed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const TERMINAL_SESSION_STATUSES: readonly SessionStatus[] = ['rejected', 'canceled', 'expired', 'finished'];

/** Who acts: the requester, the titled player asked, an admin, or the server's jobs. */
export type SessionActor = 'requester' | 'pro' | 'admin' | 'system';

export type SessionEvent =
  | { type: 'confirm'; by: SessionActor }
  | { type: 'decline'; by: SessionActor }
  | { type: 'cancel'; by: SessionActor }
  | { type: 'expire' }
  | { type: 'finish' }
  | { type: 'report'; by: SessionActor }
  | { type: 'resolve'; by: SessionActor; outcome: 'pay' | 'refund' };

export type SessionTransition = { ok: true; status: SessionStatus } | { ok: false; error: string };

const no = (error: string): SessionTransition => ({ ok: false, error });
const to = (status: SessionStatus): SessionTransition => ({ ok: true, status });
const proOrAdmin = (by: SessionActor) => by === 'pro' || by === 'admin';

/**
 * pending_schedule -> scheduled (pro or admin confirms) | rejected (pro or admin declines) | canceled (anyone of
 * the three) | expired (nobody confirmed in time); scheduled -> finished (24 h after the start) | canceled |
 * disputed (the requester reports a problem); disputed -> finished (admin pays) | canceled (admin refunds).
 */
export function sessionTransition(status: SessionStatus, event: SessionEvent): SessionTransition {
  if (TERMINAL_SESSION_STATUSES.includes(status)) return no(`The session is already ${status}`);
  switch (event.type) {
    case 'confirm':
      if (!proOrAdmin(event.by)) return no('Only the player asked (or an admin) can confirm');
      return status === 'pending_schedule' ? to('scheduled') : no(`Cannot confirm a ${status} session`);
    case 'decline':
      if (!proOrAdmin(event.by)) return no('Only the player asked (or an admin) can decline');
      return status === 'pending_schedule' ? to('rejected') : no(`Cannot decline a ${status} session`);
    case 'cancel':
      if (event.by === 'system') return no('The system does not cancel sessions');
      return status === 'pending_schedule' || status === 'scheduled' ? to('canceled') : no(`Cannot cancel a ${status} session`);
    case 'expire':
      return status === 'pending_schedule' ? to('expired') : no(`Cannot expire a ${status} session`);
    case 'finish':
      return status === 'scheduled' ? to('finished') : no(`Cannot finish a ${status} session`);
    case 'report':
      if (event.by !== 'requester') return no('Only the requester can report a problem');
      return status === 'scheduled' ? to('disputed') : no(`Cannot report a problem with a ${status} session`);
    case 'resolve':
      if (event.by !== 'admin') return no('Only an admin resolves a reported problem');
      if (status !== 'disputed') return no(`Cannot resolve a ${status} session`);
      return to(event.outcome === 'pay' ? 'finished' : 'canceled');
  }
}

/**
 * What a cancellation does with the money (server.md 5.4): a request not yet confirmed is released in full; a
 * confirmed session cancelled by the pro or an admin is refunded in full; by the requester, in full when strictly
 * more than 24 hours before the start, otherwise not at all (the player is paid as for a held session).
 */
export function cancellationOutcome(
  session: { status: SessionStatus; scheduledAt: Date | null },
  by: SessionActor,
  now: Date,
): 'release' | 'refund' | 'pay_pro' {
  if (session.status === 'pending_schedule' || session.scheduledAt === null) return 'release';
  if (by !== 'requester') return 'refund';
  return session.scheduledAt.getTime() - now.getTime() > FREE_CANCELLATION_HOURS * 3_600_000 ? 'refund' : 'pay_pro';
}

/** The requester may report a problem from the start of the session until 24 hours after it. */
export function canReportProblem(scheduledAt: Date, now: Date): boolean {
  const t = now.getTime();
  return t >= scheduledAt.getTime() && t <= scheduledAt.getTime() + REPORT_WINDOW_HOURS * 3_600_000;
}

/** A confirmed session is paid out this long after its start, unless a problem was reported. */
export function finishesAt(scheduledAt: Date): Date {
  return new Date(scheduledAt.getTime() + REPORT_WINDOW_HOURS * 3_600_000);
}

/**
 * The UTC instant of a local date and time in the player's zone, or a message a person understands when that
 * time does not exist (clocks go forward) or is in the past. A time that happens twice is its first occurrence.
 */
export function localSlotToUtc(
  local: { date: string; time: string },
  timeZone: string,
  now: Date,
): { ok: true; instant: Date } | { ok: false; message: string } {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(local.date);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(local.time);
  if (!d || !t) return { ok: false, message: 'Give the date as YYYY-MM-DD and the time as HH:MM' };
  const date = { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]) };
  const probe = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (probe.getUTCMonth() !== date.month - 1 || probe.getUTCDate() !== date.day) return { ok: false, message: `${local.date} is not a date` };
  const result = zonedTimeToUtc(date, { hour: Number(t[1]), minute: Number(t[2]) }, timeZone);
  if (!result.exists) {
    return { ok: false, message: `${local.time} does not exist on ${local.date} in ${timeZone}: the clocks go forward that night. Choose another time.` };
  }
  if (result.instant.getTime() <= now.getTime()) return { ok: false, message: 'The session must start in the future' };
  return { ok: true, instant: result.instant };
}

/** http(s) links only: a video call link is opened by both players. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
