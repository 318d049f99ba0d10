import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { ApiClient } from '../api/ApiClient';
import { TIMEOUTS } from '../api/ApiClient';

/** An opponent as the server sends it (spec section 3, snake_case, money in US$). */
export interface Opponent {
  username: string;
  user_id: number;
  price_per_min: number;
  online: boolean;
  mins_per_side_min: number;
  mins_per_side_max: number;
  profile_filename: string | null;
  title: string | null;
  first_name: string;
  last_name: string;
  lichess_bullet_rating: number;
  lichess_blitz_rating: number;
  lichess_rapid_rating: number;
  provides_postgame_analysis: boolean;
  postgame_analysis_price: number | null;
  available_for_scheduled_challenges: boolean;
}

/** Opponents failing the shape check are dropped (spec section 5). */
export function parseOpponent(value: unknown): Opponent | null {
  if (typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  if (typeof o.user_id !== 'number' || typeof o.price_per_min !== 'number' || typeof o.online !== 'boolean') return null;
  return {
    username: typeof o.username === 'string' ? o.username : '',
    user_id: o.user_id,
    price_per_min: o.price_per_min,
    online: o.online,
    mins_per_side_min: typeof o.mins_per_side_min === 'number' ? o.mins_per_side_min : 1,
    mins_per_side_max: typeof o.mins_per_side_max === 'number' ? o.mins_per_side_max : 120,
    profile_filename: typeof o.profile_filename === 'string' ? o.profile_filename : null,
    title: typeof o.title === 'string' ? o.title : null,
    first_name: typeof o.first_name === 'string' ? o.first_name : '',
    last_name: typeof o.last_name === 'string' ? o.last_name : '',
    lichess_bullet_rating: typeof o.lichess_bullet_rating === 'number' ? o.lichess_bullet_rating : 0,
    lichess_blitz_rating: typeof o.lichess_blitz_rating === 'number' ? o.lichess_blitz_rating : 0,
    lichess_rapid_rating: typeof o.lichess_rapid_rating === 'number' ? o.lichess_rapid_rating : 0,
    provides_postgame_analysis: o.provides_postgame_analysis === true,
    postgame_analysis_price: typeof o.postgame_analysis_price === 'number' ? o.postgame_analysis_price : null,
    available_for_scheduled_challenges: o.available_for_scheduled_challenges !== false,
  };
}

function sameOpponent(a: Opponent, b: Opponent): boolean {
  return (Object.keys(a) as (keyof Opponent)[]).every((key) => a[key] === b[key]);
}

/** Server-provided content shared by screens: the opponents list from GET /api/get_app_state. */
export class ContentStore {
  /**
   * Immutable snapshots, replaced (never mutated) on a changed answer. An opponent whose fields did not change keeps
   * its object from the previous answer, so its row (a memoized observer) does not re-render: a poll that changes
   * one player's presence re-renders that player's row, not the thousand others.
   */
  opponents: Opponent[] = [];
  opponentsState: 'idle' | 'loading' | 'loaded' | 'error' = 'idle';
  /** The ETag of the last answer applied: an unchanged answer (a 304 served from the browser cache) is skipped. */
  private appStateEtag: string | null = null;
  /** The current opponents by user id, for the merge. */
  private byId = new Map<number, Opponent>();

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<ContentStore, 'byId' | 'api'>(this, { opponents: observableRef, byId: false, api: false }, { autoBind: true });
  }

  /** Each changed list (the play screen's poll, or loadAppState), merged by user id: unchanged opponents keep their object. */
  setOpponents(opponents: Opponent[]): void {
    const merged = opponents.map((o) => {
      const before = this.byId.get(o.user_id);
      return before && sameOpponent(before, o) ? before : o;
    });
    this.byId = new Map(merged.map((o) => [o.user_id, o]));
    const same = merged.length === this.opponents.length && merged.every((o, i) => o === this.opponents[i]);
    if (!same) this.opponents = merged;
    this.opponentsState = 'loaded';
  }

  get availableOpponents(): Opponent[] {
    return this.opponents.filter((o) => o.online);
  }

  get unavailableOpponents(): Opponent[] {
    return this.opponents.filter((o) => !o.online);
  }

  async loadAppState(): Promise<void> {
    if (this.opponentsState === 'idle' || this.opponentsState === 'error') this.opponentsState = 'loading';
    let etag: string | null = null;
    const result = await this.api.get<{ opponents: unknown }>('/api/get_app_state', {
      timeoutMs: TIMEOUTS.appState,
      revalidate: true,
      onEtag: (tag) => (etag = tag),
    });
    runInAction(() => {
      if (!result.success) {
        this.opponentsState = 'error';
        return;
      }
      if (etag !== null && etag === this.appStateEtag && this.opponentsState === 'loaded') return;
      this.appStateEtag = etag;
      const list = Array.isArray(result.opponents) ? result.opponents : [];
      this.setOpponents(list.map(parseOpponent).filter((o): o is Opponent => o !== null));
    });
  }
}
