import { ApiClient } from '../api/ApiClient';
import { ContentStore } from './ContentStore';

const opponent = (id: number) => ({
  username: `p${id}`, user_id: id, price_per_min: 1, online: true, mins_per_side_min: 1, mins_per_side_max: 120, profile_filename: null,
  title: 'GM', first_name: 'A', last_name: 'B', lichess_bullet_rating: 0, lichess_blitz_rating: 0, lichess_rapid_rating: 0,
  provides_postgame_analysis: false, postgame_analysis_price: null, available_for_scheduled_challenges: true,
});

/** The browser answers a revalidated poll with its cached copy: same body, same ETag. */
function store(answers: { etag: string; opponents: unknown[] }[]) {
  const fetchImpl = jest.fn(async () => {
    const answer = answers.shift()!;
    return { ok: true, status: 200, headers: new Headers({ ETag: answer.etag }), json: async () => ({ success: true, opponents: answer.opponents }) } as unknown as Response;
  });
  const api = new ApiClient({ getToken: () => 't', onTokenExpired: () => undefined, fetchImpl });
  return { content: new ContentStore(api), fetchImpl };
}

describe('ContentStore polling get_app_state', () => {
  it('applies a changed answer, and leaves the lists untouched when the ETag is unchanged (a 304)', async () => {
    const { content, fetchImpl } = store([
      { etag: '"v1"', opponents: [opponent(1)] },
      { etag: '"v1"', opponents: [opponent(1)] },
      { etag: '"v2"', opponents: [opponent(1), opponent(2)] },
    ]);
    await content.loadAppState();
    const first = content.opponents;
    expect(first.map((o) => o.user_id)).toEqual([1]);
    await content.loadAppState();
    expect(content.opponents).toBe(first); // same array: nothing re-rendered
    await content.loadAppState();
    expect(content.opponents.map((o) => o.user_id)).toEqual([1, 2]);
    const urls = fetchImpl.mock.calls.map((call) => (call as unknown as [string])[0]);
    expect(urls.every((u) => !u.includes('t='))).toBe(true);
  });

  it('merges a changed answer by user id: unchanged opponents keep their object, a changed one is replaced, a gone one leaves', async () => {
    const { content } = store([
      { etag: '"v1"', opponents: [opponent(1), opponent(2), opponent(3)] },
      { etag: '"v2"', opponents: [opponent(1), { ...opponent(2), online: false }, opponent(4)] },
    ]);
    await content.loadAppState();
    const [one, two] = content.opponents;
    await content.loadAppState();
    expect(content.opponents.map((o) => o.user_id)).toEqual([1, 2, 4]);
    expect(content.opponents[0]).toBe(one);
    expect(content.opponents[1]).not.toBe(two);
    expect(content.opponents[1]!.online).toBe(false);
  });
});
