import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient, ApiFailure, ApiResult } from '../api/ApiClient';
import { parseUser, type Role, type User } from '../api/user';

/** A user in the admin's list: the user plus what still keeps a titled player off the public lists. */
export type AdminUser = User & { listingGaps: string[] };

export type AdminOutcome<T = AdminUser> = { ok: true; value: T } | { ok: false; error: string; message: string };

export interface AdminLedgerLine {
  id: number;
  created_at: string;
  from: string;
  to: string;
  amount: number;
  reason: string;
  description: string;
}

export interface AdminParty {
  id: number;
  name: string;
  email: string;
}

export interface AdminGame {
  id: number;
  status: string;
  cancel_reason: string | null;
  source: AdminParty | null;
  target: AdminParty | null;
  mins_per_side: number;
  increment_secs: number;
  price: number;
  game_url: string | null;
  created_at: string;
  ledger: AdminLedgerLine[];
}

export interface AdminSession {
  id: number;
  status: string;
  source: AdminParty | null;
  target: AdminParty | null;
  price: number;
  analysis_requested: boolean;
  scheduled_at: string | null;
  problem_report: string | null;
  created_at: string;
  ledger: AdminLedgerLine[];
}

export interface AdminListFilter {
  status: string;
  userId: string;
}

type LoadState = 'idle' | 'loading' | 'loaded' | 'error';

/** Plain words for the codes an admin can meet; the raw code never reaches the screen. */
const ADMIN_TEXTS: Record<string, string> = {
  ERR_INSUFFICIENT_CREDITS: 'The balance cannot go below zero: deduct at most what the user has.',
  ERR_FORBIDDEN: 'This is not allowed (for example, an admin cannot remove their own admin role).',
  ERR_NOT_FOUND: 'That user, game or session no longer exists. Refresh the list.',
  ERR_IDEMPOTENCY_CONFLICT: 'This change was already made with different values. Refresh and try again.',
  ERR_TIMEOUT: 'The server did not answer in time. Refresh the list before trying again.',
  ERR_NETWORK: 'The connection failed. Check your network and refresh the list before trying again.',
  ERR_INTERNAL: 'Something went wrong on our side. Nothing should have changed; refresh the list and try again.',
};

/** Codes whose server message already says what happened in plain words (kept: it names the state found). */
const SERVER_EXPLAINS = new Set(['ERR_CHALLENGE_STATE', 'ERR_RATE_LIMITED']);

/** The admin-facing text for a failed call: validation issues named, a known code in words, never a raw code. */
export function adminErrorText(failure: Pick<ApiFailure, 'error' | 'body'>): string {
  const serverMessage = typeof failure.body?.message === 'string' ? failure.body.message : null;
  if (failure.error === 'ERR_VALIDATION') {
    const issues = Array.isArray(failure.body?.issues) ? (failure.body.issues as unknown[]) : [];
    const texts = issues.flatMap((i) => (typeof i === 'object' && i !== null && typeof (i as { message?: unknown }).message === 'string' ? [(i as { message: string }).message] : []));
    return texts.length ? `Please check: ${texts.join('; ')}.` : 'Please check the values entered.';
  }
  if (SERVER_EXPLAINS.has(failure.error) && serverMessage) return serverMessage;
  return ADMIN_TEXTS[failure.error] ?? 'Something went wrong. Refresh the list and try again.';
}

