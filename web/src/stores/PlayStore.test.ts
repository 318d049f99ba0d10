import { ApiClient } from '../api/ApiClient';
import { ContentStore } from './ContentStore';
import { PlayStore } from './PlayStore';
import { SessionStore } from './SessionStore';
import { makeUser } from '../test-support/fakes';

const opponent = (id: number, patch: Record<string, unknown> = {}) => ({
  username: `p${id}`, user_id: id, price_per_min: 1.5, online: true, mins_per_side_min: 1, mins_per_side_max: 60, profile_filename: null,
  title: 'GM', first_name: 'P', last_name: String(id), lichess_bullet_rating: 0, lichess_blitz_rating: 0, lichess_rapid_rating: 0,
  provides_postgame_analysis: false, postgame_analysis_price: null, available_for_scheduled_challenges: true, ...patch,
});
const challenge = (id: number, patch: Record<string, unknown> = {}) => ({
  id, source_user_id: 7, source_name: 'Ann', target_user_id: 1, target_name: 'P 1', status: 'pending', url: null, price: 15,
  mins_per_side: 10, increment_in_secs: 0, expires_at: '2030-01-01T00:00:00.000Z', ...patch,
});

interface Answer { etag?: string; body: Record<string, unknown>; status?: number }

function setup(answers: Answer[], options: { hidden?: () => boolean; credits?: number; post?: (url: string) => Answer | undefined; notifyWorker?: (message: { type: string; token: string | null }) => boolean; log?: (level: string, message: string) => void } = {}) {
  window.localStorage.clear();
  const session = new SessionStore(window.localStorage);
  session.login(makeUser({ id: 7, credits: options.credits ?? 100 }), 'tok');
  const calls: { url: string; body: unknown; keepalive?: boolean }[] = [];
  let release: (() => void) | null = null;
  const fetchImpl = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined, keepalive: init.keepalive });
    if (url.startsWith('/api/get_app_state') && answers[0]?.body.hold) await new Promise<void>((r) => (release = r));
    const answer = url.startsWith('/api/get_app_state') ? answers.shift()! : (options.post?.(url) ?? { body: { success: true, challenges: [] } });
    return { ok: (answer.status ?? 200) < 400, status: answer.status ?? 200, headers: new Headers(answer.etag ? { ETag: answer.etag } : {}), json: async () => answer.body } as unknown as Response;
  });
  const api = new ApiClient({ getToken: () => 'tok', onTokenExpired: () => undefined, fetchImpl: fetchImpl as unknown as typeof fetch });
  const content = new ContentStore(api);
  const logged: string[] = [];
  const play = new PlayStore(api, session, content, options.hidden ?? (() => false), options.notifyWorker ?? null, (level, message) => logged.push(`${level} ${message}`));
  return { play, content, session, calls, logged, release: () => release?.() };
}

const state = (patch: Record<string, unknown> = {}) => ({ success: true, opponents: [opponent(1), opponent(2)], challenges: [], user: null, ...patch });

describe('PlayStore polling', () => {
  it('one request in flight at most: a tick during a slow poll is skipped', async () => {
    const { play, calls, release } = setup([{ body: { ...state(), hold: true } }, { body: state() }]);
    const first = play.poll();
    await play.poll();
    expect(calls).toHaveLength(1);
    release();
    await first;
  });

  it('paused while the tab is hidden', async () => {
    const { play, calls } = setup([{ body: state() }], { hidden: () => true });
    await play.poll();
    expect(calls).toHaveLength(0);
  });

  it('revalidates (no t parameter) and leaves everything as it was when the ETag is unchanged', async () => {
    const { play, content, calls } = setup([
      { etag: '"a"', body: state() },
      { etag: '"a"', body: state({ opponents: [opponent(3)] }) },
    ]);
    await play.poll();
    const before = content.opponents;
    await play.poll();
    expect(content.opponents).toBe(before);
    expect(calls.every((c) => !c.url.includes('t='))).toBe(true);
  });

  it('logs a polling failure once per distinct message, not once a second', async () => {
    const down = { status: 503, body: { success: false, error: 'ERR_UNAVAILABLE' } };
    const { play, logged } = setup([down, down, down, { status: 500, body: { success: false, error: 'ERR_INTERNAL' } }, down, { body: state() }]);
    for (let i = 0; i < 6; i += 1) await play.poll();
    expect(logged).toEqual(['warn Polling get_app_state failed: ERR_UNAVAILABLE', 'warn Polling get_app_state failed: ERR_INTERNAL']);
  });

  it('drops opponents and challenges that fail the shape check', async () => {
    const { play, content } = setup([{ body: state({ opponents: [opponent(1), { user_id: 'x' }, null], challenges: [challenge(5), { id: 'bad' }, 42] }) }]);
    await play.poll();
    expect(content.opponents.map((o) => o.user_id)).toEqual([1]);
    expect(play.challenges.map((c) => c.id)).toEqual([5]);
  });
});

