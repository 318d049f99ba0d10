import type { Cents } from './money';
import { roundHalfUpToCent } from './money';
export { categoryOf, CLASSICAL_DISCOUNT_PERCENT, livePriceCents, type Category } from './pricing';
import { LIMITS } from './limits';
import { isLegalFen, isStartPositionType, type StartPositionType } from './start-positions';
import type { ValidationIssue } from './errors';

/**
 * Live paid challenges: the game config, category and price, and the challenge state machine. Pure: time comes
 * in as arguments, nothing here reads a clock or a database.
 */

export const PLAY_AS = ['white', 'black', 'random'] as const;
export type PlayAs = (typeof PLAY_AS)[number];
export type Color = 'white' | 'black';

/** The client's game config (spec section 3), as the server receives it. */
export interface GameConfig {
  minsPerSide: number;
  incrementInSecs: number;
  playAs: PlayAs;
  startingFen: string | null;
  startingPositionType: StartPositionType | null;
}

export const DEFAULT_GAME_CONFIG: GameConfig = {
  minsPerSide: 10,
  incrementInSecs: 0,
  playAs: 'random',
  startingFen: null,
  startingPositionType: null,
};

/**
 * Every problem with a game config, empty when it is valid (server.md 4.3). The server is strict where the
 * client clamps: a value out of range is refused, not silently changed, because the price depends on it.
 * A freestyle game needs no FEN: the server draws the Chess960 position when the game is created.
 */
export function gameConfigProblems(config: GameConfig): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const { minsPerSide: m, incrementSecs: inc } = LIMITS;
  if (!Number.isInteger(config.minsPerSide) || config.minsPerSide < m.min || config.minsPerSide > m.max) {
    issues.push({ path: 'minsPerSide', message: `Minutes per side must be a whole number from ${m.min} to ${m.max}` });
  }
  if (!Number.isInteger(config.incrementInSecs) || config.incrementInSecs < inc.min || config.incrementInSecs > inc.max) {
    issues.push({ path: 'incrementInSecs', message: `Increment must be a whole number of seconds from ${inc.min} to ${inc.max}` });
  }
  if (!(PLAY_AS as readonly string[]).includes(config.playAs)) {
    issues.push({ path: 'playAs', message: 'Play as must be white, black or random' });
  }
  const type = config.startingPositionType;
  if (type !== null && !isStartPositionType(type)) {
    issues.push({ path: 'startingPositionType', message: 'Unknown start position type' });
  }
  if (type === 'freestyle') {
    if (config.startingFen !== null) issues.push({ path: 'startingFen', message: 'A freestyle game gets its position from the server' });
  } else if (type !== null && config.startingFen === null) {
    issues.push({ path: 'startingFen', message: 'A start position type needs a starting FEN' });
  } else if (type === null && config.startingFen !== null) {
    issues.push({ path: 'startingPositionType', message: 'A starting FEN needs a start position type' });
  }
  if (config.startingFen !== null && !isLegalFen(config.startingFen)) {
    issues.push({ path: 'startingFen', message: 'Starting FEN is not a legal chess position' });
  }
  return issues;
}

// ---- Category and price: domain/pricing.ts (free of chess.js, so the web can use it on any route)

/** A batch holds the highest of its targets' prices: whoever accepts first, the hold covers them. */
export function batchHoldCents(pricesCents: readonly Cents[]): Cents {
  if (pricesCents.length === 0) throw new RangeError('A batch has at least one target');
  return Math.max(...pricesCents);
}

/** The platform's share of a payout, rounded half-up; the pro gets the rest, so the two always add up. */
export function splitPayout(priceCents: Cents, feePercent: number): { proCents: Cents; feeCents: Cents } {
  const feeCents = roundHalfUpToCent((priceCents * feePercent) / 100);
  return { proCents: priceCents - feeCents, feeCents };
}

/** Who plays white: `random` is settled by the caller's coin (the server shuffles, server.md 4.5). */
export function sourceColor(playAs: PlayAs, coin: () => boolean): Color {
  if (playAs === 'white' || playAs === 'black') return playAs;
  return coin() ? 'white' : 'black';
}

// ---- The state machine (server.md 4.2)

export const LIVE_STATUSES = ['pending', 'accepted', 'rejected', 'canceled', 'expired', 'finished'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];
export const TERMINAL_LIVE_STATUSES: readonly LiveStatus[] = ['rejected', 'canceled', 'expired', 'finished'];

/** Why an accepted game ended without being played; stored for the statement and the admin. */
export type CancelReason = 'sender_canceled' | 'sibling_accepted' | 'newer_batch' | 'chess_site_failed' | 'game_not_started' | 'admin_canceled';

export type ChallengeState =
  | { status: 'pending' }
  | { status: 'accepted' }
  | { status: 'rejected' }
  | { status: 'canceled'; reason: CancelReason }
  | { status: 'expired' }
  | { status: 'finished' };

