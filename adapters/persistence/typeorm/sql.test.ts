import { prepareStatement } from './sql';

describe('prepareStatement (one SQL text for both dialects)', () => {
  it('Postgres gets the text and values unchanged', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    expect(prepareStatement('postgres', 'SELECT * FROM t WHERE a = $1 AND b = $2 LIMIT $3', [true, at, 5])).toEqual({
      sql: 'SELECT * FROM t WHERE a = $1 AND b = $2 LIMIT $3',
      params: [true, at, 5],
    });
  });

  it('SQLite: placeholders in order of appearance (one used twice is bound twice), dates as UTC text, booleans 0/1', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    expect(prepareStatement('sqlite', 'SELECT * FROM t WHERE b = $2 AND (a = $1 OR c = $1) AND d = $3', ['x', at, false])).toEqual({
      sql: 'SELECT * FROM t WHERE b = ? AND (a = ? OR c = ?) AND d = ?',
      params: ['2026-01-02 03:04:05.678', 'x', 'x', 0],
    });
  });

  it('SQLite: a LIMIT or OFFSET placeholder is wrapped in CAST (a bare one costs SQLite more per run), same values', () => {
    expect(prepareStatement('sqlite', 'SELECT id FROM t WHERE a = $1 ORDER BY id DESC LIMIT $2 OFFSET $3', [1, 50, 10])).toEqual({
      sql: 'SELECT id FROM t WHERE a = ? ORDER BY id DESC LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)',
      params: [1, 50, 10],
    });
  });

  it('the same text converts the same way every time (converted once, reused), and a missing parameter is refused', () => {
    const first = prepareStatement('sqlite', 'SELECT $1, $2', [1, 2]);
    expect(prepareStatement('sqlite', 'SELECT $1, $2', [3, 4])).toEqual({ sql: first.sql, params: [3, 4] });
    expect(() => prepareStatement('sqlite', 'SELECT $1, $2', [1])).toThrow('SQL placeholder $2 has no parameter');
  });
});
