import { isAvailable, opponentFrom, postgameAnalysisPriceCents, seenWithin, type OpponentProfile } from './opponents';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const TIMEOUT = 90;

function secondsAgo(seconds: number): Date {
  return new Date(NOW.getTime() - seconds * 1000);
}

function pro(overrides: Partial<OpponentProfile> = {}): OpponentProfile {
  return {
    id: 7,
    username: 'CatalanMateo',
    role: 'pro',
    online: true,
    lastSeenAt: secondsAgo(10),
    pricePerMinCents: 450,
    minsPerSideMin: 3,
    minsPerSideMax: 60,
    profileFilename: 'abc.png',
    title: 'GM',
    firstName: 'Mateo',
    lastName: 'Ferrandis',
    lichessBulletRating: 2795,
    lichessBlitzRating: 2840,
    lichessRapidRating: 2760,
    providesPostgameAnalysis: true,
    availableForScheduledChallenges: true,
    ...overrides,
  };
}

describe('isAvailable (server.md 4.1)', () => {
  it('is true for an online pro seen 10 s ago', () => {
    expect(isAvailable(pro(), NOW, TIMEOUT)).toBe(true);
  });

  it('still counts a pro seen exactly the timeout (90 s) ago', () => {
    expect(isAvailable(pro({ lastSeenAt: secondsAgo(90) }), NOW, TIMEOUT)).toBe(true);
  });

  it('drops a pro seen 91 s ago (a closed laptop stops collecting challenges)', () => {
    expect(isAvailable(pro({ lastSeenAt: secondsAgo(91) }), NOW, TIMEOUT)).toBe(false);
  });

  it('drops a pro seen 90.001 s ago: the timeout is not rounded', () => {
    expect(isAvailable(pro({ lastSeenAt: new Date(NOW.getTime() - 90_001) }), NOW, TIMEOUT)).toBe(false);
  });

  it('follows the configured timeout, not a fixed 90 s', () => {
    expect(isAvailable(pro({ lastSeenAt: secondsAgo(31) }), NOW, 30)).toBe(false);
    expect(isAvailable(pro({ lastSeenAt: secondsAgo(30) }), NOW, 30)).toBe(true);
  });

  it('is false for a pro never seen', () => {
    expect(isAvailable(pro({ lastSeenAt: null }), NOW, TIMEOUT)).toBe(false);
  });

  it('is false for a pro seen just now whose online toggle is off', () => {
    expect(isAvailable(pro({ online: false, lastSeenAt: NOW }), NOW, TIMEOUT)).toBe(false);
  });

  it('is false for a regular or admin even when online and present', () => {
    expect(isAvailable(pro({ role: 'regular' }), NOW, TIMEOUT)).toBe(false);
    expect(isAvailable(pro({ role: 'admin' }), NOW, TIMEOUT)).toBe(false);
  });

  it('counts a last-seen time slightly in the future (another process clock ahead) as present', () => {
    expect(isAvailable(pro({ lastSeenAt: new Date(NOW.getTime() + 2000) }), NOW, TIMEOUT)).toBe(true);
  });

  it('accepts minutes per side at both inclusive edges of the range', () => {
    expect(isAvailable(pro(), NOW, TIMEOUT, 3)).toBe(true);
    expect(isAvailable(pro(), NOW, TIMEOUT, 60)).toBe(true);
  });

  it('refuses minutes per side one below the minimum or one above the maximum', () => {
    expect(isAvailable(pro(), NOW, TIMEOUT, 2)).toBe(false);
    expect(isAvailable(pro(), NOW, TIMEOUT, 61)).toBe(false);
  });

  it('a range of one value accepts exactly that value', () => {
    const narrow = pro({ minsPerSideMin: 5, minsPerSideMax: 5 });
    expect([4, 5, 6].map((m) => isAvailable(narrow, NOW, TIMEOUT, m))).toEqual([false, true, false]);
  });

  it('a time control inside the range does not rescue a stale pro', () => {
    expect(isAvailable(pro({ lastSeenAt: secondsAgo(91) }), NOW, TIMEOUT, 10)).toBe(false);
  });
});

describe('postgameAnalysisPriceCents (server.md 5.1)', () => {
  it('is 15 x the per-minute price when analysis is offered', () => {
    expect(postgameAnalysisPriceCents({ providesPostgameAnalysis: true, pricePerMinCents: 450 })).toBe(6750);
    expect(postgameAnalysisPriceCents({ providesPostgameAnalysis: true, pricePerMinCents: 10 })).toBe(150);
  });

  it('is null when analysis is not offered, whatever the price', () => {
    expect(postgameAnalysisPriceCents({ providesPostgameAnalysis: false, pricePerMinCents: 450 })).toBeNull();
  });

  it('is 0, not null, for an offering player whose price is 0', () => {
    expect(postgameAnalysisPriceCents({ providesPostgameAnalysis: true, pricePerMinCents: 0 })).toBe(0);
  });
});

describe('opponentFrom', () => {
  it('copies the public fields, derives online and the analysis price', () => {
    expect(opponentFrom(pro(), NOW, TIMEOUT)).toEqual({
      userId: 7,
      username: 'CatalanMateo',
      pricePerMinCents: 450,
      online: true,
      minsPerSideMin: 3,
      minsPerSideMax: 60,
      profileFilename: 'abc.png',
      title: 'GM',
      firstName: 'Mateo',
      lastName: 'Ferrandis',
      lichessBulletRating: 2795,
      lichessBlitzRating: 2840,
      lichessRapidRating: 2760,
      providesPostgameAnalysis: true,
      postgameAnalysisPriceCents: 6750,
      availableForScheduledChallenges: true,
    });
  });

  it('shows a pro whose toggle is on but who went stale as online false', () => {
    expect(opponentFrom(pro({ lastSeenAt: secondsAgo(91) }), NOW, TIMEOUT).online).toBe(false);
  });
});

describe('seenWithin (skipping the presence write on most polls)', () => {
  const now = new Date('2026-01-15T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('is false for a user never seen', () => {
    expect(seenWithin(null, now, 15_000)).toBe(false);
  });

  it('is true inside the interval and false from its end on', () => {
    expect(seenWithin(ago(0), now, 15_000)).toBe(true);
    expect(seenWithin(ago(14_999), now, 15_000)).toBe(true);
    expect(seenWithin(ago(15_000), now, 15_000)).toBe(false);
  });

  it('is false for a sighting in the future (clock moved back), leaving the decision to the repository', () => {
    expect(seenWithin(new Date(now.getTime() + 1000), now, 15_000)).toBe(false);
  });
});
