import { Chess, validateFen } from 'chess.js';

export {
  START_POSITION_TYPES,
  STUDY_POSITION_TYPES,
  isStartPositionType,
  isStudyPositionType,
  type StartPositionType,
  type StudyPositionType,
  type StudyPosition,
} from './start-position-types';

/**
 * True when `fen` is a complete six-field FEN that chess.js accepts and the side NOT to move is not in check
 * (chess.js alone accepts such positions, but they cannot arise in a game: the king could simply be taken).
 */
export function isLegalFen(fen: unknown): boolean {
  if (typeof fen !== 'string' || !validateFen(fen).ok) return false;
  let chess: Chess;
  try {
    chess = new Chess(fen);
  } catch {
    return false;
  }
  const mover = chess.turn();
  const [waitingKing] = chess.findPiece({ type: 'k', color: mover === 'w' ? 'b' : 'w' });
  return waitingKing !== undefined && !chess.isAttacked(waitingKing, mover);
}

export const CHESS960_POSITION_COUNT = 960;
/** Scharnagl number of the ordinary chess setup RNBQKBNR. */
export const STANDARD_CHESS960_NUMBER = 518;

/** Where the two knights go among the five squares left after bishops and queen (Scharnagl's table). */
const KNIGHT_PLACEMENTS: readonly (readonly [number, number])[] = [
  [0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4],
];

/**
 * The white back rank (files a..h) of Chess960 position `n` in Scharnagl's numbering:
 * light-squared bishop, dark-squared bishop, queen, knights, then rook-king-rook on the three squares left.
 */
export function chess960BackRank(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= CHESS960_POSITION_COUNT) {
    throw new RangeError(`Chess960 number must be an integer 0..959, got ${n}`);
  }
  const rank: (string | null)[] = new Array<string | null>(8).fill(null);
  // Files b, d, f, h (odd indexes) are light squares on the first rank; a, c, e, g are dark.
  rank[2 * (n % 4) + 1] = 'B';
  const n2 = Math.floor(n / 4);
  rank[2 * (n2 % 4)] = 'B';
  const n3 = Math.floor(n2 / 4);
  const emptyAfterBishops = emptyFiles(rank);
  rank[emptyAfterBishops[n3 % 6]] = 'Q';
  const [k1, k2] = KNIGHT_PLACEMENTS[Math.floor(n3 / 6)];
  const emptyAfterQueen = emptyFiles(rank);
  rank[emptyAfterQueen[k1]] = 'N';
  rank[emptyAfterQueen[k2]] = 'N';
  // The last three squares take rook, king, rook in that order, so the king always sits between the rooks.
  const lastThree = emptyFiles(rank);
  ['R', 'K', 'R'].forEach((piece, i) => {
    rank[lastThree[i]] = piece;
  });
  return rank.join('');
}

/**
 * FEN of the freestyle (Chess960) start position numbered `n` (0..959). Callers choose the number (randomly or
 * not); this stays pure. Castling is written "KQkq" (X-FEN): in a start position each side's rooks are the
 * outermost ones, which is exactly what X-FEN's KQkq means and what chess.js accepts.
 */
export function chess960Fen(n: number): string {
  const white = chess960BackRank(n);
  return `${white.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${white} w KQkq - 0 1`;
}

function emptyFiles(rank: readonly (string | null)[]): number[] {
  const files: number[] = [];
  rank.forEach((piece, file) => {
    if (piece === null) files.push(file);
  });
  return files;
}
