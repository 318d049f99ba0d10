import fc from 'fast-check';
import {
  actorFor,
  batchHoldCents,
  categoryOf,
  DEFAULT_GAME_CONFIG,
  effectiveStatus,
  gameConfigProblems,
  livePriceCents,
  settlementFor,
  sourceColor,
  splitPayout,
  transition,
  type ChallengeEvent,
  type ChallengeState,
  type GameConfig,
} from './challenges';
import { chess960Fen } from './start-positions';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

function config(patch: Partial<GameConfig>): GameConfig {
  return { ...DEFAULT_GAME_CONFIG, ...patch };
}

describe('game config rules (server.md 4.3)', () => {
  it('accepts the default 10+0 random game and every preset', () => {
    expect(gameConfigProblems(DEFAULT_GAME_CONFIG)).toEqual([]);
    for (const [m, i] of [[3, 0], [3, 2], [5, 0], [10, 0], [15, 5], [20, 0], [30, 0], [45, 0], [90, 30]]) {
      expect(gameConfigProblems(config({ minsPerSide: m, incrementInSecs: i }))).toEqual([]);
    }
  });

  it.each([0, 121, 1.5, -1, Number.NaN])('refuses %p minutes per side', (minsPerSide) => {
    expect(gameConfigProblems(config({ minsPerSide })).map((i) => i.path)).toEqual(['minsPerSide']);
  });

  it('accepts the bounds 1 and 120 minutes, 0 and 30 seconds', () => {
    expect(gameConfigProblems(config({ minsPerSide: 1, incrementInSecs: 0 }))).toEqual([]);
    expect(gameConfigProblems(config({ minsPerSide: 120, incrementInSecs: 30 }))).toEqual([]);
  });

  it.each([-1, 31, 2.5])('refuses an increment of %p', (incrementInSecs) => {
    expect(gameConfigProblems(config({ incrementInSecs })).map((i) => i.path)).toEqual(['incrementInSecs']);
  });

  it('refuses an unknown side', () => {
    expect(gameConfigProblems(config({ playAs: 'purple' as GameConfig['playAs'] })).map((i) => i.path)).toEqual(['playAs']);
  });

  it('accepts a legal FEN with its type, refuses an illegal one, a FEN without a type and a type without a FEN', () => {
    const middlegame = 'r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9';
    expect(gameConfigProblems(config({ startingFen: middlegame, startingPositionType: 'middlegame' }))).toEqual([]);
    expect(gameConfigProblems(config({ startingFen: 'not a fen', startingPositionType: 'middlegame' })).map((i) => i.path)).toEqual(['startingFen']);
    // Side not to move is in check: chess.js parses it, but it cannot occur in a game.
    const impossible = '4k3/8/8/8/8/8/4R3/4K3 w - - 0 1';
    expect(gameConfigProblems(config({ startingFen: impossible, startingPositionType: 'endgame' })).map((i) => i.path)).toEqual(['startingFen']);
    expect(gameConfigProblems(config({ startingFen: START_FEN })).map((i) => i.path)).toEqual(['startingPositionType']);
    expect(gameConfigProblems(config({ startingPositionType: 'opening' })).map((i) => i.path)).toEqual(['startingFen']);
  });

  it('freestyle takes no FEN from the client (the server draws the Chess960 position)', () => {
    expect(gameConfigProblems(config({ startingPositionType: 'freestyle' }))).toEqual([]);
    expect(gameConfigProblems(config({ startingPositionType: 'freestyle', startingFen: chess960Fen(0) })).map((i) => i.path)).toEqual(['startingFen']);
  });
});