export type Actor = { role: 'source' } | { role: 'target' } | { role: 'system' };

/**
 * The events that move a challenge. `accept` and `reject` are the target's, `cancel` the source's (or the
 * system's when a sibling wins or a newer batch replaces this one), `expire` and `not_started` the system's,
 * `finish` either player's or the system's (the game follow-up job).
 */
export type ChallengeEvent =
  | { type: 'accept'; by: Actor }
  | { type: 'reject'; by: Actor }
  | { type: 'cancel'; by: Actor; reason: CancelReason }
  | { type: 'expire' }
  | { type: 'finish'; by: Actor }
  | { type: 'not_started'; reason: 'chess_site_failed' | 'game_not_started' };

export type TransitionResult = { ok: true; state: ChallengeState } | { ok: false; error: string };

function refuse(error: string): TransitionResult {
  return { ok: false, error };
}

/** The one transition function: the next state, or why the event is not allowed now. Terminal states never change. */
export function transition(state: ChallengeState, event: ChallengeEvent): TransitionResult {
  if ((TERMINAL_LIVE_STATUSES as readonly string[]).includes(state.status)) return refuse(`The challenge is already ${state.status}`);
  switch (event.type) {
    case 'accept':
      if (event.by.role !== 'target') return refuse('Only the challenged player can accept');
      return state.status === 'pending' ? { ok: true, state: { status: 'accepted' } } : refuse(`Cannot accept a ${state.status} challenge`);
    case 'reject':
      if (event.by.role !== 'target') return refuse('Only the challenged player can decline');
      return state.status === 'pending' ? { ok: true, state: { status: 'rejected' } } : refuse(`Cannot decline a ${state.status} challenge`);
    case 'cancel':
      if (event.by.role === 'target') return refuse('Only the sender can cancel a challenge');
      if (event.by.role === 'source' && event.reason !== 'sender_canceled') return refuse('A sender cancels only as the sender');
      return state.status === 'pending'
        ? { ok: true, state: { status: 'canceled', reason: event.reason } }
        : refuse(`Cannot cancel a ${state.status} challenge`);
    case 'expire':
      return state.status === 'pending' ? { ok: true, state: { status: 'expired' } } : refuse(`Cannot expire a ${state.status} challenge`);
    case 'finish':
      return state.status === 'accepted' ? { ok: true, state: { status: 'finished' } } : refuse(`Cannot finish a ${state.status} challenge`);
    case 'not_started':
      return state.status === 'accepted'
        ? { ok: true, state: { status: 'canceled', reason: event.reason } }
        : refuse(`Cannot refund a ${state.status} challenge`);
  }
}

/** Who the viewer is in a challenge, or null when it is not theirs. */
export function actorFor(challenge: { sourceUserId: number; targetUserId: number }, userId: number): Actor | null {
  if (challenge.sourceUserId === userId) return { role: 'source' };
  if (challenge.targetUserId === userId) return { role: 'target' };
  return null;
}

/** When a pending challenge expires (server.md 4.6). */
export function expiresAt(createdAt: Date, ttlSeconds: number): Date {
  return new Date(createdAt.getTime() + ttlSeconds * 1000);
}

/**
 * The status every read shows: a pending challenge past its TTL is expired, whether or not the sweep has
 * written it yet, so a 1 Hz poll never needs to write. Expiry is exclusive: at exactly `createdAt + ttl` it is
 * expired.
 */
export function effectiveStatus(challenge: { status: LiveStatus; createdAt: Date }, now: Date, ttlSeconds: number): LiveStatus {
  if (challenge.status === 'pending' && now.getTime() >= expiresAt(challenge.createdAt, ttlSeconds).getTime()) return 'expired';
  return challenge.status;
}

// ---- The game on the chess site

/** What the chess site says about a game, reduced to what settlement needs. */
export type GameProgress = 'waiting' | 'playing' | 'over' | 'never_started';

/**
 * How settlement treats an accepted challenge given the game's progress: pay the pro, refund the sender, or
 * wait. A game that has not started within `gameStartTimeoutMinutes` of the accept is refunded (server.md 4.4).
 */
export function settlementFor(progress: GameProgress | 'no_game', acceptedAt: Date, now: Date, gameStartTimeoutMinutes: number): 'pay' | 'refund' | 'wait' {
  if (progress === 'over') return 'pay';
  if (progress === 'never_started') return 'refund';
  const startDeadlinePassed = now.getTime() - acceptedAt.getTime() >= gameStartTimeoutMinutes * 60_000;
  if ((progress === 'waiting' || progress === 'no_game') && startDeadlinePassed) return 'refund';
  return 'wait';
}

/** Lichess's clock: the initial time in seconds. */
export function clockLimitSeconds(minsPerSide: number): number {
  return minsPerSide * 60;
}