function parseAdminUser(value: unknown): AdminUser | null {
  const user = parseUser(value);
  if (!user) return null;
  const gaps = (value as { listingGaps?: unknown }).listingGaps;
  return { ...user, listingGaps: Array.isArray(gaps) ? gaps.filter((g): g is string => typeof g === 'string') : [] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Shape check of a listed game or session: items without an id, status, price and ledger are dropped. */
function parseItems<T>(value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is T => isRecord(v) && typeof v.id === 'number' && typeof v.status === 'string' && typeof v.price === 'number' && Array.isArray(v.ledger));
}

function fail(result: ApiFailure): { ok: false; error: string; message: string } {
  return { ok: false, error: result.error, message: adminErrorText(result) };
}

/** Admin calls: users (role, title, credits), games and sessions (lists with ledger lines, money actions). */
export class AdminStore {
  users: AdminUser[] = [];
  searchState: LoadState = 'idle';
  games: AdminGame[] = [];
  gamesState: LoadState = 'idle';
  sessions: AdminSession[] = [];
  sessionsState: LoadState = 'idle';
  listError: string | null = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async search(query: string): Promise<void> {
    this.searchState = 'loading';
    const result = await this.api.get<{ users: unknown }>('/api/admin/users', { query: { query } });
    runInAction(() => {
      if (!result.success) {
        this.searchState = 'error';
        return;
      }
      const list = Array.isArray(result.users) ? result.users : [];
      this.users = list.map(parseAdminUser).filter((u): u is AdminUser => u !== null);
      this.searchState = 'loaded';
    });
  }

  async setRole(userId: number, role: Role, title: string | null): Promise<AdminOutcome> {
    const body: Record<string, unknown> = { user_id: userId, role };
    if (title) body.title = title;
    return this.applyUser(await this.api.post<{ user: unknown }>('/api/admin/set_role', { body }));
  }

  async adjustCredits(userId: number, amount: number, reason: string): Promise<AdminOutcome> {
    return this.applyUser(await this.api.post<{ user: unknown }>('/api/admin/adjust_credits', { body: { user_id: userId, amount, reason } }));
  }

  async loadGames(filter: AdminListFilter): Promise<void> {
    this.gamesState = 'loading';
    const result = await this.api.get<{ challenges: unknown }>('/api/admin/challenges', { query: this.filterQuery(filter) });
    runInAction(() => {
      this.gamesState = result.success ? 'loaded' : 'error';
      this.listError = result.success ? null : adminErrorText(result);
      if (result.success) this.games = parseItems<AdminGame>(result.challenges);
    });
  }

  async loadSessions(filter: AdminListFilter): Promise<void> {
    this.sessionsState = 'loading';
    const result = await this.api.get<{ sessions: unknown }>('/api/admin/sessions', { query: this.filterQuery(filter) });
    runInAction(() => {
      this.sessionsState = result.success ? 'loaded' : 'error';
      this.listError = result.success ? null : adminErrorText(result);
      if (result.success) this.sessions = parseItems<AdminSession>(result.sessions);
    });
  }

  /** Cancels a stuck accepted game and refunds the player who paid; the row is replaced by the server's answer. */
  async cancelGame(challengeId: number): Promise<AdminOutcome<AdminGame>> {
    const result = await this.api.post<{ challenge: unknown }>('/api/admin/cancel_game', { body: { challenge_id: challengeId } });
    if (!result.success) return fail(result);
    const [game] = parseItems<AdminGame>([result.challenge]);
    if (!game) return { ok: false, error: 'ERR_BAD_RESPONSE', message: adminErrorText({ error: 'ERR_BAD_RESPONSE' }) };
    runInAction(() => {
      this.games = this.games.map((g) => (g.id === game.id ? game : g));
    });
    return { ok: true, value: game };
  }

  /** Settles a disputed session: pay the titled player, or refund the requester. */
  async resolveSession(sessionId: number, outcome: 'pay' | 'refund'): Promise<AdminOutcome<string>> {
    const result = await this.api.post<{ status: unknown }>('/api/admin/resolve_session', { body: { challenge_id: sessionId, outcome } });
    if (!result.success) return fail(result);
    const status = typeof result.status === 'string' ? result.status : 'finished';
    runInAction(() => {
      this.sessions = this.sessions.map((s) => (s.id === sessionId ? { ...s, status } : s));
    });
    return { ok: true, value: status };
  }

  private filterQuery(filter: AdminListFilter): Record<string, string | undefined> {
    return { status: filter.status || undefined, user_id: filter.userId.trim() || undefined };
  }

  private applyUser(result: ApiResult<{ user: unknown }>): AdminOutcome {
    if (!result.success) return fail(result);
    // set_role and adjust_credits answer with the admin's view of the user, listing gaps included.
    const updated = parseAdminUser(result.user);
    if (!updated) return { ok: false, error: 'ERR_BAD_RESPONSE', message: adminErrorText({ error: 'ERR_BAD_RESPONSE' }) };
    runInAction(() => {
      this.users = this.users.map((u) => (u.id === updated.id ? updated : u));
    });
    return { ok: true, value: updated };
  }
}
