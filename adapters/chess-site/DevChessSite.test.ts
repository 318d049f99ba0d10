import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DevChessSite } from './DevChessSite';
import { devGamePage } from './dev-game-page';
import type { NewGame } from '../../application/ports/challenges';

const GAME: NewGame = {
  challengeId: 7,
  white: { username: 'amy' },
  black: { username: null },
  clockLimitSeconds: 180,
  incrementSeconds: 2,
  variant: 'standard',
  fen: null,
  name: 'Titled Chess game #7',
  expiresAt: new Date('2026-01-15T12:15:00Z'),
};

describe('DevChessSite (the development stand-in for Lichess)', () => {
  let dir: string;
  let site: DevChessSite;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tcm-devgames-'));
    site = new DevChessSite({ directory: dir, publicUrl: 'http://localhost:3000' });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a game with one colour link per side, kept in a file (it survives a restart)', async () => {
    const created = await site.createGame(GAME);
    expect(created.gameId).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(created.whiteUrl).toBe(`http://localhost:3000/dev/game/${created.gameId}?color=white`);
    expect(created.blackUrl).toBe(`http://localhost:3000/dev/game/${created.gameId}?color=black`);
    expect(readdirSync(dir)).toEqual([`${created.gameId}.json`]);
    const again = new DevChessSite({ directory: dir, publicUrl: 'http://localhost:3000' });
    expect(await again.gameStatus(created.gameId)).toEqual({ progress: 'waiting', status: 'created', winner: null });
  });

  it('opening the page starts the game; ending it reports the result in Lichess words, once', async () => {
    const { gameId } = await site.createGame(GAME);
    site.markStarted(gameId);
    expect((await site.gameStatus(gameId)).progress).toBe('playing');
    site.end(gameId, 'black');
    expect(await site.gameStatus(gameId)).toEqual({ progress: 'over', status: 'resign', winner: 'black' });
    site.end(gameId, 'aborted');
    expect((await site.gameStatus(gameId)).status).toBe('resign');
  });

  it('an abort means the game never started; a draw is over', async () => {
    const a = await site.createGame(GAME);
    site.end(a.gameId, 'aborted');
    expect((await site.gameStatus(a.gameId)).progress).toBe('never_started');
    const b = await site.createGame(GAME);
    site.end(b.gameId, 'draw');
    expect(await site.gameStatus(b.gameId)).toEqual({ progress: 'over', status: 'draw', winner: null });
  });

  it('an unknown or malformed id is waiting/null and never touches a path outside the folder', async () => {
    expect(await site.gameStatus('Nope1234')).toEqual({ progress: 'waiting', status: 'notFound', winner: null });
    expect(site.find('../../etc/passwd')).toBeNull();
    expect(site.end('../x', 'white')).toBeNull();
  });

  it('the page shows both players, the clock and the board, and escapes names', async () => {
    const { gameId } = await site.createGame({ ...GAME, white: { username: '<script>x</script>' } });
    const html = devGamePage(site.find(gameId)!, 'white');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>x');
    expect(html).toContain('anyone with the link');
    expect(html).toContain('<dd>3+2</dd>');
    expect(html).toContain('You play <strong>white</strong>');
    expect((html.match(/<td class=/g) ?? []).length).toBe(64);
    expect(html).toContain('White wins');
  });
});