describe('PlayStore steps (spec section 4)', () => {
  it('waiting while a challenge I sent is pending; rejected with the no-players popup when none is left; accepted when one is', async () => {
    const { play } = setup([
      { etag: '"1"', body: state({ challenges: [challenge(5)] }) },
      { etag: '"2"', body: state({ challenges: [challenge(5, { status: 'rejected' })] }) },
      { etag: '"3"', body: state({ challenges: [challenge(6, { status: 'accepted', url: 'https://lichess.org/abc' })] }) },
    ]);
    await play.poll();
    expect(play.step).toBe('waiting');
    await play.poll();
    expect([play.step, play.popup]).toEqual(['rejected', 'no_players']);
    play.closePopup();
    expect(play.step).toBe('initial');
    await play.poll();
    expect(play.step).toBe('accepted');
    expect(play.accepted?.url).toBe('https://lichess.org/abc');
  });

  it('a closed accepted game does not pull the screen back, and the server is told', async () => {
    const { play, calls } = setup([
      { etag: '"1"', body: state({ challenges: [challenge(6, { status: 'accepted', url: 'https://x' })] }) },
      { etag: '"2"', body: state({ challenges: [challenge(6, { status: 'accepted', url: 'https://x' }), challenge(9, { status: 'rejected' })] }) },
    ]);
    await play.poll();
    await play.closeAccepted();
    await play.poll();
    expect(play.step).toBe('initial');
    expect(calls.find((c) => c.url.startsWith('/api/finish_challenge'))?.body).toEqual({ challenge_id: 6 });
  });
});

describe('PlayStore game format and sending', () => {
  it('clamps minutes and increment, and drops selected players the new time control excludes', async () => {
    const { play } = setup([{ body: state({ opponents: [opponent(1, { mins_per_side_max: 15 }), opponent(2)] }) }]);
    await play.poll();
    play.selectAll();
    expect([...play.selected]).toEqual([1, 2]);
    play.setMinutes(30);
    expect([...play.selected]).toEqual([2]);
    play.setMinutes(500);
    expect(play.minsPerSide).toBe(120);
    play.setMinutes(0);
    expect(play.minsPerSide).toBe(1);
    play.setIncrement(99);
    expect(play.incrementInSecs).toBe(30);
  });

  it('the total is the highest price of the selection, classical 20% off', async () => {
    const { play } = setup([{ body: state({ opponents: [opponent(1, { price_per_min: 1 }), opponent(2, { price_per_min: 2 })] }) }]);
    await play.poll();
    play.choosePreset(45, 0);
    play.selectAll();
    expect(play.total).toBe(72); // 45 x $2.00 x 0.8
  });

  it('insufficient credits: the popup, and no request sent', async () => {
    const { play, calls } = setup([{ body: state() }], { credits: 5 });
    await play.poll();
    play.toggle(1);
    await play.send();
    expect(play.popup).toBe('insufficient');
    expect(calls.some((c) => c.url.startsWith('/api/send_challenges'))).toBe(false);
  });

  it('sends the selection with the game config and goes to waiting', async () => {
    const { play, calls } = setup([{ body: state() }]);
    await play.poll();
    play.choosePreset(3, 2);
    play.setPlayAs('black');
    play.toggle(2);
    await play.send();
    expect(calls.find((c) => c.url.startsWith('/api/send_challenges'))?.body).toEqual({ target_user_ids: [2], minsPerSide: 3, incrementInSecs: 2, playAs: 'black' });
    expect(play.step).toBe('waiting');
    expect(play.selected.size).toBe(0);
  });
});

