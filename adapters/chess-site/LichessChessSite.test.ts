import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LichessChessSite, progressOf } from './LichessChessSite';
import type { NewGame } from '../../application/ports/challenges';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

/**
 * A local stand-in for lichess.org: records each request and answers with the shapes of Lichess's OpenAPI
 * description (ChallengeOpenJson for POST /api/challenge/open, GameJson for GET /game/export/{id}, {error} on
 * failure), or whatever a test sets in `next`.
 */
class LichessStandIn {
  seen: Seen[] = [];
  next: ((req: Seen, res: ServerResponse) => void) | null = null;
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const seen: Seen = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, form: new URLSearchParams(Buffer.concat(chunks).toString()) };
        this.seen.push(seen);
        if (this.next) return this.next(seen, res);
        res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

/** An open-challenge answer as Lichess documents it (fields we do not use included, to be realistic). */
function openChallenge(id: string) {
  return {
    id,
    url: `https://lichess.org/${id}`,
    status: 'created',
    challenger: null,
    destUser: null,
    variant: { key: 'standard', name: 'Standard', short: 'Std' },
    rated: false,
    speed: 'rapid',
    timeControl: { type: 'clock', limit: 600, increment: 0, show: '10+0' },
    color: 'random',
    finalColor: 'white',
    perf: { icon: '#', name: 'Rapid' },
    open: { userIds: ['amy', 'magnus'] },
    urlWhite: `https://lichess.org/${id}?color=white`,
    urlBlack: `https://lichess.org/${id}?color=black`,
  };
}

const GAME: NewGame = {
  challengeId: 42,
  white: { username: 'amy' },
  black: { username: 'Magnus' },
  clockLimitSeconds: 600,
  incrementSeconds: 5,
  variant: 'standard',
  fen: null,
  name: 'Titled Chess game #42',
  expiresAt: new Date('2026-01-15T12:15:00Z'),
};

