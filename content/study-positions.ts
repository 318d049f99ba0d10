import type { StudyPosition } from '../domain/start-positions';

/**
 * Curated study positions served by GET /api/study_positions. Order matters: ticking the custom-position box
 * selects the FIRST position of the week, so the lead entry is the one a newcomer sees first.
 * Middlegame FENs were produced by playing the named opening moves with chess.js, so they are real game
 * positions; content/study-positions.test.ts replays the key lines to prove each position is what it claims.
 * Descriptions are trusted, hand-written HTML: paragraphs and <strong> only.
 */
export const STUDY_POSITIONS: readonly StudyPosition[] = [
  // ----- Positions of the week -----
  {
    title: 'The Opera Game: Morphy finishes with a sacrifice',
    position_type: 'position_of_the_week',
    starting_fen: '3rkb1r/p2nqppp/5n2/1B2p1B1/4P3/1Q6/PPP2PPP/2KR3R w k - 3 13',
    description:
      '<p>Paris 1858, Morphy against the Duke of Brunswick and Count Isouard. Every white piece is developed ' +
      'while Black\'s king is still in the centre and the knight on d7 is <strong>pinned</strong> to it.</p>' +
      '<p>White to move. Look for the way to exploit the pin with <strong>Rxd7</strong>, bring the second rook ' +
      'to the d-file and finish with a queen sacrifice on b8 followed by a rook mate on d8.</p>',
  },
  {
    title: "Légal's Mate: the queen is bait",
    position_type: 'position_of_the_week',
    starting_fen: 'rn1qkbnr/ppp2p1p/3p2p1/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5',
    description:
      '<p>Black\'s bishop pins the knight on f3 against the queen, and Black has just wasted a move with ' +
      '<strong>...g6</strong>. The pin is not absolute: the piece behind it is only a queen.</p>' +
      '<p>White to move. <strong>Nxe5!</strong> gives up the queen; if Black grabs it with ...Bxd1, then ' +
      'Bxf7+ Ke7 and Nd5 is mate. Count which squares around the black king the three minor pieces cover.</p>',
  },
  {
    title: 'The Saavedra Position: underpromote to a rook',
    position_type: 'position_of_the_week',
    starting_fen: '8/8/1KP5/3r4/8/8/8/k7 w - - 0 1',
    description:
      '<p>The most famous endgame study (Saavedra, 1895). After <strong>c7</strong> the black rook checks the ' +
      'white king down the board until it can reach the c-file; White answers by walking the king to c2.</p>' +
      '<p>Then comes the twist: promoting to a queen allows <strong>...Rc4+</strong> and stalemate after the ' +
      'capture. <strong>c8=R!</strong> avoids the stalemate and threatens Ra8 mate; after ...Ra4 the king ' +
      'attacks the rook while Rc1 mate is threatened.</p>',
  },
  {
    title: "Réti's King Walk: chasing two goals at once",
    position_type: 'position_of_the_week',
    starting_fen: '7K/8/k1P5/7p/8/8/8/8 w - - 0 1',
    description:
      '<p>Réti, 1921. The white king looks hopelessly outside the square of the h-pawn, and the c-pawn seems ' +
      'doomed. Yet White to move draws.</p>' +
      '<p>The trick is the <strong>diagonal</strong>: Kg7-f6-e5 approaches the h-pawn and the own c-pawn at the ' +
      'same time. Black must either spend a move on the c-pawn or let White\'s king support it.</p>',
  },

  // ----- Middlegames -----
  {
    title: 'Minority attack in the Carlsbad structure',
    position_type: 'middlegame',
    starting_fen: 'r1bqrnk1/pp2bppp/2p2n2/3p2B1/3P4/2NBPN2/PPQ2PPP/1R3RK1 b - - 9 11',
    description:
      '<p>A Queen\'s Gambit Declined, Exchange Variation. White has two queenside pawns against Black\'s ' +
      'three, and <strong>Rab1</strong> prepares b4-b5.</p>' +
      '<p>The plan: trade on c6 and leave Black with a <strong>backward c-pawn</strong> on an open file or an ' +
      'isolated d-pawn. Black\'s counterplay lies on the kingside: the knight heads for g6 or e4.</p>',
  },
  {
    title: 'Isolated queen pawn: attack or blockade',
    position_type: 'middlegame',
    starting_fen: 'r1bq1rk1/pp2bppp/2n1p3/3n4/3P4/2NB1N2/PP3PPP/R1BQR1K1 b - - 5 10',
    description:
      '<p>From the Caro-Kann Panov Attack. White\'s <strong>isolated d-pawn</strong> gives free piece play, ' +
      'the e5 outpost and open lines towards the black king.</p>' +
      '<p>White wants Ne5, a queen-and-bishop battery aimed at h7 and, at the right moment, the ' +
      '<strong>d4-d5 break</strong>. Black should blockade d5 with a piece, trade minor pieces and head for an ' +
      'endgame where the pawn is simply weak.</p>',
  },
  {
    title: 'Yugoslav Attack: race on opposite wings',
    position_type: 'middlegame',
    starting_fen: '2rq1rk1/pp1bppbp/3p1np1/4n3/3NP2P/1BN1BP2/PPPQ2P1/2KR3R b - - 0 12',
    description:
      '<p>Sicilian Dragon with castling on opposite sides: whoever opens lines against the enemy king first ' +
      'usually wins.</p>' +
      '<p>White plays <strong>h5</strong>, Bh6 to trade the Dragon bishop and then doubles on the h-file. ' +
      'Black answers on the c-file with ...Nc4 and the typical <strong>exchange sacrifice ...Rxc3</strong>.</p>',
  },
  {
    title: 'French Advance: attack the base of the chain',
    position_type: 'middlegame',
    starting_fen: 'r1b1kbnr/pp3ppp/1qn1p3/2ppP3/3P4/P1P2N2/1P3PPP/RNBQKB1R b KQkq - 0 6',
    description:
      '<p>The pawn chains point at opposite wings. White\'s chain d4-e5 gains kingside space; Black strikes ' +
      'at its <strong>base on d4</strong> with pawn, knights and the queen on b6.</p>' +
      '<p>White\'s a3 prepares b4 to gain queenside space. Later, ...f6 hits the head of the chain; ' +
      'for White, keeping d4 secure comes before any kingside action.</p>',
  },
  {
    title: "King's Indian: pawn storms on both wings",
    position_type: 'middlegame',
    starting_fen: 'r1bq1rk1/pppnn1bp/3p2p1/3Ppp2/2P1P3/2NN4/PP2BPPP/R1BQ1RK1 w - - 0 11',
    description:
      '<p>The centre is locked by d5 and e5, so play moves to the wings, following the direction of the pawn ' +
      'chains.</p>' +
      '<p>White pushes <strong>c5</strong> (after f3 to hold e4) to open the c-file. Black goes ' +
      '<strong>...f4, ...g5-g4</strong> against the white king. Speed matters more than material here.</p>',
  },
  {
    title: 'Greek gift: is Bxh7+ on?',
    position_type: 'middlegame',
    starting_fen: 'r1bqr1k1/pp1n1ppp/3bp3/8/3pB3/2P2N2/PP3PPP/R1BQR1K1 w - - 0 12',
    description:
      '<p>A Colle System after central exchanges. No black knight stands on f6 to guard h7, the white bishop ' +
      'aims at h7 and the knight can jump to g5.</p>' +
      '<p>Check the conditions of the classic sacrifice <strong>Bxh7+ Kxh7, Ng5+</strong>: can the queen join ' +
      'via h5, can the rook on e1 swing over, and what happens after each king move? Calculate before you give ' +
      'up the bishop.</p>',
  },

  // ----- Endgames -----
  {
    title: 'Lucena position: build a bridge',
    position_type: 'endgame',
    starting_fen: '3K4/3P1k2/8/8/8/8/2r5/4R3 w - - 0 1',
    description:
      '<p>The key winning position in rook endgames. White\'s king is in front of its pawn on the seventh and ' +
      'the black king is cut off, but side checks prevent the white king from leaving.</p>' +
      '<p>The method: <strong>Rf1+</strong> to push the black king one more file away, then ' +
      '<strong>Rf4!</strong>. The king walks out, and when the checks come the rook blocks them on the fourth ' +
      'rank.</p>',
  },
  {
    title: 'Philidor position: the third-rank defence',
    position_type: 'endgame',
    starting_fen: '4k3/R7/1r6/3KP3/8/8/8/8 w - - 0 1',
    description:
      '<p>The basic drawing method with rook against rook and pawn. Black\'s king stands on the promotion ' +
      'square and the rook guards the <strong>sixth rank</strong>, so the white king cannot advance.</p>' +
      '<p>As soon as the pawn steps to e6, the rook drops to the first rank and <strong>checks from ' +
      'behind</strong>: the white king has no shelter left.</p>',
  },
  {
    title: 'Vancura position: defending against the a-pawn',
    position_type: 'endgame',
    starting_fen: 'R7/6k1/P4r2/8/8/8/4K3/8 w - - 0 1',
    description:
      '<p>White\'s rook stands in front of its a-pawn, the worst place for it. Black\'s rook attacks the pawn ' +
      '<strong>from the side</strong>, and the black king stays on g7 and h7.</p>' +
      '<p>If the white king comes to help the pawn, it is checked from behind; if the pawn goes to a7, the ' +
      'rook switches to the a-file. Black draws without ever moving the rook off the pawn.</p>',
  },
  {
    title: 'King and pawn: take the opposition',
    position_type: 'endgame',
    starting_fen: '8/4k3/8/4K3/4P3/8/8/8 b - - 0 1',
    description:
      '<p>The kings face each other with one square between them, and Black has to move: White has the ' +
      '<strong>opposition</strong>.</p>' +
      '<p>Black must step aside, and the white king enters a <strong>key square</strong> (d6, e6 or f6), after ' +
      'which the pawn promotes. With White to move the same position would be a draw.</p>',
  },
  {
    title: 'Outside passed pawn: the decoy',
    position_type: 'endgame',
    starting_fen: '8/6p1/7p/3k4/P7/3K3P/6P1/8 w - - 0 1',
    description:
      '<p>Both kings are central, but White owns a passed pawn far away on the a-file.</p>' +
      '<p>Push it: the black king must run to stop it, and then the white king ' +
      '<strong>marches to the other wing</strong> and eats the pawns there. The further the passed pawn is from ' +
      'the other pawns, the stronger the decoy.</p>',
  },
  {
    title: 'Wrong-coloured bishop: a piece up and only a draw',
    position_type: 'endgame',
    starting_fen: '7k/8/8/7P/5K2/3B4/8/8 w - - 0 1',
    description:
      '<p>White has bishop and h-pawn, but the bishop cannot control the <strong>dark h8 square</strong>.</p>' +
      '<p>Once the black king sits in the corner nothing can drive it out, and careless moves only give ' +
      'stalemate. Remember this when trading down: with a rook pawn, the bishop must match the colour of the ' +
      'promotion square.</p>',
  },
];
