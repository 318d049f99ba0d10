import { currentOffHoursStart, isWithinOnlineHours, offsetMinutes, shouldGoOffline, zonedTimeToUtc, type ScheduledPresence } from './online-schedule';

const day = { from: '08:00', to: '23:00' };
const night = { from: '20:00', to: '02:00' };

function player(patch: Partial<ScheduledPresence>): ScheduledPresence {
  return { online: true, onlineSchedule: day, onlineChangedAt: new Date('2026-01-01T00:00:00Z'), timezone: 'Europe/Zagreb', ...patch };
}

describe('zonedTimeToUtc', () => {
  it('converts a wall-clock time with the offset in force that day (winter and summer Zagreb)', () => {
    expect(zonedTimeToUtc({ year: 2026, month: 1, day: 15 }, { hour: 23, minute: 0 }, 'Europe/Zagreb')).toEqual({
      instant: new Date('2026-01-15T22:00:00Z'),
      exists: true,
    });
    expect(zonedTimeToUtc({ year: 2026, month: 7, day: 15 }, { hour: 23, minute: 0 }, 'Europe/Zagreb').instant).toEqual(new Date('2026-07-15T21:00:00Z'));
  });

  it('a time skipped by spring-forward (02:30 on 2026-03-29 in Zagreb) does not exist and lands after the gap', () => {
    const result = zonedTimeToUtc({ year: 2026, month: 3, day: 29 }, { hour: 2, minute: 30 }, 'Europe/Zagreb');
    expect(result.exists).toBe(false);
    expect(result.instant).toEqual(new Date('2026-03-29T01:30:00Z')); // 03:30 CEST
  });

  it('a time that happens twice (02:30 on 2026-10-25 in Zagreb) is its first occurrence', () => {
    const result = zonedTimeToUtc({ year: 2026, month: 10, day: 25 }, { hour: 2, minute: 30 }, 'Europe/Zagreb');
    expect(result).toEqual({ instant: new Date('2026-10-25T00:30:00Z'), exists: true }); // 02:30 CEST
  });

  it('New York DST days: 2026-03-08 02:30 skipped, 2026-11-01 01:30 first occurrence', () => {
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 8 }, { hour: 2, minute: 30 }, 'America/New_York').exists).toBe(false);
    expect(zonedTimeToUtc({ year: 2026, month: 11, day: 1 }, { hour: 1, minute: 30 }, 'America/New_York').instant).toEqual(
      new Date('2026-11-01T05:30:00Z'),
    );
  });

  it('offsetMinutes reads the zone offset', () => {
    expect(offsetMinutes(new Date('2026-01-15T12:00:00Z'), 'Europe/Zagreb')).toBe(60);
    expect(offsetMinutes(new Date('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-240);
  });
});

describe('online hours and off-hours start', () => {
  it('[from, to) is online; a schedule spanning midnight wraps', () => {
    const zone = 'UTC';
    expect(isWithinOnlineHours(day, new Date('2026-01-15T08:00:00Z'), zone)).toBe(true);
    expect(isWithinOnlineHours(day, new Date('2026-01-15T22:59:00Z'), zone)).toBe(true);
    expect(isWithinOnlineHours(day, new Date('2026-01-15T23:00:00Z'), zone)).toBe(false);
    expect(isWithinOnlineHours(day, new Date('2026-01-15T07:59:00Z'), zone)).toBe(false);
    expect(isWithinOnlineHours(night, new Date('2026-01-15T21:00:00Z'), zone)).toBe(true);
    expect(isWithinOnlineHours(night, new Date('2026-01-16T01:59:00Z'), zone)).toBe(true);
    expect(isWithinOnlineHours(night, new Date('2026-01-16T02:00:00Z'), zone)).toBe(false);
    expect(isWithinOnlineHours({ from: '10:00', to: '10:00' }, new Date('2026-01-16T03:00:00Z'), zone)).toBe(true);
  });

  it('off-hours after midnight started at yesterday\'s `to`', () => {
    expect(currentOffHoursStart(day, new Date('2026-01-16T03:00:00Z'), 'Europe/Zagreb')).toEqual(new Date('2026-01-15T22:00:00Z'));
    expect(currentOffHoursStart(day, new Date('2026-01-15T22:30:00Z'), 'Europe/Zagreb')).toEqual(new Date('2026-01-15T22:00:00Z'));
    expect(currentOffHoursStart(day, new Date('2026-01-15T12:00:00Z'), 'Europe/Zagreb')).toBeNull();
  });

  it('a span over midnight: off-hours 02:00..20:00 start at 02:00 local', () => {
    expect(currentOffHoursStart(night, new Date('2026-01-16T10:00:00Z'), 'UTC')).toEqual(new Date('2026-01-16T02:00:00Z'));
  });
});

describe('shouldGoOffline (server.md 4.7)', () => {
  it('goes offline when off-hours started after the last manual change; stays offline once offline', () => {
    expect(shouldGoOffline(player({}), new Date('2026-01-15T22:00:00Z'))).toBe(true);
    expect(shouldGoOffline(player({ online: false }), new Date('2026-01-15T22:00:00Z'))).toBe(false);
  });

  it('not a minute early: 22:59 local is still online hours', () => {
    expect(shouldGoOffline(player({}), new Date('2026-01-15T21:59:00Z'))).toBe(false);
  });

  it('a manual "online" during off-hours sticks until the next off-hours period', () => {
    const manual = player({ onlineChangedAt: new Date('2026-01-15T23:30:00Z') });
    expect(shouldGoOffline(manual, new Date('2026-01-16T01:00:00Z'))).toBe(false);
    expect(shouldGoOffline(manual, new Date('2026-01-16T12:00:00Z'))).toBe(false); // online hours
    expect(shouldGoOffline(manual, new Date('2026-01-16T22:00:00Z'))).toBe(true); // next period
  });

  it('no schedule, no automatic change', () => {
    expect(shouldGoOffline(player({ onlineSchedule: null }), new Date('2026-01-15T22:30:00Z'))).toBe(false);
  });

  it('a player without a timezone is judged in UTC', () => {
    expect(shouldGoOffline(player({ timezone: null }), new Date('2026-01-15T22:30:00Z'))).toBe(false);
    expect(shouldGoOffline(player({ timezone: null }), new Date('2026-01-15T23:00:00Z'))).toBe(true);
  });

  describe('right across daylight-saving changes', () => {
    it('Zagreb spring forward (2026-03-29): 23:00 local is 21:00Z that evening', () => {
      expect(shouldGoOffline(player({}), new Date('2026-03-29T20:59:00Z'))).toBe(false);
      expect(shouldGoOffline(player({}), new Date('2026-03-29T21:00:00Z'))).toBe(true);
    });

    it('Zagreb fall back (2026-10-25): 23:00 local is 22:00Z that evening', () => {
      expect(shouldGoOffline(player({}), new Date('2026-10-25T21:59:00Z'))).toBe(false);
      expect(shouldGoOffline(player({}), new Date('2026-10-25T22:00:00Z'))).toBe(true);
    });

    it('Zagreb: an off-hours start at 02:30 on the spring-forward night starts right after the gap', () => {
      const early = player({ onlineSchedule: { from: '08:00', to: '02:30' } });
      expect(shouldGoOffline(early, new Date('2026-03-29T00:59:00Z'))).toBe(false); // 01:59 CET
      expect(shouldGoOffline(early, new Date('2026-03-29T01:30:00Z'))).toBe(true); // 03:30 CEST
    });

    it('New York spring forward (2026-03-08) and fall back (2026-11-01): 23:00 local', () => {
      const ny = player({ timezone: 'America/New_York' });
      expect(shouldGoOffline(ny, new Date('2026-03-09T02:59:00Z'))).toBe(false);
      expect(shouldGoOffline(ny, new Date('2026-03-09T03:00:00Z'))).toBe(true); // 23:00 EDT
      expect(shouldGoOffline(ny, new Date('2026-11-02T03:59:00Z'))).toBe(false);
      expect(shouldGoOffline(ny, new Date('2026-11-02T04:00:00Z'))).toBe(true); // 23:00 EST
    });

    it('New York: a span over midnight ending 01:30 on the fall-back night ends at the first 01:30', () => {
      const late = player({ timezone: 'America/New_York', onlineSchedule: { from: '18:00', to: '01:30' } });
      expect(shouldGoOffline(late, new Date('2026-11-01T05:29:00Z'))).toBe(false); // 01:29 EDT
      expect(shouldGoOffline(late, new Date('2026-11-01T05:30:00Z'))).toBe(true); // 01:30 EDT
    });
  });
});
