import { makeAutoObservable } from 'mobx';
import { parseUser, type User } from '../api/user';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

/**
 * The local session (spec section 3): two localStorage keys, `token` and `user`, both removed when the session
 * is cleared. Offers update-user, login and logout.
 */
export class SessionStore {
  token: string | null = null;
  user: User | null = null;

  constructor(private readonly storage: Storage = window.localStorage) {
    makeAutoObservable(this, {}, { autoBind: true });
    this.readFromStorage();
  }

  get signedIn(): boolean {
    return this.token !== null && this.user !== null;
  }

  /** Re-reads both keys (e.g. after the Google popup wrote them). */
  readFromStorage(): void {
    const token = safeGet(this.storage, TOKEN_KEY);
    let user: User | null = null;
    const raw = safeGet(this.storage, USER_KEY);
    if (raw) {
      try {
        user = parseUser(JSON.parse(raw));
      } catch {
        user = null;
      }
    }
    if (token && user) {
      this.token = token;
      this.user = user;
    } else {
      this.token = null;
      this.user = null;
    }
  }

  login(user: User, token: string): void {
    this.user = user;
    this.token = token;
    this.storage.setItem(TOKEN_KEY, token);
    this.storage.setItem(USER_KEY, JSON.stringify(user));
  }

  updateUser(user: User): void {
    this.user = user;
    this.storage.setItem(USER_KEY, JSON.stringify(user));
  }

  logout(): void {
    this.user = null;
    this.token = null;
    this.storage.removeItem(TOKEN_KEY);
    this.storage.removeItem(USER_KEY);
  }
}

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}
