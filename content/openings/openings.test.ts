import * as fs from 'node:fs';
import { Chess } from 'chess.js';
import { isLegalFen } from '../../domain/start-positions';
import {
  OUTPUT_PATH,
  computeOpenings,
  familyOf,
  fenAfter,
  readSource,
  renderOpenings,
  validateSource,
  type OpeningSourceEntry,
} from '../../scripts/generate-openings';

const source = readSource() as OpeningSourceEntry[];

describe('openings source (content/openings/openings-source.json)', () => {
  it('lists at least 150 openings and lines', () => {
    expect(source.length).toBeGreaterThanOrEqual(150);
  });

  it('has unique names', () => {
    const names = source.map((e) => e.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('every line (name with a colon) has its opening as an entry of its own', () => {
    const names = new Set(source.map((e) => e.name));
    const orphans = source.map((e) => e.name).filter((n) => n.includes(':') && !names.has(familyOf(n)));
    expect(orphans).toEqual([]);
  });

  it('every move list is legal, canonical SAN from the standard start', () => {
    const failures: string[] = [];
    for (const { name, moves } of source) {
      const chess = new Chess();
      for (const san of moves.split(' ')) {
        let played: string | null = null;
        try {
          played = chess.move(san, { strict: true }).san;
        } catch {
          played = null;
        }
        if (played !== san) {
          failures.push(`${name}: ${san}`);
          break;
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('covers the main families named in the spec examples', () => {
    const names = new Set(source.map((e) => e.name));
    for (const n of ['Sicilian Defense', 'Sicilian Defense: Najdorf Variation', 'Ruy Lopez', "Queen's Gambit Declined"]) {
      expect(names.has(n)).toBe(true);
    }
  });
});

describe('web/public/openings.json', () => {
  const committed: unknown = JSON.parse(fs.readFileSync(OUTPUT_PATH, 'utf8'));

  it('is exactly what the generator computes today (run `npm run content:openings` if this fails)', () => {
    const expected = computeOpenings(source);
    expect(committed).toEqual(expected);
    // Same key order too: the picker groups lines under their opening by position in the file.
    expect(Object.keys(committed as object)).toEqual(Object.keys(expected));
    expect(fs.readFileSync(OUTPUT_PATH, 'utf8')).toBe(renderOpenings(expected));
  });

  it('maps every name to a legal FEN', () => {
    const entries = Object.entries(committed as Record<string, string>);
    expect(entries.length).toBe(source.length);
    expect(entries.filter(([, fen]) => !isLegalFen(fen)).map(([name]) => name)).toEqual([]);
  });

  it('groups each opening: its parent comes first and its lines follow without interruption', () => {
    const keys = Object.keys(committed as object);
    const seen = new Set<string>();
    let current = '';
    for (const key of keys) {
      const family = familyOf(key);
      if (family !== current) {
        expect({ key, familySeenBefore: seen.has(family) }).toEqual({ key, familySeenBefore: false });
        expect({ key, startsWithParent: key === family }).toEqual({ key, startsWithParent: true });
        seen.add(family);
        current = family;
      }
    }
  });

  it('has known positions for well-known names', () => {
    const map = committed as Record<string, string>;
    expect(map["King's Pawn Game"]).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    expect(map['Sicilian Defense: Najdorf Variation']).toBe(
      'rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6',
    );
  });
});

describe('generator rules', () => {
  it('names the opening and the move when a move is illegal', () => {
    expect(() => fenAfter('Broken Opening', 'e4 e5 Ke3')).toThrow(/Broken Opening.*"Ke3".*half-move 3/);
  });

  it('rejects SAN that chess.js would write differently (missing check mark, needless disambiguation)', () => {
    expect(() => fenAfter('No Check Mark', 'e4 e5 Nf3 d6 Bb5')).toThrow(/"Bb5"/);
    expect(() => fenAfter('Over-qualified', 'e4 e5 Ngf3')).toThrow(/"Ngf3"/);
    expect(() => fenAfter('Coordinates', 'e2e4')).toThrow(/"e2e4"/);
  });

  it('refuses a line whose opening has no entry', () => {
    expect(() => validateSource([{ name: 'Nowhere Defense: Main Line', moves: 'e4' }])).toThrow(
      /no parent entry "Nowhere Defense"/,
    );
  });

  it('refuses duplicate names and malformed entries', () => {
    expect(() => validateSource([{ name: 'A', moves: 'e4' }, { name: 'A', moves: 'd4' }])).toThrow(/listed twice/);
    expect(() => validateSource([{ name: 'A' }])).toThrow(/not \{name, moves\}/);
    expect(() => validateSource([{ name: 'A', moves: '  ' }])).toThrow(/no moves/);
    expect(() => validateSource({ name: 'A', moves: 'e4' })).toThrow(/array/);
  });

  it('groups lines under their opening even when the source interleaves them', () => {
    const result = computeOpenings([
      { name: 'B Opening: Line', moves: 'd4 d5' },
      { name: 'A Opening', moves: 'e4' },
      { name: 'B Opening', moves: 'd4' },
      { name: 'A Opening: Line', moves: 'e4 e5' },
      { name: 'B Opening: Other', moves: 'd4 Nf6' },
    ]);
    expect(Object.keys(result)).toEqual(['B Opening', 'B Opening: Line', 'B Opening: Other', 'A Opening', 'A Opening: Line']);
  });
});
