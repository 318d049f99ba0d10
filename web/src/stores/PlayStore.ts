import { makeAutoObservable, runInAction } from 'mobx';
import { LIMITS, TIMING } from '../../../domain/limits';
import { livePriceCents } from '../../../domain/pricing';
import type { ApiClient } from '../api/ApiClient';
import { ERR_TOKEN_EXPIRED, TIMEOUTS } from '../api/ApiClient';
import { parseUser } from '../api/user';
import { parseOpponent, type ContentStore, type Opponent } from './ContentStore';
import type { SessionStore } from './SessionStore';
import { StartPositionStore } from './StartPositionStore';

/** A live challenge as the server sends it; answers that fail the shape check are dropped (spec section 5). */
export interface Challenge {
  id: number;
  source_user_id: number;
  source_name: string;
  target_user_id: number;
  target_name: string;
  status: string;
  url: string | null;
  price: number;
  mins_per_side: number;
  increment_in_secs: number;
  expires_at: string | null;
}

export function parseChallenge(value: unknown): Challenge | null {
  if (typeof value !== 'object' || value === null) return null;
  const c = value as Record<string, unknown>;
  if (typeof c.id !== 'number' || typeof c.source_user_id !== 'number' || typeof c.target_user_id !== 'number' || typeof c.status !== 'string') return null;
  return {
    id: c.id,
    source_user_id: c.source_user_id,
    source_name: typeof c.source_name === 'string' ? c.source_name : '',
    target_user_id: c.target_user_id,
    target_name: typeof c.target_name === 'string' ? c.target_name : '',
    status: c.status,
    url: typeof c.url === 'string' ? c.url : null,
    price: typeof c.price === 'number' ? c.price : 0,
    mins_per_side: typeof c.mins_per_side === 'number' ? c.mins_per_side : 0,
    increment_in_secs: typeof c.increment_in_secs === 'number' ? c.increment_in_secs : 0,
    expires_at: typeof c.expires_at === 'string' ? c.expires_at : null,
  };
}

/** The spec's presets (section 9). */
export const PRESETS = [
  { group: 'Blitz', minutes: 3, increment: 0 },
  { group: 'Blitz', minutes: 3, increment: 2 },
  { group: 'Blitz', minutes: 5, increment: 0 },
  { group: 'Rapid', minutes: 10, increment: 0 },
  { group: 'Rapid', minutes: 15, increment: 5 },
  { group: 'Rapid', minutes: 20, increment: 0 },
  { group: 'Classical', minutes: 30, increment: 0 },
  { group: 'Classical', minutes: 45, increment: 0 },
  { group: 'Classical', minutes: 90, increment: 30 },
] as const;

export type PlayAs = 'white' | 'black' | 'random';
/** The challenge screen's step (spec section 4). */
export type Step = 'initial' | 'waiting' | 'rejected' | 'accepted';
export type Popup = 'none' | 'no_players' | 'insufficient';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(Number.isFinite(value) ? value : min)));

/**
 * The play screen: owns the 1 Hz poll of get_app_state (started and stopped by the store, one request in flight,
 * paused while the tab is hidden, revalidating with the ETag so an unchanged answer is skipped), the game format,
 * the selection, and the challenge steps of spec section 4.
 */
