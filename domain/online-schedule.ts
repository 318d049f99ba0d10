import type { OnlineSchedule } from './user';
import { isValidTimezone } from './accounts';

/**
 * The titled player's online hours (server.md 4.7). `from`..`to` are local times in the player's own IANA zone;
 * `to` earlier than `from` spans midnight. Off-hours start at `to`. When an off-hours period starts after the
 * player's last manual status change, they go offline; a manual "online" during off-hours sticks until the next
 * off-hours period starts. Daylight-saving changes must not shift it, so every instant is computed from the
 * local wall-clock time in the zone (Intl carries the tz database; no clock is read here).
 */

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock date and time in `timeZone` at `instant`. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** The zone's offset from UTC at `instant`, in minutes (Zagreb in summer: +120). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  const truncated = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - truncated) / 60_000);
}

/**
 * The instant a wall-clock time occurs in `timeZone`. A time skipped by a spring-forward change (02:30 in
 * Zagreb on the last Sunday of March) is taken as the moment right after the gap, shifted by the gap (03:30);
 * a time that happens twice (autumn) is its first occurrence. Returns `exists: false` for a skipped time so a
 * caller can refuse it with a clear message instead.
 */
export function zonedTimeToUtc(
  date: { year: number; month: number; day: number },
  time: { hour: number; minute: number },
  timeZone: string,
): { instant: Date; exists: boolean } {
  const wall = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  // Try both offsets around the wall time: the one before and the one after any change that day.
  const before = offsetMinutes(new Date(wall - 36 * 3_600_000), timeZone);
  const after = offsetMinutes(new Date(wall + 36 * 3_600_000), timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => new Date(wall - offset * 60_000))
    .filter((instant) => {
      const p = localParts(instant, timeZone);
      return p.hour === time.hour && p.minute === time.minute && p.day === date.day;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  if (candidates[0]) return { instant: candidates[0], exists: true };
  // Skipped wall time: use the offset in force before the change, which lands after the gap by its length.
  return { instant: new Date(wall - before * 60_000), exists: false };
}

export function parseHhMm(text: string): { hour: number; minute: number } {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match) throw new RangeError(`Bad HH:MM time ${text}`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

function minutesOfDay(t: { hour: number; minute: number }): number {
  return t.hour * 60 + t.minute;
}

/** True when the local time-of-day falls in the online hours [from, to) (spanning midnight when to < from). */
export function isWithinOnlineHours(schedule: OnlineSchedule, instant: Date, timeZone: string): boolean {
  const from = minutesOfDay(parseHhMm(schedule.from));
  const to = minutesOfDay(parseHhMm(schedule.to));
  if (from === to) return true; // A zero-length off-hours period: online all day.
  const p = localParts(instant, timeZone);
  const now = p.hour * 60 + p.minute;
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/**
 * The start of the off-hours period `instant` lies in, or null when `instant` is within online hours. Off-hours
 * begin at `to` local time, today or (when today's `to` is still ahead) yesterday.
 */
export function currentOffHoursStart(schedule: OnlineSchedule, instant: Date, timeZone: string): Date | null {
  if (isWithinOnlineHours(schedule, instant, timeZone)) return null;
  const to = parseHhMm(schedule.to);
  const today = localParts(instant, timeZone);
  const todayStart = zonedTimeToUtc(today, to, timeZone).instant;
  if (todayStart.getTime() <= instant.getTime()) return todayStart;
  const yesterdayNoon = new Date(Date.UTC(today.year, today.month - 1, today.day, 12) - 24 * 3_600_000);
  const y = localParts(yesterdayNoon, timeZone);
  return zonedTimeToUtc({ year: y.year, month: y.month, day: y.day }, to, timeZone).instant;
}

export interface ScheduledPresence {
  online: boolean;
  onlineSchedule: OnlineSchedule | null;
  onlineChangedAt: Date | null;
  timezone: string | null;
}

/**
 * Whether the online-schedule job must set this player offline now: online, with a schedule, in off-hours that
 * started after their last manual change. A player without a valid timezone is judged in UTC. Idempotent: once
 * offline it answers false.
 */
export function shouldGoOffline(player: ScheduledPresence, now: Date): boolean {
  if (!player.online || !player.onlineSchedule) return false;
  const zone = player.timezone && isValidTimezone(player.timezone) ? player.timezone : 'UTC';
  const start = currentOffHoursStart(player.onlineSchedule, now, zone);
  if (!start) return false;
  return player.onlineChangedAt === null || player.onlineChangedAt.getTime() < start.getTime();
}
