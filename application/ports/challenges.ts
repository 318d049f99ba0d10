import type { CancelReason, Color, LiveStatus, PlayAs, GameProgress } from '../../domain/challenges';
import type { Cents } from '../../domain/money';
import type { StartPositionType } from '../../domain/start-positions';

/** A live challenge as stored. Money in cents; `priceCents` is fixed when it is sent (server.md 4.3). */
export interface ChallengeRecord {
  id: number;
  batchId: string;
  sourceUserId: number;
  targetUserId: number;
  status: LiveStatus;
  /** Why it was canceled (null unless status is canceled). */
  cancelReason: CancelReason | null;
  pricePerMinCents: Cents;
  priceCents: Cents;
  minsPerSide: number;
  incrementSecs: number;
  playAs: PlayAs;
  startingFen: string | null;
  startingPositionType: StartPositionType | null;
  /** The colour the sender plays, settled when the game is created. */
  sourceColor: Color | null;
  gameId: string | null;
  sourceUrl: string | null;
  targetUrl: string | null;
  createdAt: Date;
  acceptedAt: Date | null;
  endedAt: Date | null;
  updatedAt: Date;
}

export type NewChallenge = Omit<
  ChallengeRecord,
  'id' | 'status' | 'cancelReason' | 'sourceColor' | 'gameId' | 'sourceUrl' | 'targetUrl' | 'acceptedAt' | 'endedAt' | 'updatedAt' | 'batchId' | 'createdAt'
>;

/**
 * One send: the challenges to several targets, the one hold covering the highest price, and the row that
 * decides the batch's fate. `open` until the first accept (`won`) or until nothing in it can be accepted any
 * more (`closed`: all rejected, canceled or expired). Every change of a batch's fate is one conditional write
 * on this row (`... WHERE status = 'open'`), which is what makes "first accept wins" hold across processes.
 */
export type BatchStatus = 'open' | 'won' | 'closed';
export interface ChallengeBatch {
  id: string;
  sourceUserId: number;
  holdId: string;
  holdCents: Cents;
  status: BatchStatus;
  winnerChallengeId: number | null;
  createdAt: Date;
}

export const ChallengeRepository = Symbol.for('ChallengeRepository');
export interface ChallengeRepository {
  /** Inserts the batch (status open) and its pending challenges; returns them in the order given. */
  createBatch(batch: Omit<ChallengeBatch, 'status' | 'winnerChallengeId'>, challenges: NewChallenge[]): Promise<ChallengeRecord[]>;
  findById(id: number): Promise<ChallengeRecord | null>;
  findBatch(id: string): Promise<ChallengeBatch | null>;
  /**
   * Takes the batch row's lock for the rest of the unit of work where the store has row locks (Postgres), so
   * two rejects of the last two pending challenges cannot both miss that the batch is now done. SQLite and
   * memory are serialized already.
   */
  lockBatch(id: string): Promise<void>;
  findOpenBatchOf(sourceUserId: number): Promise<ChallengeBatch | null>;
  /** open -> won with the winner, one conditional write; false when the batch was no longer open. */
  winBatch(id: string, challengeId: number): Promise<boolean>;
  /** open -> closed, one conditional write; false when the batch was no longer open. */
  closeBatch(id: string): Promise<boolean>;
  /**
   * Moves one challenge from `from` to `to` in one conditional write (`WHERE id = ? AND status = from`); false
   * when its status was not `from`. Sets updated_at, and accepted_at / ended_at as the new status implies.
   */
  changeStatus(id: number, from: LiveStatus, to: LiveStatus, at: Date, cancelReason?: CancelReason): Promise<boolean>;
  /** Every pending challenge of the batch (except `exceptId`) -> `to`; returns how many moved. */
  endPendingInBatch(batchId: string, to: 'canceled' | 'expired', at: Date, cancelReason: CancelReason | null, exceptId?: number): Promise<number>;
  countPendingInBatch(batchId: string): Promise<number>;
  /** Records the created game on an accepted challenge; false when it is no longer accepted. */
  setGame(id: number, game: { gameId: string; sourceColor: Color; sourceUrl: string; targetUrl: string }, at: Date): Promise<boolean>;
  /**
   * The viewer's live challenges, sent or received: pending and accepted ones, and those that ended at or
   * after `endedSince` (so a client can show the outcome). Newest first, at most `limit`.
   */
  listForUser(userId: number, endedSince: Date, limit: number): Promise<ChallengeRecord[]>;
  listBatch(batchId: string): Promise<ChallengeRecord[]>;
  /** Open batches sent before `createdBefore` (their challenges have all expired), oldest first. */
  findExpiredOpenBatches(createdBefore: Date, limit: number): Promise<ChallengeBatch[]>;
  /** Accepted challenges (games to follow), the longest-waiting first. */
  findAccepted(limit: number): Promise<ChallengeRecord[]>;
  /** Pending challenges to any of these targets sent at or before `sentBefore`, oldest first. */
  findPendingForTargets(targetIds: number[], sentBefore: Date, limit: number): Promise<ChallengeRecord[]>;
  /** Admin view: newest first, optionally one status and/or one participant. */
  search(filter: { status?: LiveStatus; userId?: number; limit: number; beforeId?: number }): Promise<ChallengeRecord[]>;
}

// ---- The chess site (Lichess, or the development stand-in)

export interface GamePlayer {
  /** The player's chess-site username; null when they have none (the game is then open to whoever joins). */
  username: string | null;
}

export interface NewGame {
  /** Our challenge id, for the game's name and the stand-in's records. */
  challengeId: number;
  white: GamePlayer;
  black: GamePlayer;
  clockLimitSeconds: number;
  incrementSeconds: number;
  /** Standard start, a Chess960 position, or any other FEN. */
  variant: 'standard' | 'chess960' | 'fromPosition';
  fen: string | null;
  name: string;
  /** When the game offer lapses on the site if nobody joins. */
  expiresAt: Date;
}

export interface CreatedGame {
  gameId: string;
  whiteUrl: string;
  blackUrl: string;
}

export interface GameStatus {
  progress: GameProgress;
  /** The site's own status word (mate, resign, aborted...), kept for the records. */
  status: string;
  winner: 'white' | 'black' | null;
}

/**
 * Where the games are played. Calls go over the network: never call inside a unit of work (the in-memory
 * and test adapters fail loudly if one is open, see GuardedChessSite). Failures raise AppError('chess_site').
 */
export const ChessSite = Symbol.for('ChessSite');
export interface ChessSite {
  createGame(game: NewGame): Promise<CreatedGame>;
  /** The game's progress; a game the site does not know (yet) is `waiting`. */
  gameStatus(gameId: string): Promise<GameStatus>;
}
