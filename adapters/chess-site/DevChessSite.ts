import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChessSite, CreatedGame, GameStatus, NewGame } from '../../application/ports/challenges';
import { progressOf } from './LichessChessSite';

export const DevChessSiteOptions = Symbol.for('DevChessSiteOptions');
export interface DevChessSiteOptions {
  /** Where the games are kept (one JSON file each), so a restart does not lose a game being played. */
  directory: string;
  publicUrl: string;
}

/** The stand-in's end of a game, in Lichess's own status words so the same settlement rules apply. */
export const DEV_RESULTS = {
  white: { status: 'mate', winner: 'white' },
  black: { status: 'resign', winner: 'black' },
  draw: { status: 'draw', winner: null },
  aborted: { status: 'aborted', winner: null },
} as const;
export type DevResult = keyof typeof DEV_RESULTS;

export interface DevGame {
  id: string;
  name: string;
  white: string | null;
  black: string | null;
  clockLimitSeconds: number;
  incrementSeconds: number;
  variant: NewGame['variant'];
  fen: string | null;
  /** Lichess status words: created, started, mate, resign, draw, aborted. */
  status: string;
  winner: 'white' | 'black' | null;
  createdAt: string;
}

const GAME_ID = /^[A-Za-z0-9]{8}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The development chess site (server.md 11): games live in files under the data folder, the returned links open
 * a local page (/dev/game/{id}) that shows the game and ends it the way Lichess would (white wins, black wins,
 * draw, aborted), so the whole paid flow runs on one machine.
 */
export class DevChessSite implements ChessSite {
  constructor(private readonly options: DevChessSiteOptions) {
    mkdirSync(options.directory, { recursive: true });
  }

  async createGame(game: NewGame): Promise<CreatedGame> {
    const id = [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    this.save({
      id,
      name: game.name,
      white: game.white.username,
      black: game.black.username,
      clockLimitSeconds: game.clockLimitSeconds,
      incrementSeconds: game.incrementSeconds,
      variant: game.variant,
      fen: game.fen,
      status: 'created',
      winner: null,
      createdAt: new Date().toISOString(),
    });
    const base = `${this.options.publicUrl}/dev/game/${id}`;
    return { gameId: id, whiteUrl: `${base}?color=white`, blackUrl: `${base}?color=black` };
  }

  async gameStatus(gameId: string): Promise<GameStatus> {
    const game = this.find(gameId);
    if (!game) return { progress: 'waiting', status: 'notFound', winner: null };
    return { progress: progressOf(game.status), status: game.status, winner: game.winner };
  }

  /** The game for a well-formed id, or null (never a path built from anything else). */
  find(gameId: string): DevGame | null {
    if (!GAME_ID.test(gameId)) return null;
    try {
      return JSON.parse(readFileSync(this.path(gameId), 'utf8')) as DevGame;
    } catch {
      return null;
    }
  }

  /** A player opened the page: the game has started (as on Lichess once both have joined). */
  markStarted(gameId: string): DevGame | null {
    const game = this.find(gameId);
    if (game && game.status === 'created') this.save({ ...game, status: 'started' });
    return this.find(gameId);
  }

  /** Ends a game that is not over yet; an ended game keeps its result. */
  end(gameId: string, result: DevResult): DevGame | null {
    const game = this.find(gameId);
    if (!game) return null;
    if (game.status === 'created' || game.status === 'started') {
      const { status, winner } = DEV_RESULTS[result];
      // An abort after the game started is what Lichess reports too (no result, nobody paid).
      this.save({ ...game, status, winner });
    }
    return this.find(gameId);
  }

  private path(gameId: string): string {
    return join(this.options.directory, `${gameId}.json`);
  }

  private save(game: DevGame): void {
    const temp = `${this.path(game.id)}.tmp`;
    writeFileSync(temp, JSON.stringify(game));
    renameSync(temp, this.path(game.id));
  }
}
