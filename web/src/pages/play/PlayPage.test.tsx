import { act, screen } from '@testing-library/react';
import { makeStore, makeUser, renderPage } from '../../test-support/fakes';
import type { Opponent } from '../../stores/ContentStore';
import PlayPage from './PlayPage';

// Counts each opponent card's renders by user id (jest.mock factories may only reach `mock`-prefixed names).
const mockRenders = new Map<number, number>();
jest.mock('./OpponentCard', () => {
  const actual = jest.requireActual<typeof import('./OpponentCard')>('./OpponentCard');
  return {
    OpponentCard: (props: Parameters<typeof actual.OpponentCard>[0]) => {
      mockRenders.set(props.opponent.user_id, (mockRenders.get(props.opponent.user_id) ?? 0) + 1);
      return actual.OpponentCard(props);
    },
  };
});

const opponent = (id: number, patch: Partial<Opponent> = {}): Opponent => ({
  username: `p${id}`, user_id: id, price_per_min: 1.5, online: true, mins_per_side_min: 1, mins_per_side_max: 60, profile_filename: null,
  title: 'GM', first_name: 'Player', last_name: `Number${id}`, lichess_bullet_rating: 0, lichess_blitz_rating: 0, lichess_rapid_rating: 0,
  provides_postgame_analysis: false, postgame_analysis_price: null, available_for_scheduled_challenges: true, ...patch,
});

describe('PlayPage opponent rows (merged by id: only changed rows re-render)', () => {
  it('a poll that changes one player re-renders that row only; the others keep their render count', async () => {
    const list = Array.from({ length: 50 }, (_, i) => opponent(i + 1));
    const { store } = makeStore({
      user: makeUser({ id: 900 }),
      replies: { 'GET /api/get_app_state': { body: { success: true, opponents: list, challenges: [], user: null } } },
    });
    renderPage(<PlayPage />, { store });
    await screen.findByRole('checkbox', { name: 'Challenge GM Player Number50' });
    const before = new Map(mockRenders);

    act(() => store.content.setOpponents(list.map((o) => (o.user_id === 7 ? opponent(7, { price_per_min: 2 }) : opponent(o.user_id)))));
    await screen.findByText('$2.00');
    const changed = [...mockRenders].filter(([id, count]) => count !== before.get(id)).map(([id]) => id);
    expect(changed).toEqual([7]);

    // Going offline moves the row to the other list (a new element there); nobody else re-renders.
    const mid = new Map(mockRenders);
    act(() => store.content.setOpponents(list.map((o) => (o.user_id === 7 ? opponent(7, { price_per_min: 2, online: false }) : opponent(o.user_id)))));
    expect([...mockRenders].filter(([id, count]) => count !== mid.get(id)).map(([id]) => id)).toEqual([7]);
  });

  it('an identical answer keeps the list and every opponent object, and renders nothing', async () => {
    const list = [opponent(1), opponent(2)];
    const { store } = makeStore({
      user: makeUser({ id: 900 }),
      replies: { 'GET /api/get_app_state': { body: { success: true, opponents: list, challenges: [], user: null } } },
    });
    renderPage(<PlayPage />, { store });
    await screen.findByRole('checkbox', { name: 'Challenge GM Player Number2' });
    const before = new Map(mockRenders);
    const kept = store.content.opponents;
    act(() => store.content.setOpponents(list.map((o) => ({ ...o }))));
    expect(store.content.opponents).toBe(kept);
    expect(new Map(mockRenders)).toEqual(before);
  });
});