describe("PlayStore preselect (the roster's 'Challenge')", () => {
  it('keeps the wish until the list arrives, then selects the player and moves the clock into their range', async () => {
    const { play } = setup([{ body: state({ opponents: [opponent(1), opponent(5, { mins_per_side_min: 15, mins_per_side_max: 30 })] }) }]);
    play.preselect(5);
    expect(play.selected.size).toBe(0);
    await play.poll();
    expect([...play.selected]).toEqual([5]);
    expect(play.minsPerSide).toBe(15);
  });

  it('does not select an offline player, and applies only once (a later unselect stays)', async () => {
    const { play } = setup([{ body: state({ opponents: [opponent(1, { online: false }), opponent(2)] }) }, { body: state() }]);
    play.preselect(1);
    await play.poll();
    expect(play.selected.size).toBe(0);
    play.preselect(2);
    expect([...play.selected]).toEqual([2]);
    play.toggle(2);
    await play.poll();
    expect(play.selected.size).toBe(0);
  });
});

describe('PlayStore: withdrawing while waiting (spec section 4)', () => {
  const waitingState = { etag: '"w"', body: state({ challenges: [challenge(5)] }) };

  it("Cancel goes back to the first step with no popup: withdrawing is not a refusal", async () => {
    const { play, calls } = setup([waitingState], { post: () => ({ body: { success: true, challenges: [challenge(5, { status: 'canceled' })] } }) });
    await play.poll();
    expect(play.step).toBe('waiting');
    await play.cancel();
    expect(calls.at(-1)!.url).toMatch(/^\/api\/cancel_challenges/);
    expect([play.step, play.popup]).toEqual(['initial', 'none']);
  });

  it('Cancel answered with an accepted challenge (accepted just before) goes to accepted', async () => {
    const { play } = setup([waitingState], { post: () => ({ body: { success: true, challenges: [challenge(5, { status: 'accepted', url: 'https://lichess.org/x' })] } }) });
    await play.poll();
    await play.cancel();
    expect(play.step).toBe('accepted');
  });

  it('a failed Cancel counts as an empty list: back to the first step, no popup', async () => {
    const { play } = setup([waitingState], { post: () => ({ status: 500, body: { success: false, error: 'ERR_INTERNAL' } }) });
    await play.poll();
    await play.cancel();
    expect([play.step, play.popup, play.challenges]).toEqual(['initial', 'none', []]);
  });

  it('closing the page while waiting, no worker controlling it: the page sends a keepalive cancel, until polling stops', async () => {
    const messages: { type: string; token: string | null }[] = [];
    const page = new EventTarget();
    const { play, calls } = setup([waitingState], { notifyWorker: (m) => (messages.push(m), false) });
    const stop = play.startPolling(60_000, page as unknown as Window);
    await new Promise((r) => setTimeout(r, 0));
    expect(play.step).toBe('waiting');
    page.dispatchEvent(new Event('pagehide'));
    const cancels = calls.filter((c) => c.url.startsWith('/api/cancel_challenges'));
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.keepalive).toBe(true);
    expect(messages).toEqual([{ type: 'cancel_challenges', token: 'tok' }]);
    stop();
    page.dispatchEvent(new Event('pagehide')); // stopped: no longer listening
    expect(calls.filter((c) => c.url.startsWith('/api/cancel_challenges'))).toHaveLength(1);
  });

  it('closing the page while waiting, a worker controlling it: the worker sends the one cancel, the page none', async () => {
    const messages: { type: string; token: string | null }[] = [];
    const page = new EventTarget();
    const { play, calls } = setup([waitingState], { notifyWorker: (m) => (messages.push(m), true) });
    const stop = play.startPolling(60_000, page as unknown as Window);
    await new Promise((r) => setTimeout(r, 0));
    page.dispatchEvent(new Event('pagehide'));
    stop();
    expect(messages).toEqual([{ type: 'cancel_challenges', token: 'tok' }]);
    expect(calls.filter((c) => c.url.startsWith('/api/cancel_challenges'))).toHaveLength(0);
  });

  it('closing the page with nothing waiting sends nothing', async () => {
    const messages: unknown[] = [];
    const page = new EventTarget();
    const { play, calls } = setup([{ body: state() }], { notifyWorker: (m) => (messages.push(m), true) });
    const stop = play.startPolling(60_000, page as unknown as Window);
    await new Promise((r) => setTimeout(r, 0));
    page.dispatchEvent(new Event('pagehide'));
    stop();
    expect(calls.filter((c) => c.url.startsWith('/api/cancel_challenges'))).toHaveLength(0);
    expect(messages).toEqual([]);
  });
});