export class PlayStore {
  minsPerSide = 10;
  incrementInSecs = 0;
  playAs: PlayAs = 'random';
  selected = new Set<number>();
  challenges: Challenge[] = [];
  step: Step = 'initial';
  popup: Popup = 'none';
  sending = false;
  /** Accepted challenges the player has closed: they no longer pull the screen back to "accepted". */
  private dismissed = new Set<number>();
  private inFlight = false;
  /** Incoming challenges whose answer is on its way (their buttons wait). */
  answering = new Set<number>();
  /** Why the last Accept or Decline did not go through, in words; null when it did. */
  answerError: string | null = null;
  /** The online toggle's changes, sent one after another. */
  private onlineQueue: Promise<void> = Promise.resolve();
  /** Online changes clicked but not answered yet: while any is, a poll does not overwrite the optimistic user. */
  private onlineChangesWaiting = 0;
  /** Poll failure messages already logged (each is logged once). */
  private readonly pollFailuresLogged = new Set<string>();
  private etag: string | null = null;
  /** The start-position picker's choice, sent with every challenge. */
  readonly startPosition: StartPositionStore;
  /** A player chosen elsewhere (the roster's 'Challenge'), selected once the list shows them. */
  private wanted: number | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly session: SessionStore,
    private readonly content: ContentStore,
    private readonly isHidden: () => boolean = () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
    /** Messages the background worker; false when no worker controls the page (the message went nowhere). */
    private readonly notifyWorker: ((message: { type: 'cancel_challenges'; token: string | null }) => boolean) | null = null,
    /** The client log (spec: polling errors are logged once per distinct message). */
    private readonly log: ((level: 'warn', message: string, context?: Record<string, unknown>) => void) | null = null,
  ) {
    this.startPosition = new StartPositionStore(api);
    makeAutoObservable(this, { startPosition: false }, { autoBind: true });
  }

  get me(): number | null {
    return this.session.user?.id ?? null;
  }

  /** An opponent can be chosen when online and the time control is inside their range (spec section 5). */
  qualifies(o: Opponent): boolean {
    return o.online && this.minsPerSide >= o.mins_per_side_min && this.minsPerSide <= o.mins_per_side_max;
  }

  /** This game's price with one opponent, in US$ (the server's own rule: classical 20% off). */
  priceWith(o: Opponent): number {
    return livePriceCents(this.minsPerSide, Math.round(o.price_per_min * 100)) / 100;
  }

  /** The bottom bar's total: the highest price of the selection (the hold the server places). */
  get total(): number {
    const prices = this.content.opponents.filter((o) => this.selected.has(o.user_id)).map((o) => this.priceWith(o));
    return prices.length ? Math.max(...prices) : 0;
  }

  get incoming(): Challenge[] {
    return this.challenges.filter((c) => c.target_user_id === this.me && c.status === 'pending');
  }

  get accepted(): Challenge | null {
    return this.challenges.find((c) => c.status === 'accepted' && !this.dismissed.has(c.id)) ?? null;
  }

  get waitingFor(): Challenge[] {
    return this.challenges.filter((c) => c.source_user_id === this.me && c.status === 'pending');
  }

  setMinutes(value: number): void {
    this.minsPerSide = clamp(value, LIMITS.minsPerSide.min, LIMITS.minsPerSide.max);
    // Changing the time control drops selected players who no longer qualify (spec section 5).
    for (const o of this.content.opponents) if (this.selected.has(o.user_id) && !this.qualifies(o)) this.selected.delete(o.user_id);
  }

  setIncrement(value: number): void {
    this.incrementInSecs = clamp(value, LIMITS.incrementSecs.min, LIMITS.incrementSecs.max);
  }

  choosePreset(minutes: number, increment: number): void {
    this.setMinutes(minutes);
    this.setIncrement(increment);
  }

  setPlayAs(side: PlayAs): void {
    this.playAs = side;
  }

  toggle(userId: number): void {
    if (this.selected.has(userId)) this.selected.delete(userId);
    else if (this.content.opponents.some((o) => o.user_id === userId && this.qualifies(o))) this.selected.add(userId);
  }

  /**
   * Preselects a player chosen on another screen (/play?opponent=ID). When they are in the list, the time control
   * moves into their range if it is outside it, and they are selected if online; until the list arrives, the
   * wish is kept and applied by the next poll.
   */
  preselect(userId: number): void {
    this.wanted = userId;
    this.applyPreselect();
  }

  private applyPreselect(): void {
    if (this.wanted === null) return;
    const o = this.content.opponents.find((x) => x.user_id === this.wanted);
    if (!o) return;
    this.wanted = null;
    if (this.minsPerSide < o.mins_per_side_min || this.minsPerSide > o.mins_per_side_max) this.setMinutes(clamp(this.minsPerSide, o.mins_per_side_min, o.mins_per_side_max));
    if (this.qualifies(o)) this.selected.add(o.user_id);
  }

  selectAll(): void {
    for (const o of this.content.opponents) if (this.qualifies(o)) this.selected.add(o.user_id);
  }

  closePopup(): void {
    this.popup = 'none';
    if (this.step === 'rejected') this.step = 'initial';
  }

  /**
   * Polls every `ms` until the returned disposer is called; a tick is skipped while one is in flight or the tab is
   * hidden. While it runs, closing the page during the waiting step withdraws the challenges (cancelOnClose).
   */
  startPolling(ms: number = TIMING.pollingIntervalMs, page: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = typeof window === 'undefined' ? null : window): () => void {
    void this.poll();
    const timer = setInterval(() => void this.poll(), ms);
    const onPageHide = () => this.cancelOnClose();
    page?.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      page?.removeEventListener('pagehide', onPageHide);
    };
  }

  /**
   * Closing the page while waiting withdraws the challenges (spec section 4), so the player's credits are not held
   * until the challenges expire and nobody accepts a game the sender has left. One request: the background worker
   * sends it when one controls the page (it outlives the page), otherwise the page's own keepalive request.
   */
  cancelOnClose(): void {
    if (this.step !== 'waiting') return;
    if (this.notifyWorker?.({ type: 'cancel_challenges', token: this.session.token })) return;
    void this.api.post<{ challenges: unknown }>('/api/cancel_challenges', { keepalive: true });
  }

  async poll(): Promise<void> {
    if (this.inFlight || this.isHidden()) return;
    this.inFlight = true;
    let etag: string | null = null;
    try {
      const result = await this.api.get<{ opponents: unknown; challenges: unknown; user: unknown }>('/api/get_app_state', {
        timeoutMs: TIMEOUTS.appState,
        revalidate: true,
        onEtag: (tag) => (etag = tag),
        quiet: true,
      });
      runInAction(() => {
        if (!result.success) {
          this.logPollFailure(result.error, result.status);
          return;
        }
        if (etag !== null && etag === this.etag) return;
        this.etag = etag;
        this.content.setOpponents((Array.isArray(result.opponents) ? result.opponents : []).map(parseOpponent).filter((o): o is Opponent => o !== null));
        this.applyPreselect();
        const user = parseUser(result.user);
        if (user && this.onlineChangesWaiting === 0) this.session.updateUser(user);
        this.applyChallenges(result.challenges);
      });
    } finally {
      runInAction(() => (this.inFlight = false));
    }
  }

  /**
   * A failed poll is logged once per distinct message for the page's life (spec section 9): an outage polled every
   * second would otherwise fill the log queue with thousands of copies. A dead session is not a poll failure: the
   * ApiClient ends the session.
   */
  private logPollFailure(error: string, status: number | undefined): void {
    if (error === ERR_TOKEN_EXPIRED) return;
    const message = `Polling get_app_state failed: ${error}`;
    if (this.pollFailuresLogged.has(message)) return;
    this.pollFailuresLogged.add(message);
    this.log?.('warn', message, { status: status ?? null });
  }

  /** Any accepted challenge -> accepted; else any pending one I sent -> waiting; else waiting -> rejected (spec section 4). */
  private applyChallenges(value: unknown): void {
    this.challenges = (Array.isArray(value) ? value : []).map(parseChallenge).filter((c): c is Challenge => c !== null);
    if (this.accepted) this.step = 'accepted';
    else if (this.waitingFor.length > 0) this.step = 'waiting';
    else if (this.step === 'waiting') {
      this.step = 'rejected';
      this.popup = 'no_players';
    } else if (this.step === 'accepted') this.step = 'initial';
  }

  async send(): Promise<void> {
    if (this.selected.size === 0 || this.sending) return;
    const credits = this.session.user?.credits ?? 0;
    if (this.total > credits) {
      this.popup = 'insufficient';
      return;
    }
    this.sending = true;
    const result = await this.api.post<{ challenges: unknown }>('/api/send_challenges', {
      body: {
        target_user_ids: [...this.selected],
        minsPerSide: this.minsPerSide,
        incrementInSecs: this.incrementInSecs,
        playAs: this.playAs,
        ...this.startPosition.payload,
      },
    });
    runInAction(() => {
      this.sending = false;
      if (result.success) {
        this.applyChallenges(result.challenges);
        this.step = 'waiting';
        this.selected.clear();
      } else if (result.error === 'ERR_INSUFFICIENT_CREDITS') this.popup = 'insufficient';
      else this.popup = 'no_players';
    });
  }

  /**
   * The waiting popup's Cancel (spec section 4): to accepted if the answer holds an accepted challenge, otherwise
   * back to the first step (a failure counts as an empty list). Withdrawing is not a refusal: no "no players" popup.
   */
  async cancel(): Promise<void> {
    const result = await this.api.post<{ challenges: unknown }>('/api/cancel_challenges');
    runInAction(() => {
      this.step = 'initial';
      this.applyChallenges(result.success ? result.challenges : []);
    });
  }

  /**
   * A titled player's answer to an incoming challenge; accepting goes to the accepted step. One answer per
   * challenge at a time (a double click sends once); a refusal is said in words (the server's: expired, taken by
   * another player, canceled, the chess site failed and the price was refunded), never silently dropped.
   */
  async respond(challengeId: number, status: 'accepted' | 'rejected'): Promise<boolean> {
    if (this.answering.has(challengeId)) return false;
    this.answering.add(challengeId);
    this.answerError = null;
    const result = await this.api.post<{ challenges: unknown }>('/api/accept_reject_challenge', { body: { challenge_id: challengeId, status } });
    runInAction(() => {
      this.answering.delete(challengeId);
      if (result.success) this.applyChallenges(result.challenges);
      else {
        const message = typeof result.body?.message === 'string' && result.error !== 'ERR_INTERNAL' ? result.body.message : null;
        this.answerError = message ?? 'We could not send your answer. Please try again.';
      }
    });
    return result.success;
  }

  /**
   * Closing the accepted popup: the server is told (it settles once the game is over on Lichess, else later by
   * itself), and this challenge stops pulling the screen back to "accepted".
   */
  async closeAccepted(): Promise<void> {
    const challenge = this.accepted;
    if (!challenge) return;
    this.dismissed.add(challenge.id);
    this.step = 'initial';
    await this.api.post<object>('/api/finish_challenge', { body: { challenge_id: challenge.id } });
  }

  /**
   * The online toggle (spec: applied optimistically, then replaced by the saved user, changes queued in order). Each
   * change is sent after the previous one has answered, so the server ends on the last click; the saved user
   * replaces the optimistic one only when no later change is waiting (an earlier answer must not undo a later
   * click). A failure puts back the state from before that click.
   */
  setOnline(online: boolean): Promise<void> {
    const user = this.session.user;
    if (!user) return Promise.resolve();
    this.session.updateUser({ ...user, online });
    this.onlineChangesWaiting += 1;
    const sent = this.onlineQueue.then(async () => {
      const result = await this.api.post<{ user: unknown }>('/api/update_profile', { body: { online } });
      runInAction(() => {
        this.onlineChangesWaiting -= 1;
        if (this.onlineChangesWaiting > 0) return;
        const saved = result.success ? parseUser(result.user) : null;
        this.session.updateUser(saved ?? user);
      });
    });
    this.onlineQueue = sent.catch(() => undefined);
    return sent;
  }
}
