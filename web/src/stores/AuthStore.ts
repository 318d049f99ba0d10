import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../api/ApiClient';
import { parseUser } from '../api/user';
import type { SessionStore } from './SessionStore';
import { defaultBrowserTimezone } from './AccountStore';

/** A failure carries the server's own words when they are meant for people (a rate limit's wait time). */
/** A failure keeps the server's body: the form reads its 429 message and its field-level validation issues. */
export type AuthOutcome = { ok: true } | { ok: false; error: string; message?: string; body?: Record<string, unknown> };

/** The server's message for a 429 ("Too many attempts. Please try again in 3 minutes."), shown as it is. */
function failure(result: { error: string; body?: Record<string, unknown> }): AuthOutcome {
  const message = result.error === 'ERR_RATE_LIMITED' && typeof result.body?.message === 'string' ? result.body.message : undefined;
  const outcome: AuthOutcome = message ? { ok: false, error: result.error, message } : { ok: false, error: result.error };
  return result.body ? { ...outcome, body: result.body } : outcome;
}

export const GOOGLE_POPUP = { width: 500, height: 600, pollMs: 1000 } as const;

/** Sign-in, sign-up, logout, password reset and Google sign-in. Pages own the form states and texts. */
export class AuthStore {
  constructor(
    private readonly api: ApiClient,
    private readonly session: SessionStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async login(email: string, password: string): Promise<AuthOutcome> {
    const result = await this.api.post<{ user: unknown; token: unknown }>('/api/login', { body: { email, password } });
    return this.acceptSession(result);
  }

  async signup(email: string, password: string): Promise<AuthOutcome> {
    const timezone = defaultBrowserTimezone();
    const result = await this.api.post<{ user: unknown; token: unknown }>('/api/signup', {
      body: { email, password, timezone },
    });
    return this.acceptSession(result);
  }

  async setPassword(token: string, password: string): Promise<AuthOutcome> {
    const result = await this.api.post<{ user: unknown; token: unknown }>('/api/set_password', { body: { token, password } });
    return this.acceptSession(result);
  }

  async resetPassword(email: string): Promise<AuthOutcome> {
    const result = await this.api.post<object>('/api/reset_password', { body: { email } });
    return result.success ? { ok: true } : failure(result);
  }

  /** Revokes the token on the server (best effort) and clears the local session. */
  async logout(): Promise<void> {
    if (this.session.token) await this.api.post<object>('/api/logout');
    runInAction(() => this.session.logout());
  }

  /**
   * Google sign-in (spec section 4): a 500x600 popup on GET /api/oauth/google?timezone=..., polled every second;
   * when it closes and a token exists locally, `onSignedIn` runs. Blocked popups fall back to the same window.
   */
  signInWithGoogle(onSignedIn: () => void, win: Window = window): () => void {
    const timezone = defaultBrowserTimezone() ?? '';
    const url = `/api/oauth/google?timezone=${encodeURIComponent(timezone)}`;
    const left = Math.max(0, (win.screenX ?? 0) + ((win.outerWidth || GOOGLE_POPUP.width) - GOOGLE_POPUP.width) / 2);
    const top = Math.max(0, (win.screenY ?? 0) + ((win.outerHeight || GOOGLE_POPUP.height) - GOOGLE_POPUP.height) / 2);
    const popup = win.open(
      url,
      'google-sign-in',
      `popup=yes,width=${GOOGLE_POPUP.width},height=${GOOGLE_POPUP.height},left=${Math.round(left)},top=${Math.round(top)}`,
    );
    if (!popup) {
      win.location.assign(url);
      return () => undefined;
    }
    const timer = win.setInterval(() => {
      if (!popup.closed) return;
      win.clearInterval(timer);
      runInAction(() => this.session.readFromStorage());
      if (this.session.signedIn) onSignedIn();
    }, GOOGLE_POPUP.pollMs);
    return () => win.clearInterval(timer);
  }

  private acceptSession(
    result: Awaited<ReturnType<ApiClient['post']>> & { user?: unknown; token?: unknown },
  ): AuthOutcome {
    if (!result.success) return failure(result);
    const user = parseUser(result.user);
    if (!user || typeof result.token !== 'string') return { ok: false, error: 'ERR_BAD_RESPONSE' };
    runInAction(() => this.session.login(user, result.token as string));
    return { ok: true };
  }
}
