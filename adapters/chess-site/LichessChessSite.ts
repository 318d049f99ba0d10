import { z } from 'zod';
import type { ChessSite, CreatedGame, GameStatus, NewGame } from '../../application/ports/challenges';
import type { GameProgress } from '../../domain/challenges';
import { AppError } from '../../domain/errors';

export interface LichessChessSiteOptions {
  /** https://lichess.org, or a local stand-in in tests. */
  baseUrl: string;
  /** Optional API token: not needed for open challenges, but raises Lichess's rate limits. */
  token: string | null;
  timeoutMs?: number;
}

/** The part of Lichess's open-challenge answer we use (lichess-org/api: ChallengeOpenJson). */
const OpenChallengeJson = z.object({
  id: z.string().regex(/^[A-Za-z0-9]{8}$/),
  url: z.string().url(),
  urlWhite: z.string().url(),
  urlBlack: z.string().url(),
});

/** The part of a game export we use (lichess-org/api: GameJson). */
const GameJson = z.object({
  id: z.string(),
  status: z.string(),
  winner: z.enum(['white', 'black']).optional(),
});

const ErrorJson = z.object({ error: z.unknown() }).partial();

/** Lichess game statuses (GameStatusName) reduced to what settlement needs. Unknown words count as over. */
export function progressOf(status: string): GameProgress {
  switch (status) {
    case 'created':
      return 'waiting';
    case 'started':
      return 'playing';
    case 'aborted':
    case 'noStart':
      return 'never_started';
    default:
      return 'over';
  }
}

/**
 * Games on Lichess through its public API. `POST /api/challenge/open` creates an unrated game only the two named
 * players may join (the first name plays white), with our clock, variant and position, no rematch, and an offer
 * that lapses. `GET /game/export/{id}` tells how it went. Every failure (HTTP error, 429, time-out, an answer
 * of the wrong shape) is AppError('chess_site'); nothing here retries, the callers decide.
 */
export class LichessChessSite implements ChessSite {
  private readonly timeoutMs: number;

  constructor(private readonly options: LichessChessSiteOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async createGame(game: NewGame): Promise<CreatedGame> {
    const form = new URLSearchParams({
      rated: 'false',
      'clock.limit': String(game.clockLimitSeconds),
      'clock.increment': String(game.incrementSeconds),
      variant: game.variant,
      name: game.name.slice(0, 30),
      rules: 'noRematch',
      expiresAt: String(game.expiresAt.getTime()),
    });
    if (game.fen) form.set('fen', game.fen);
    // Only when both names are known: Lichess refuses a lone name, and an open game without names is joinable by link.
    if (game.white.username && game.black.username) form.set('users', `${game.white.username},${game.black.username}`);
    const response = await this.request('/api/challenge/open', { method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    const parsed = OpenChallengeJson.safeParse(await this.json(response));
    if (!parsed.success) throw new AppError('chess_site', 'Lichess answered the game request with an unexpected shape');
    return { gameId: parsed.data.id, whiteUrl: parsed.data.urlWhite, blackUrl: parsed.data.urlBlack };
  }

  async gameStatus(gameId: string): Promise<GameStatus> {
    if (!/^[A-Za-z0-9]{8}$/.test(gameId)) throw new AppError('chess_site', 'Not a Lichess game id');
    const query = 'moves=false&clocks=false&evals=false&opening=false';
    const response = await this.request(`/game/export/${gameId}?${query}`, { method: 'GET' }, [404]);
    // Nobody has joined the open game yet: Lichess has no game by that id.
    if (response.status === 404) return { progress: 'waiting', status: 'notFound', winner: null };
    const parsed = GameJson.safeParse(await this.json(response));
    if (!parsed.success) throw new AppError('chess_site', 'Lichess answered the game export with an unexpected shape');
    return { progress: progressOf(parsed.data.status), status: parsed.data.status, winner: parsed.data.winner ?? null };
  }

  private async request(path: string, init: RequestInit, allowed: number[] = []): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...(init.headers as Record<string, string>) };
    if (this.options.token) headers.Authorization = `Bearer ${this.options.token}`;
    let response: Response;
    try {
      response = await fetch(new URL(path, this.options.baseUrl), { ...init, headers, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      // A DOMException from AbortSignal.timeout; checked by name, as it need not be an Error of this realm.
      const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new AppError('chess_site', timedOut ? 'Lichess did not answer in time' : 'Lichess could not be reached');
    }
    if (response.ok || allowed.includes(response.status)) return response;
    const detail = ErrorJson.safeParse(await this.json(response).catch(() => ({})));
    const message = detail.success && typeof detail.data.error === 'string' ? detail.data.error : `HTTP ${response.status}`;
    if (response.status === 429) throw new AppError('chess_site', 'Lichess is rate limiting us; try again in a minute');
    throw new AppError('chess_site', `Lichess refused the request: ${message.slice(0, 200)}`);
  }

  private async json(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      return null;
    }
  }
}
