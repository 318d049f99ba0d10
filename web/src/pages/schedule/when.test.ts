import { formatSessionTime, ordinal } from './when';

describe('session times as the spec shows them', () => {
  it.each([
    [1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [11, '11th'], [12, '12th'], [13, '13th'], [21, '21st'], [22, '22nd'], [23, '23rd'], [31, '31st'],
  ])('%i -> %s', (day, text) => expect(ordinal(day)).toBe(text));

  it('weekday, month, ordinal day, 24-hour time and the UTC offset in the reader\'s zone, right across DST', () => {
    expect(formatSessionTime('2026-02-10T18:00:00.000Z', 'Europe/Zagreb')).toBe('Tuesday, February 10th at 19:00 (UTC+01:00)');
    expect(formatSessionTime('2026-03-29T16:00:00.000Z', 'Europe/Zagreb')).toBe('Sunday, March 29th at 18:00 (UTC+02:00)');
    expect(formatSessionTime('2026-11-01T23:00:00.000Z', 'America/New_York')).toBe('Sunday, November 1st at 18:00 (UTC-05:00)');
    expect(formatSessionTime('2026-07-01T00:30:00.000Z', 'Asia/Kolkata')).toBe('Wednesday, July 1st at 06:00 (UTC+05:30)');
  });
});
