import {
  CHESS960_POSITION_COUNT,
  STANDARD_CHESS960_NUMBER,
  START_POSITION_TYPES,
  chess960BackRank,
  chess960Fen,
  isLegalFen,
  isStartPositionType,
  isStudyPositionType,
} from './start-positions';

const STANDARD_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('start position types', () => {
  it('are exactly the five spec types (unset is the absence of a type)', () => {
    expect([...START_POSITION_TYPES].sort()).toEqual(
      ['endgame', 'freestyle', 'middlegame', 'opening', 'position_of_the_week'],
    );
    expect(isStartPositionType('freestyle')).toBe(true);
    expect(isStartPositionType('unset')).toBe(false);
    expect(isStartPositionType(null)).toBe(false);
  });

  it('study positions may only be position_of_the_week, middlegame or endgame', () => {
    expect(isStudyPositionType('endgame')).toBe(true);
    expect(isStudyPositionType('opening')).toBe(false);
    expect(isStudyPositionType('freestyle')).toBe(false);
    expect(isStudyPositionType(3)).toBe(false);
  });
});

describe('isLegalFen', () => {
  it('accepts the standard start position and ordinary game positions', () => {
    expect(isLegalFen(STANDARD_FEN)).toBe(true);
    expect(isLegalFen('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2')).toBe(true);
  });

  it('accepts a position where the side to move is in check', () => {
    // Black queen checks the white king along the e-file; white to move must answer it.
    expect(isLegalFen('4k3/8/8/8/4q3/8/8/4K3 w - - 0 1')).toBe(true);
  });

  it('rejects a position where the side NOT to move is in check', () => {
    // Same placement, but black to move could capture the white king.
    expect(isLegalFen('4k3/8/8/8/4q3/8/8/4K3 b - - 0 1')).toBe(false);
    // White knight gives check to the black king while it is white's turn.
    expect(isLegalFen('4k3/8/3N4/8/8/8/8/4K3 w - - 0 1')).toBe(false);
  });

  it.each([
    ['five fields (chess.js would silently pad them)', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0'],
    ['only the placement', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'],
    ['seven ranks', 'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'],
    ['a rank of nine squares', 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'],
    ['an unknown piece letter', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBXKBNR w KQkq - 0 1'],
    ['no white king', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w kq - 0 1'],
    ['two black kings', 'rnbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1'],
    ['a pawn on the first rank', '4k3/8/8/8/8/8/8/P3K3 w - - 0 1'],
    ['a bad side to move', STANDARD_FEN.replace(' w ', ' x ')],
    ['a bad en passant square', '4k3/8/8/8/8/8/8/4K3 w - e4 0 1'],
    ['a zero move number', '4k3/8/8/8/8/8/8/4K3 w - - 0 0'],
    ['the empty string', ''],
  ])('rejects %s', (_label, fen) => {
    expect(isLegalFen(fen)).toBe(false);
  });

  it('rejects values that are not strings', () => {
    expect(isLegalFen(undefined)).toBe(false);
    expect(isLegalFen(42)).toBe(false);
  });
});

describe('chess960Fen (Scharnagl numbering)', () => {
  const all = Array.from({ length: CHESS960_POSITION_COUNT }, (_, n) => n);

  it('number 518 is the standard chess position', () => {
    expect(STANDARD_CHESS960_NUMBER).toBe(518);
    expect(chess960Fen(518)).toBe(STANDARD_FEN);
  });

  it('matches published numbers from the Scharnagl table', () => {
    expect(chess960BackRank(0)).toBe('BBQNNRKR');
    expect(chess960BackRank(1)).toBe('BQNBNRKR');
    expect(chess960BackRank(959)).toBe('RKRNNQBB');
  });

  it('every number 0..959 gives a distinct position', () => {
    expect(new Set(all.map(chess960Fen)).size).toBe(CHESS960_POSITION_COUNT);
  });

  it('every position is legal and follows the Chess960 rules', () => {
    for (const n of all) {
      const fen = chess960Fen(n);
      const back = chess960BackRank(n);
      expect(isLegalFen(fen)).toBe(true);
      expect([...back].sort().join('')).toBe('BBKNNQRR');
      // Bishops on opposite colours: one on an even file index (dark), one on an odd (light).
      const bishops = [...back].flatMap((p, i) => (p === 'B' ? [i] : []));
      expect((bishops[0]! + bishops[1]!) % 2).toBe(1);
      // The king stands between the two rooks.
      const rooks = [...back].flatMap((p, i) => (p === 'R' ? [i] : []));
      const king = back.indexOf('K');
      expect(rooks[0]! < king && king < rooks[1]!).toBe(true);
      // Black mirrors white, pawns in place, white to move, castling on both sides.
      expect(fen).toBe(`${back.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${back} w KQkq - 0 1`);
    }
  });

  it.each([-1, 960, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %p as a number', (n) => {
    expect(() => chess960Fen(n)).toThrow(RangeError);
  });
});