describe('category and price (spec section 9)', () => {
  it.each([
    [1, 'bullet'],
    [2, 'bullet'],
    [3, 'blitz'],
    [5, 'blitz'],
    [6, 'rapid'],
    [29, 'rapid'],
    [30, 'classical'],
    [120, 'classical'],
  ])('%i minutes per side is %s', (minutes, category) => {
    expect(categoryOf(minutes)).toBe(category);
  });

  it('live price is minutes x price per minute, exact cents', () => {
    expect(livePriceCents(10, 150)).toBe(1500);
    expect(livePriceCents(3, 333)).toBe(999);
    expect(livePriceCents(29, 500)).toBe(14500);
  });

  it('classical gets 20% off, rounded to the nearest cent', () => {
    expect(livePriceCents(30, 100)).toBe(2400);
    expect(livePriceCents(45, 450)).toBe(16200);
    expect(livePriceCents(37, 15)).toBe(444); // 555 x 0.8 = 444 exactly
    // 0.8 x whole cents leaves a fraction of .2, .4, .6 or .8 (never an exact half): .6 and .8 go up, .2 and .4 down.
    expect(livePriceCents(31, 11)).toBe(273); // 272.8
    expect(livePriceCents(43, 19)).toBe(654); // 653.6
    expect(livePriceCents(31, 49)).toBe(1215); // 1215.2
    expect(livePriceCents(33, 13)).toBe(343); // 343.2
    expect(livePriceCents(30, 17)).toBe(408); // 408 exactly
    expect(livePriceCents(120, 500)).toBe(48000); // the highest possible price
  });

  it('a batch holds the highest price; an empty batch is a programming error', () => {
    expect(batchHoldCents([1500, 4500, 300])).toBe(4500);
    expect(() => batchHoldCents([])).toThrow(RangeError);
  });

  it('payout split: fee half-up, the two parts always add up to the price', () => {
    expect(splitPayout(1500, 20)).toEqual({ proCents: 1200, feeCents: 300 });
    expect(splitPayout(999, 20)).toEqual({ proCents: 799, feeCents: 200 }); // 199.8 -> 200
    expect(splitPayout(1001, 20)).toEqual({ proCents: 801, feeCents: 200 }); // 200.2 -> 200
    expect(splitPayout(1, 50)).toEqual({ proCents: 0, feeCents: 1 }); // 0.5 -> 1
    expect(splitPayout(1000, 0)).toEqual({ proCents: 1000, feeCents: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 100 }), (price, fee) => {
        const split = splitPayout(price, fee);
        return split.proCents + split.feeCents === price && split.proCents >= 0 && split.feeCents >= 0;
      }),
    );
  });

  it('the sender plays the side asked for; random follows the coin', () => {
    expect(sourceColor('white', () => false)).toBe('white');
    expect(sourceColor('black', () => true)).toBe('black');
    expect(sourceColor('random', () => true)).toBe('white');
    expect(sourceColor('random', () => false)).toBe('black');
  });
});