describe('PlayStore: the online toggle (optimistic, then the saved user, changes queued in order)', () => {
  function toggleSetup() {
    window.localStorage.clear();
    const session = new SessionStore(window.localStorage);
    session.login(makeUser({ id: 7, role: 'pro', online: false }), 'tok');
    const sent: { online: boolean; answer: (saved: boolean | null) => void }[] = [];
    const fetchImpl = jest.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          const { online } = JSON.parse(String(init.body)) as { online: boolean };
          sent.push({
            online,
            answer: (saved) =>
              resolve({
                ok: saved !== null,
                status: saved !== null ? 200 : 500,
                headers: new Headers(),
                json: async () => (saved !== null ? { success: true, user: { ...makeUser({ id: 7, role: 'pro' }), online: saved } } : { success: false, error: 'ERR_INTERNAL' }),
              } as unknown as Response),
          });
        }),
    );
    const api = new ApiClient({ getToken: () => 'tok', onTokenExpired: () => undefined, fetchImpl: fetchImpl as unknown as typeof fetch });
    const play = new PlayStore(api, session, new ContentStore(api), () => false);
    return { play, session, sent };
  }
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('on, off, on clicked quickly: shown at once, sent one after another, and the screen ends on the last click', async () => {
    const { play, session, sent } = toggleSetup();
    const clicks = [play.setOnline(true), play.setOnline(false), play.setOnline(true)];
    expect(session.user!.online).toBe(true);
    await flush();
    expect(sent.map((s) => s.online)).toEqual([true]); // the next waits for this answer
    sent[0]!.answer(true);
    await flush();
    expect(session.user!.online).toBe(true); // the first answer does not replace later clicks
    expect(sent.map((s) => s.online)).toEqual([true, false]);
    sent[1]!.answer(false);
    await flush();
    expect(session.user!.online).toBe(true);
    sent[2]!.answer(true);
    await Promise.all(clicks);
    expect(sent.map((s) => s.online)).toEqual([true, false, true]);
    expect(session.user!.online).toBe(true);
  });

  it('a failed change puts back the state from before the click', async () => {
    const { play, session, sent } = toggleSetup();
    const click = play.setOnline(true);
    expect(session.user!.online).toBe(true);
    await flush();
    sent[0]!.answer(null);
    await click;
    expect(session.user!.online).toBe(false);
  });
});

describe('PlayStore: answering an incoming challenge', () => {
  it('a refused answer is said in the server\'s words; a double click sends once', async () => {
    const refused = { status: 409, body: { success: false, error: 'ERR_CHALLENGE_STATE', message: 'The challenge is no longer open: another player accepted, or it was canceled' } };
    const { play, calls } = setup([], { post: () => refused });
    const [first, second] = await Promise.all([play.respond(5, 'accepted'), play.respond(5, 'accepted')]);
    expect([first, second]).toEqual([false, false]);
    expect(calls.filter((c) => c.url.startsWith('/api/accept_reject_challenge'))).toHaveLength(1);
    expect(play.answerError).toBe('The challenge is no longer open: another player accepted, or it was canceled');
    expect(play.answering.size).toBe(0);
  });

  it('a server failure gets a plain sentence (no internal text), and the next answer clears it', async () => {
    let fail = true;
    const { play } = setup([], { post: () => (fail ? { status: 500, body: { success: false, error: 'ERR_INTERNAL', message: 'Internal error' } } : undefined) });
    await play.respond(5, 'rejected');
    expect(play.answerError).toBe('We could not send your answer. Please try again.');
    fail = false;
    expect(await play.respond(6, 'rejected')).toBe(true);
    expect(play.answerError).toBeNull();
  });
});
