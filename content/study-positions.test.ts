import { Chess } from 'chess.js';
import { isLegalFen, isStudyPositionType } from '../domain/start-positions';
import { STUDY_POSITIONS } from './study-positions';

function position(title: string) {
  const found = STUDY_POSITIONS.find((p) => p.title === title);
  if (!found) throw new Error(`no study position titled ${title}`);
  return found;
}

/** Plays space-separated SAN moves from `fen`; chess.js throws on the first illegal one. */
function play(fen: string, moves: string): Chess {
  const chess = new Chess(fen);
  for (const san of moves.split(' ')) chess.move(san);
  return chess;
}

describe('STUDY_POSITIONS catalogue', () => {
  it('has at least 15 positions spread over the three study types', () => {
    expect(STUDY_POSITIONS.length).toBeGreaterThanOrEqual(15);
    const count = (type: string) => STUDY_POSITIONS.filter((p) => p.position_type === type).length;
    expect(count('position_of_the_week')).toBeGreaterThanOrEqual(4);
    expect(count('middlegame')).toBeGreaterThanOrEqual(5);
    expect(count('endgame')).toBeGreaterThanOrEqual(6);
    expect(STUDY_POSITIONS.every((p) => isStudyPositionType(p.position_type))).toBe(true);
  });

  it('leads with a position of the week (the custom-position checkbox selects the first one)', () => {
    expect(STUDY_POSITIONS[0]?.position_type).toBe('position_of_the_week');
  });

  it('has unique, non-blank titles', () => {
    const titles = STUDY_POSITIONS.map((p) => p.title.trim());
    expect(titles.every((t) => t.length > 0)).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each(STUDY_POSITIONS.map((p) => [p.title, p.starting_fen]))('"%s" has a legal FEN', (_title, fen) => {
    expect(isLegalFen(fen)).toBe(true);
  });

  it.each(STUDY_POSITIONS.map((p) => [p.title, p.description]))(
    '"%s" has a safe description of 1-3 paragraphs',
    (_title, html) => {
      expect(html).not.toMatch(/<\s*script/i);
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
      // Only <p> and <strong> tags, without attributes.
      const tags = html.match(/<\/?[^>]*>/g) ?? [];
      expect(tags.filter((t) => !/^<\/?(p|strong)>$/.test(t))).toEqual([]);
      const paragraphs = html.match(/<p>/g) ?? [];
      expect(paragraphs.length).toBeGreaterThanOrEqual(1);
      expect(paragraphs.length).toBeLessThanOrEqual(3);
      expect(html.startsWith('<p>') && html.endsWith('</p>')).toBe(true);
    },
  );
});

describe('each position is really the one its title names', () => {
  // Middlegames were made by playing these openings; the FEN must be exactly where the moves lead.
  it.each([
    ['Minority attack in the Carlsbad structure', 'd4 d5 c4 e6 Nc3 Nf6 cxd5 exd5 Bg5 Be7 e3 c6 Bd3 Nbd7 Qc2 O-O Nf3 Re8 O-O Nf8 Rab1'],
    ['Isolated queen pawn: attack or blockade', 'e4 c6 d4 d5 exd5 cxd5 c4 Nf6 Nc3 e6 Nf3 Be7 cxd5 Nxd5 Bd3 Nc6 O-O O-O Re1'],
    ['Yugoslav Attack: race on opposite wings', 'e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6 Be3 Bg7 f3 O-O Qd2 Nc6 Bc4 Bd7 O-O-O Rc8 Bb3 Ne5 h4'],
    ['French Advance: attack the base of the chain', 'e4 e6 d4 d5 e5 c5 c3 Nc6 Nf3 Qb6 a3'],
    ["King's Indian: pawn storms on both wings", 'd4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7 Ne1 Nd7 Nd3 f5'],
    ['Greek gift: is Bxh7+ on?', 'd4 d5 Nf3 Nf6 e3 c5 c3 e6 Bd3 Bd6 Nbd2 Nbd7 O-O O-O Re1 Re8 e4 dxe4 Nxe4 Nxe4 Bxe4 cxd4'],
    ['The Opera Game: Morphy finishes with a sacrifice', 'e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8'],
    ["Légal's Mate: the queen is bait", 'e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6'],
  ])('"%s" arises from its opening moves', (title, moves) => {
    expect(play(new Chess().fen(), moves).fen()).toBe(position(title).starting_fen);
  });

  it('Opera Game: the combination ends in mate on d8', () => {
    const fen = position('The Opera Game: Morphy finishes with a sacrifice').starting_fen;
    expect(play(fen, 'Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#').isCheckmate()).toBe(true);
  });

  it("Légal's Mate: taking the queen runs into mate", () => {
    const fen = position("Légal's Mate: the queen is bait").starting_fen;
    expect(play(fen, 'Nxe5 Bxd1 Bxf7+ Ke7 Nd5#').isCheckmate()).toBe(true);
  });

  describe('Saavedra', () => {
    const fen = position('The Saavedra Position: underpromote to a rook').starting_fen;
    const checks = 'c7 Rd6+ Kb5 Rd5+ Kb4 Rd4+ Kb3 Rd3+ Kc2 Rd4';

    it('promoting to a queen lets Black escape into stalemate', () => {
      expect(play(fen, `${checks} c8=Q Rc4+ Qxc4`).isStalemate()).toBe(true);
    });

    it('after c8=R Ra4 Kb3 every black move loses the rook or allows mate', () => {
      const chess = play(fen, `${checks} c8=R Ra4 Kb3`);
      for (const reply of chess.moves()) {
        chess.move(reply);
        const punished = chess.moves({ verbose: true }).some((m) => {
          chess.move(m.san);
          const mate = chess.isCheckmate();
          chess.undo();
          return mate || m.captured === 'r';
        });
        chess.undo();
        expect({ reply, punished }).toEqual({ reply, punished: true });
      }
    });
  });

  it('Réti: the king walk along the diagonal catches the h-pawn', () => {
    const fen = position("Réti's King Walk: chasing two goals at once").starting_fen;
    const chess = play(fen, 'Kg7 h4 Kf6 Kb6 Ke5 Kxc6 Kf4 h3 Kg3 h2 Kxh2');
    expect(chess.isInsufficientMaterial()).toBe(true);
  });

  it('Lucena: the bridge on the fourth rank stops the checks', () => {
    const fen = position('Lucena position: build a bridge').starting_fen;
    const chess = play(fen, 'Rf1+ Kg7 Rf4 Rc1 Ke7 Re1+ Kd6 Rd1+ Ke6 Re1+ Kd5 Rd1+ Rd4');
    // Black's rook has no check left on the d-file, and the pawn is one move from queening.
    expect(chess.get('d7')).toEqual({ type: 'p', color: 'w' });
    expect(chess.get('d4')).toEqual({ type: 'r', color: 'w' });
    expect(chess.isCheck()).toBe(false);
  });

  it('Opposition: every black king move lets White onto a key square', () => {
    const chess = new Chess(position('King and pawn: take the opposition').starting_fen);
    for (const reply of chess.moves()) {
      chess.move(reply);
      const reachesKeySquare = chess.moves({ verbose: true }).some((m) => m.piece === 'k' && ['d6', 'e6', 'f6'].includes(m.to));
      chess.undo();
      expect({ reply, reachesKeySquare }).toEqual({ reply, reachesKeySquare: true });
    }
  });

  it('Wrong-coloured bishop: the bishop stands on a light square while h8 is dark', () => {
    const chess = new Chess(position('Wrong-coloured bishop: a piece up and only a draw').starting_fen);
    const [bishop] = chess.findPiece({ type: 'b', color: 'w' });
    expect(bishop).toBeDefined();
    expect(chess.squareColor(bishop!)).toBe('light');
    expect(chess.squareColor('h8')).toBe('dark');
  });
});
