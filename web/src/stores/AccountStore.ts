import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../api/ApiClient';
import { parseUser, type User } from '../api/user';
import type { ClientLogger } from '../logging/ClientLogger';
import type { SessionStore } from './SessionStore';
import { settingsQuery, type SettingsInput } from './settings-query';

export interface Transaction {
  id: number | string;
  created_at: string;
  reason: string;
  account?: 'available' | 'held';
  amount: number;
  balance_after: number | null;
  description: string;
}

/** One statement entry (server-grouped): a top-up, a purchase with its hold, charge and returned rest, or one line. */
export interface StatementEntry {
  id: number | string;
  created_at: string;
  kind: string;
  description: string;
  /** The net change of the user's credits, US$. */
  amount: number;
  lines: Transaction[];
}

export type UploadState = 'init' | 'uploading';

function isTransaction(t: unknown): t is Transaction {
  return typeof t === 'object' && t !== null && typeof (t as Transaction).amount === 'number' && typeof (t as Transaction).created_at === 'string';
}

/** Shape checks: an entry that is not one is dropped, as the spec asks of every list from the server. */
function parseEntries(value: unknown): StatementEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((e: unknown) => {
    if (!isTransaction(e)) return [];
    const candidate = e as Transaction & { kind?: unknown; lines?: unknown };
    if (typeof candidate.kind !== 'string' || typeof candidate.description !== 'string') return [];
    const lines = Array.isArray(candidate.lines) ? candidate.lines.filter(isTransaction) : [];
    return [{ id: candidate.id, created_at: candidate.created_at, kind: candidate.kind, description: candidate.description, amount: candidate.amount, lines }];
  });
}

/** The signed-in user's own account: refresh, profile updates, settings, profile image, statement. */
export class AccountStore {
  uploadState: UploadState = 'init';
  statement: StatementEntry[] = [];
  transactionsLoaded = false;

  constructor(
    private readonly api: ApiClient,
    private readonly session: SessionStore,
    private readonly logger: ClientLogger,
    private readonly browserTimezone: () => string | null = defaultBrowserTimezone,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** POST /api/load_user: the user refresh that runs when the header loads. */
  async refreshUser(): Promise<void> {
    if (!this.session.signedIn) return;
    const result = await this.api.post<{ user: unknown }>('/api/load_user');
    runInAction(() => {
      const user = result.success ? parseUser(result.user) : null;
      if (user) this.session.updateUser(user);
    });
  }

  /** POST /api/update_profile: returns the saved user (which replaces the stored one) or null on failure. */
  async updateProfile(fields: Partial<User>): Promise<User | null> {
    const result = await this.api.post<{ user: unknown }>('/api/update_profile', { body: fields });
    const user = result.success ? parseUser(result.user) : null;
    runInAction(() => {
      if (user) this.session.updateUser(user);
    });
    if (!user) this.logger.warn('update_profile failed', { error: result.success ? 'bad user' : result.error });
    return user;
  }

  /** When a signed-in user has no timezone, set it from the browser's (spec section 2). */
  async ensureTimezone(): Promise<void> {
    const user = this.session.user;
    if (!user || user.timezone) return;
    const timezone = this.browserTimezone();
    if (timezone) await this.updateProfile({ timezone });
  }

  /** POST /api/save_settings with the settings as query parameters. */
  async saveSettings(input: SettingsInput): Promise<boolean> {
    const result = await this.api.post<{ user: unknown }>('/api/save_settings', { query: settingsQuery(input) });
    const user = result.success ? parseUser(result.user) : null;
    runInAction(() => {
      if (user) this.session.updateUser(user);
    });
    if (!user) this.logger.warn('save_settings failed', { error: result.success ? 'bad user' : result.error });
    return user !== null;
  }

  /** Uploads a profile image (init -> uploading -> init). Failures are only logged (spec section 8). */
  async uploadProfileImage(file: File): Promise<void> {
    if (!file.type.startsWith('image/')) {
      this.logger.warn('Profile image rejected: not an image', { type: file.type });
      return;
    }
    this.uploadState = 'uploading';
    const form = new FormData();
    form.append('image', file);
    const result = await this.api.post<{ profile_filename: unknown }>('/api/save_profile_image', { formData: form });
    runInAction(() => {
      this.uploadState = 'init';
      const user = this.session.user;
      if (result.success && typeof result.profile_filename === 'string' && user) {
        this.session.updateUser({ ...user, profileFilename: result.profile_filename });
      } else if (!result.success) {
        this.logger.error('Profile image upload failed', { error: result.error });
      }
    });
  }

  /** The statement of recent credit movements; an empty list when the call fails. */
  async loadTransactions(limit = 20): Promise<void> {
    const result = await this.api.get<{ entries?: unknown }>('/api/get_transactions', { query: { limit } });
    runInAction(() => {
      this.statement = result.success ? parseEntries(result.entries) : [];
      this.transactionsLoaded = true;
    });
  }
}

export function defaultBrowserTimezone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