describe('the challenge state machine (server.md 4.2)', () => {
  const source = { role: 'source' } as const;
  const target = { role: 'target' } as const;
  const system = { role: 'system' } as const;
  const pending: ChallengeState = { status: 'pending' };
  const accepted: ChallengeState = { status: 'accepted' };

  it('pending -> accepted by the target only', () => {
    expect(transition(pending, { type: 'accept', by: target })).toEqual({ ok: true, state: { status: 'accepted' } });
    expect(transition(pending, { type: 'accept', by: source }).ok).toBe(false);
    expect(transition(pending, { type: 'accept', by: system }).ok).toBe(false);
  });

  it('pending -> rejected by the target only', () => {
    expect(transition(pending, { type: 'reject', by: target })).toEqual({ ok: true, state: { status: 'rejected' } });
    expect(transition(pending, { type: 'reject', by: source }).ok).toBe(false);
  });

  it('pending -> canceled by the source, or by the system when a sibling wins or a newer batch replaces it', () => {
    expect(transition(pending, { type: 'cancel', by: source, reason: 'sender_canceled' })).toEqual({
      ok: true,
      state: { status: 'canceled', reason: 'sender_canceled' },
    });
    expect(transition(pending, { type: 'cancel', by: system, reason: 'sibling_accepted' }).ok).toBe(true);
    expect(transition(pending, { type: 'cancel', by: system, reason: 'newer_batch' }).ok).toBe(true);
    expect(transition(pending, { type: 'cancel', by: target, reason: 'sender_canceled' }).ok).toBe(false);
    expect(transition(pending, { type: 'cancel', by: source, reason: 'sibling_accepted' }).ok).toBe(false);
  });

  it('pending -> expired; accepted cannot expire', () => {
    expect(transition(pending, { type: 'expire' })).toEqual({ ok: true, state: { status: 'expired' } });
    expect(transition(accepted, { type: 'expire' }).ok).toBe(false);
  });

  it('accepted -> finished by either player or the system; pending cannot finish', () => {
    for (const by of [source, target, system]) expect(transition(accepted, { type: 'finish', by })).toEqual({ ok: true, state: { status: 'finished' } });
    expect(transition(pending, { type: 'finish', by: source }).ok).toBe(false);
  });

  it('accepted -> canceled only when the game never started; accepted cannot be canceled by the sender', () => {
    expect(transition(accepted, { type: 'not_started', reason: 'game_not_started' })).toEqual({
      ok: true,
      state: { status: 'canceled', reason: 'game_not_started' },
    });
    expect(transition(accepted, { type: 'cancel', by: source, reason: 'sender_canceled' }).ok).toBe(false);
    expect(transition(accepted, { type: 'accept', by: target }).ok).toBe(false);
    expect(transition(accepted, { type: 'reject', by: target }).ok).toBe(false);
    expect(transition(pending, { type: 'not_started', reason: 'chess_site_failed' }).ok).toBe(false);
  });

  const allEvents: ChallengeEvent[] = [
    { type: 'accept', by: target },
    { type: 'reject', by: target },
    { type: 'cancel', by: source, reason: 'sender_canceled' },
    { type: 'cancel', by: system, reason: 'sibling_accepted' },
    { type: 'expire' },
    { type: 'finish', by: source },
    { type: 'finish', by: system },
    { type: 'not_started', reason: 'game_not_started' },
  ];

  it.each<ChallengeState>([{ status: 'rejected' }, { status: 'canceled', reason: 'sender_canceled' }, { status: 'expired' }, { status: 'finished' }])(
    'terminal %p never changes, whatever the event',
    (state) => {
      for (const event of allEvents) expect(transition(state, event)).toEqual({ ok: false, error: `The challenge is already ${state.status}` });
    },
  );

  it('property: any sequence of events reaches at most one terminal state and stays there', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...allEvents), { maxLength: 12 }), (events) => {
        let state: ChallengeState = pending;
        let terminalAt: ChallengeState | null = null;
        for (const event of events) {
          const result = transition(state, event);
          if (result.ok) state = result.state;
          if (terminalAt) expect(state).toEqual(terminalAt);
          if (['rejected', 'canceled', 'expired', 'finished'].includes(state.status)) terminalAt ??= state;
        }
      }),
    );
  });

  it('actorFor tells the source, the target and a stranger apart', () => {
    const c = { sourceUserId: 1, targetUserId: 2 };
    expect(actorFor(c, 1)).toEqual(source);
    expect(actorFor(c, 2)).toEqual(target);
    expect(actorFor(c, 3)).toBeNull();
  });
});

describe('derived expiry (server.md 4.6)', () => {
  const created = new Date('2026-01-15T12:00:00.000Z');
  it('a pending challenge reads as expired from exactly TTL seconds after it was sent', () => {
    expect(effectiveStatus({ status: 'pending', createdAt: created }, new Date('2026-01-15T12:00:59.999Z'), 60)).toBe('pending');
    expect(effectiveStatus({ status: 'pending', createdAt: created }, new Date('2026-01-15T12:01:00.000Z'), 60)).toBe('expired');
  });
  it('other statuses are shown as stored', () => {
    expect(effectiveStatus({ status: 'accepted', createdAt: created }, new Date('2026-01-16T00:00:00Z'), 60)).toBe('accepted');
  });
});

describe('settlement of an accepted game (server.md 4.4)', () => {
  const acceptedAt = new Date('2026-01-15T12:00:00Z');
  const at = (minutes: number) => new Date(acceptedAt.getTime() + minutes * 60_000);
  it('a game that is over pays; one that never started refunds', () => {
    expect(settlementFor('over', acceptedAt, at(1), 15)).toBe('pay');
    expect(settlementFor('never_started', acceptedAt, at(1), 15)).toBe('refund');
  });
  it('a game not yet started waits until the start timeout, then refunds; a game being played waits', () => {
    expect(settlementFor('waiting', acceptedAt, at(14.99), 15)).toBe('wait');
    expect(settlementFor('waiting', acceptedAt, at(15), 15)).toBe('refund');
    expect(settlementFor('no_game', acceptedAt, at(15), 15)).toBe('refund');
    expect(settlementFor('playing', acceptedAt, at(200), 15)).toBe('wait');
  });
});
