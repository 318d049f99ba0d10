import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../api/ApiClient';
import { parseOpponent, type Opponent } from './ContentStore';

/** A scheduled session as the server sends it (the spec's Challenge with is_scheduled); bad ones are dropped. */
export interface ScheduledGame {
  id: number;
  source_user_id: number;
  source_name: string;
  target_user_id: number;
  target_name: string;
  target_title: string | null;
  status: string;
  price: number;
  analysis_requested: boolean;
  scheduled_at_utc: string | null;
  video_call_url: string | null;
}

export function parseScheduledGame(value: unknown): ScheduledGame | null {
  if (typeof value !== 'object' || value === null) return null;
  const c = value as Record<string, unknown>;
  if (typeof c.id !== 'number' || typeof c.source_user_id !== 'number' || typeof c.target_user_id !== 'number' || typeof c.status !== 'string') return null;
  const opponent = typeof c.target_opponent === 'object' && c.target_opponent !== null ? (c.target_opponent as Record<string, unknown>) : {};
  return {
    id: c.id,
    source_user_id: c.source_user_id,
    source_name: typeof c.source_name === 'string' ? c.source_name : '',
    target_user_id: c.target_user_id,
    target_name: typeof c.target_name === 'string' ? c.target_name : '',
    target_title: typeof opponent.title === 'string' ? opponent.title : null,
    status: c.status,
    price: typeof c.price === 'number' ? c.price : 0,
    analysis_requested: c.analysis_requested === true,
    scheduled_at_utc: typeof c.scheduled_at_utc === 'string' ? c.scheduled_at_utc : null,
    video_call_url: typeof c.video_call_url === 'string' ? c.video_call_url : null,
  };
}

export interface ScheduleRequest {
  opponentId: number | null;
  lichessProfile: string;
  minsPerSide: number;
  timezone: string;
  availableTimes: string;
  details: string;
  analysisRequested: boolean;
}

export type Outcome = { ok: true } | { ok: false; message: string | null };

/** The schedule screen's data and calls (server.md 2 and 5). */
export class ScheduleStore {
  opponents: Opponent[] = [];
  games: ScheduledGame[] = [];
  loaded = false;

  /** `balanceChanged` runs after every call that moved money (a hold, a refund...), so the header's credits follow. */
  constructor(
    private readonly api: ApiClient,
    private readonly balanceChanged: () => Promise<void> = async () => undefined,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    const result = await this.api.get<{ opponents: unknown; scheduled_challenges: unknown }>('/api/get_schedule_data');
    runInAction(() => {
      if (!result.success) return;
      this.apply(result.scheduled_challenges);
      this.opponents = (Array.isArray(result.opponents) ? result.opponents : []).map(parseOpponent).filter((o): o is Opponent => o !== null);
      this.loaded = true;
    });
  }

  private apply(value: unknown): void {
    this.games = (Array.isArray(value) ? value : []).map(parseScheduledGame).filter((g): g is ScheduledGame => g !== null);
  }

  /** The request; the server's own message is kept for the form when it refuses (spec section 8). */
  async schedule(request: ScheduleRequest): Promise<Outcome> {
    const result = await this.api.post<{ scheduled_challenges: unknown }>('/api/schedule_game', { body: request });
    if (result.success) {
      runInAction(() => this.apply(result.scheduled_challenges));
      await this.balanceChanged();
      return { ok: true };
    }
    const message = typeof result.body?.message === 'string' ? result.body.message : null;
    return { ok: false, message };
  }

  private async act(path: string, body: Record<string, unknown>): Promise<Outcome> {
    const result = await this.api.post<{ scheduled_challenges: unknown }>(path, { body });
    if (result.success) {
      runInAction(() => this.apply(result.scheduled_challenges));
      await this.balanceChanged();
      return { ok: true };
    }
    const issue = Array.isArray(result.body?.issues) ? (result.body.issues[0] as { message?: unknown } | undefined)?.message : undefined;
    return { ok: false, message: typeof issue === 'string' ? issue : typeof result.body?.message === 'string' ? result.body.message : null };
  }

  cancel(id: number): Promise<Outcome> {
    return this.act('/api/cancel_scheduled_game', { challenge_id: id });
  }

  decline(id: number): Promise<Outcome> {
    return this.act('/api/decline_scheduled_game', { challenge_id: id });
  }

  confirm(id: number, scheduledAtUtc: Date, videoCallUrl: string | null): Promise<Outcome> {
    return this.act('/api/confirm_scheduled_game', { challenge_id: id, scheduled_at_utc: scheduledAtUtc.toISOString(), video_call_url: videoCallUrl });
  }

  /** The invite for "Add to calendar" (an authenticated call, so fetched here and handed over as a file). */
  inviteUrl(id: number): string {
    return this.api.url('/api/session_invite', { challenge_id: id });
  }
}
