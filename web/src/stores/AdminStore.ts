import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../api/ApiClient';
import { parseUser, type Role, type User } from '../api/user';

export type AdminOutcome = { ok: true; user: User } | { ok: false; error: string };

/** Admin calls: find users, set role and title, adjust credits with a reason. */
export class AdminStore {
  users: User[] = [];
  searchState: 'idle' | 'loading' | 'loaded' | 'error' = 'idle';

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
      this.users = list.map(parseUser).filter((u): u is User => u !== null);
      this.searchState = 'loaded';
    });
  }

  async setRole(userId: number, role: Role, title: string | null): Promise<AdminOutcome> {
    const body: Record<string, unknown> = { user_id: userId, role };
    if (title) body.title = title;
    return this.applyUser(await this.api.post<{ user: unknown }>('/api/admin/set_role', { body }));
  }

  async adjustCredits(userId: number, amount: number, reason: string): Promise<AdminOutcome> {
    return this.applyUser(
      await this.api.post<{ user: unknown }>('/api/admin/adjust_credits', { body: { user_id: userId, amount, reason } }),
    );
  }

  private applyUser(result: Awaited<ReturnType<ApiClient['post']>> & { user?: unknown }): AdminOutcome {
    if (!result.success) return { ok: false, error: result.error };
    const user = parseUser(result.user);
    if (!user) return { ok: false, error: 'ERR_BAD_RESPONSE' };
    runInAction(() => {
      this.users = this.users.map((u) => (u.id === user.id ? user : u));
    });
    return { ok: true, user };
  }
}
