import type { DevGame } from './DevChessSite';
import { escapeHtml } from '../http/spa/index-html';

const PIECES: Record<string, string> = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const STANDARD_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';


/** The start position as a small table of Unicode pieces (white at the bottom). */
function board(fen: string): string {
  const rows = (fen.split(' ')[0] ?? '').split('/').map((rank, r) => {
    const cells: string[] = [];
    for (const ch of rank) {
      if (/\d/.test(ch)) for (let i = 0; i < Number(ch); i++) cells.push('');
      else cells.push(PIECES[ch] ?? '');
    }
    return `<tr>${cells.map((piece, f) => `<td class="${(r + f) % 2 === 0 ? 'l' : 'd'}">${piece}</td>`).join('')}</tr>`;
  });
  return `<table class="board" aria-label="Start position">${rows.join('')}</table>`;
}

function resultText(game: DevGame): string {
  switch (game.status) {
    case 'created':
      return 'Waiting for the players';
    case 'started':
      return 'In progress';
    case 'aborted':
      return 'Aborted: the game never really started';
    case 'draw':
      return 'Draw';
    default:
      return `${game.winner === 'white' ? 'White' : 'Black'} won (${game.status})`;
  }
}

/** /dev/game/{id}: both players, the clock and start position, and the buttons that end it as Lichess would. */
export function devGamePage(game: DevGame, color: string | null): string {
  const id = encodeURIComponent(game.id);
  const over = game.status !== 'created' && game.status !== 'started';
  const minutes = game.clockLimitSeconds / 60;
  const you = color === 'white' || color === 'black' ? `<p class="you">You play <strong>${color}</strong>.</p>` : '';
  const button = (result: string, label: string) =>
    `<form method="post" action="/dev/game/${id}/end"><input type="hidden" name="result" value="${result}"><button type="submit">${label}</button></form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(game.name)} (development)</title>
<style>
  :root { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2433; background: #eef1f6; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 16px; box-sizing: border-box; }
  main { background: #fff; border-radius: 14px; box-shadow: 0 10px 30px rgba(20, 30, 60, .12); padding: 24px; width: 100%; max-width: 420px; }
  .badge { display: inline-block; font-size: 12px; letter-spacing: .06em; text-transform: uppercase; background: #fff4d6; color: #8a5a00; border-radius: 999px; padding: 3px 10px; }
  h1 { font-size: 20px; margin: 12px 0 8px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 12px 0; }
  dt { color: #5b6478; } dd { margin: 0; font-weight: 600; }
  .board { border-collapse: collapse; margin: 12px auto; }
  .board td { width: 40px; height: 40px; text-align: center; font-size: 28px; line-height: 40px; padding: 0; }
  .board .l { background: #f0d9b5; } .board .d { background: #b58863; }
  .result { font-size: 18px; font-weight: 700; text-align: center; margin: 12px 0; }
  .actions { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
  button { width: 100%; font: inherit; font-weight: 600; border-radius: 10px; padding: 10px; cursor: pointer; border: 1px solid #cfd6e4; background: #fff; color: #2f3a52; }
  button:hover { background: #f3f6fb; }
  p.note { color: #5b6478; font-size: 13px; margin: 16px 0 0; }
</style>
</head>
<body>
<main>
  <span class="badge">Development chess site</span>
  <h1>${escapeHtml(game.name)}</h1>
  ${you}
  <dl>
    <dt>White</dt><dd data-testid="white">${escapeHtml(game.white ?? 'anyone with the link')}</dd>
    <dt>Black</dt><dd data-testid="black">${escapeHtml(game.black ?? 'anyone with the link')}</dd>
    <dt>Clock</dt><dd>${minutes}+${game.incrementSeconds}</dd>
    <dt>Start</dt><dd>${game.variant === 'chess960' ? 'Chess960 (freestyle)' : game.fen ? 'From a position' : 'Standard'}</dd>
  </dl>
  ${board(game.fen ?? STANDARD_FEN)}
  <p class="result" data-testid="result">${escapeHtml(resultText(game))}</p>
  ${
    over
      ? ''
      : `<div class="actions">
    ${button('white', 'White wins')}
    ${button('black', 'Black wins')}
    ${button('draw', 'Draw')}
    ${button('aborted', 'Abort (never started)')}
  </div>`
  }
  <p class="note">This page stands in for Lichess in the development profile: end the game here, and the server settles it as it would a real one.</p>
</main>
</body>
</html>`;
}