describe('LichessChessSite against a local Lichess stand-in', () => {
  const standIn = new LichessStandIn();
  let site: LichessChessSite;
  beforeAll(async () => {
    await standIn.start();
    site = new LichessChessSite({ baseUrl: standIn.url, token: 'lip_test', timeoutMs: 300 });
  });
  beforeEach(() => {
    standIn.seen = [];
    standIn.next = null;
  });
  afterAll(async () => standIn.stop());

  it('creates an unrated open game for the two players: clock, increment, names (white first), no rematch, expiry', async () => {
    standIn.next = (_req, res) => json(res, 200, openChallenge('AbCd1234'));
    const created = await site.createGame(GAME);
    expect(created).toEqual({ gameId: 'AbCd1234', whiteUrl: 'https://lichess.org/AbCd1234?color=white', blackUrl: 'https://lichess.org/AbCd1234?color=black' });
    const [req] = standIn.seen;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/api/challenge/open');
    expect(req!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req!.headers.authorization).toBe('Bearer lip_test');
    expect(Object.fromEntries(req!.form)).toEqual({
      rated: 'false',
      'clock.limit': '600',
      'clock.increment': '5',
      variant: 'standard',
      name: 'Titled Chess game #42',
      rules: 'noRematch',
      expiresAt: String(GAME.expiresAt.getTime()),
      users: 'amy,Magnus',
    });
  });

  it('sends chess960 and fromPosition with the FEN; omits users when a player has no Lichess name', async () => {
    standIn.next = (_req, res) => json(res, 200, openChallenge('Zz9Zz9Zz'));
    const fen = 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1';
    await site.createGame({ ...GAME, variant: 'chess960', fen, white: { username: null } });
    const form = standIn.seen[0]!.form;
    expect(form.get('variant')).toBe('chess960');
    expect(form.get('fen')).toBe(fen);
    expect(form.has('users')).toBe(false);
  });

  it('no token, no Authorization header', async () => {
    standIn.next = (_req, res) => json(res, 200, openChallenge('AbCd1234'));
    await new LichessChessSite({ baseUrl: standIn.url, token: null }).createGame(GAME);
    expect(standIn.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('a 400 with Lichess\'s {error} becomes AppError chess_site carrying the reason', async () => {
    standIn.next = (_req, res) => json(res, 400, { error: 'Invalid FEN' });
    await expect(site.createGame(GAME)).rejects.toMatchObject({ kind: 'chess_site', message: 'Lichess refused the request: Invalid FEN' });
  });

  it('a 429 is a chess_site error that says to wait', async () => {
    standIn.next = (_req, res) => res.writeHead(429, { 'Content-Type': 'text/plain' }).end('Too many requests');
    await expect(site.createGame(GAME)).rejects.toMatchObject({ kind: 'chess_site', message: expect.stringContaining('rate limiting') });
  });

  it('a time-out is a chess_site error, not a hang', async () => {
    standIn.next = () => undefined; // never answers
    const started = Date.now();
    await expect(site.createGame(GAME)).rejects.toMatchObject({ kind: 'chess_site', message: 'Lichess did not answer in time' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('an answer of the wrong shape, or not JSON, is a chess_site error', async () => {
    standIn.next = (_req, res) => json(res, 200, { id: 'x' });
    await expect(site.createGame(GAME)).rejects.toMatchObject({ kind: 'chess_site' });
    standIn.next = (_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>maintenance</html>');
    await expect(site.createGame(GAME)).rejects.toMatchObject({ kind: 'chess_site' });
  });

  it('an unreachable Lichess is a chess_site error', async () => {
    const down = new LichessChessSite({ baseUrl: 'http://127.0.0.1:9', token: null, timeoutMs: 1000 });
    await expect(down.createGame(GAME)).rejects.toMatchObject({ kind: 'chess_site' });
  });

  it('reads a game export as JSON and reduces the status', async () => {
    standIn.next = (_req, res) =>
      json(res, 200, {
        id: 'AbCd1234',
        rated: false,
        variant: 'standard',
        speed: 'rapid',
        perf: 'rapid',
        createdAt: 1,
        lastMoveAt: 2,
        status: 'mate',
        players: { white: { user: { name: 'amy', id: 'amy' } }, black: { user: { name: 'Magnus', id: 'magnus' } } },
        winner: 'black',
      });
    expect(await site.gameStatus('AbCd1234')).toEqual({ progress: 'over', status: 'mate', winner: 'black' });
    const [req] = standIn.seen;
    expect(req!.method).toBe('GET');
    expect(req!.path).toBe('/game/export/AbCd1234?moves=false&clocks=false&evals=false&opening=false');
    expect(req!.headers.accept).toBe('application/json');
  });

  it('a game nobody joined yet (404) is waiting; other errors raise', async () => {
    standIn.next = (_req, res) => json(res, 404, { error: 'Not found' });
    expect(await site.gameStatus('AbCd1234')).toEqual({ progress: 'waiting', status: 'notFound', winner: null });
    standIn.next = (_req, res) => json(res, 503, { error: 'Down' });
    await expect(site.gameStatus('AbCd1234')).rejects.toMatchObject({ kind: 'chess_site' });
  });

  it('refuses a malformed game id without a request', async () => {
    await expect(site.gameStatus('../../admin')).rejects.toMatchObject({ kind: 'chess_site' });
    expect(standIn.seen).toEqual([]);
  });

  it.each([
    ['created', 'waiting'],
    ['started', 'playing'],
    ['aborted', 'never_started'],
    ['noStart', 'never_started'],
    ['mate', 'over'],
    ['resign', 'over'],
    ['stalemate', 'over'],
    ['timeout', 'over'],
    ['draw', 'over'],
    ['outoftime', 'over'],
    ['cheat', 'over'],
    ['unknownFinish', 'over'],
    ['variantEnd', 'over'],
  ])('Lichess status %s means %s', (status, progress) => {
    expect(progressOf(status)).toBe(progress);
  });
});
