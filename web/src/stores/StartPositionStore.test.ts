import { ApiClient } from '../api/ApiClient';
import { groupOpenings, parseOpenings, StartPositionStore } from './StartPositionStore';

const WEEK_1 = '3rkb1r/p2nqppp/5n2/1B2p1B1/4P3/1Q6/PPP2PPP/2KR3R w k - 3 13';
const WEEK_2 = 'rn1qkbnr/ppp2p1p/3p2p1/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5';
const END_1 = '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1';
const studies = [
  { title: 'Opera', description: '<p>x</p>', starting_fen: WEEK_1, position_type: 'position_of_the_week' },
  { title: 'Légal', description: '<p>y</p>', starting_fen: WEEK_2, position_type: 'position_of_the_week' },
  { title: 'Opposition', description: '<p>z</p>', starting_fen: END_1, position_type: 'endgame' },
  { title: 'broken', starting_fen: 3, position_type: 'endgame' },
];
const openingsFile = {
  'Sicilian Defense': 'fen-sicilian',
  'Sicilian Defense: Najdorf Variation': 'fen-najdorf',
  "King's Pawn Game": 'fen-kp',
  'Sicilian Defense: Dragon Variation': 'fen-dragon',
  'Caro-Kann Defense: Advance Variation': 'fen-caro-advance',
  'Bogus': 42,
};

function setup(options: { studiesFail?: boolean } = {}) {
  const calls: string[] = [];
  const fetchImpl = jest.fn(async (url: string) => {
    calls.push(url);
    const body = options.studiesFail ? { success: false, error: 'ERR_INTERNAL' } : { success: true, studies };
    return { ok: !options.studiesFail, status: options.studiesFail ? 500 : 200, headers: new Headers(), json: async () => body } as unknown as Response;
  });
  const api = new ApiClient({ getToken: () => null, onTokenExpired: () => undefined, fetchImpl: fetchImpl as unknown as typeof fetch });
  let openingLoads = 0;
  const store = new StartPositionStore(api, async () => {
    openingLoads += 1;
    return openingsFile;
  });
  return { store, calls, openingLoads: () => openingLoads };
}

describe('the start-position picker (spec: Start position type)', () => {
  it('ticking the box selects the first position of the week; unticking clears type and FEN', async () => {
    const { store } = setup();
    expect(store.payload).toEqual({});
    await store.setCustom(true);
    expect([store.type, store.fen]).toEqual(['position_of_the_week', WEEK_1]);
    expect(store.payload).toEqual({ startingFen: WEEK_1, startingPositionType: 'position_of_the_week' });
    await store.setCustom(false);
    expect([store.type, store.fen]).toEqual([null, null]);
    expect(store.payload).toEqual({});
  });

  it('study kinds list their own positions (malformed ones dropped) and load once', async () => {
    const { store, calls } = setup();
    await store.setType('endgame');
    expect(store.studyChoices.map((s) => s.title)).toEqual(['Opposition']);
    expect(store.fen).toBe(END_1);
    await store.setType('position_of_the_week');
    store.choose(WEEK_2);
    expect(store.chosenStudy?.title).toBe('Légal');
    expect(calls.filter((u) => u.startsWith('/api/study_positions'))).toHaveLength(1);
  });

  it('freestyle sends the type alone: the server draws the Chess960 setup', async () => {
    const { store } = setup();
    await store.setType('freestyle');
    expect(store.payload).toEqual({ startingPositionType: 'freestyle' });
  });

  it('openings: the first opening is chosen, and the file is fetched once however often the kind is chosen', async () => {
    const { store, openingLoads } = setup();
    await Promise.all([store.setType('opening'), store.setType('opening')]);
    await store.setType('opening');
    expect(store.fen).toBe('fen-sicilian');
    expect(openingLoads()).toBe(1);
    expect(store.payload).toEqual({ startingFen: 'fen-sicilian', startingPositionType: 'opening' });
  });

  it('a failed load says so and sends no position', async () => {
    const { store } = setup({ studiesFail: true });
    await store.setCustom(true);
    expect(store.studiesState).toBe('error');
    expect(store.payload).toEqual({});
  });
});

describe('openings list', () => {
  it('parses "Family: Line" names and drops entries that are not strings', () => {
    const entries = parseOpenings(openingsFile);
    expect(entries).toHaveLength(5);
    expect(entries.find((e) => e.fen === 'fen-najdorf')).toEqual({ name: 'Sicilian Defense: Najdorf Variation', fen: 'fen-najdorf', family: 'Sicilian Defense', line: 'Najdorf Variation' });
    expect(parseOpenings(null)).toEqual([]);
    expect(parseOpenings(['a'])).toEqual([]);
  });

  it('groups lines under their opening, the opening itself first, and a line without its opening still gets a group', () => {
    const groups = groupOpenings(parseOpenings(openingsFile), '');
    expect(groups.map((g) => [g.family, g.entries.map((e) => e.line)])).toEqual([
      ['Sicilian Defense', [null, 'Najdorf Variation', 'Dragon Variation']],
      ["King's Pawn Game", [null]],
      ['Caro-Kann Defense', ['Advance Variation']],
    ]);
  });

  it('searches by family (keeping all its lines) or by line, ignoring case and accents', () => {
    const entries = parseOpenings(openingsFile);
    expect(groupOpenings(entries, 'sicilian')[0]?.entries).toHaveLength(3);
    expect(groupOpenings(entries, 'NAJDORF').map((g) => g.entries.map((e) => e.name))).toEqual([['Sicilian Defense: Najdorf Variation']]);
    expect(groupOpenings(entries, 'cáro').map((g) => g.family)).toEqual(['Caro-Kann Defense']);
    expect(groupOpenings(entries, 'zzz')).toEqual([]);
  });
});
