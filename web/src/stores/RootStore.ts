import { ApiClient, type ApiClientDeps } from '../api/ApiClient';
import { ClientLogger, type LogEntry, type LogSender } from '../logging/ClientLogger';
import { AccountStore } from './AccountStore';
import { AdminStore } from './AdminStore';
import { AuthStore } from './AuthStore';
import { ContentStore } from './ContentStore';
import { SessionStore } from './SessionStore';
import { PlayStore } from './PlayStore';
import { PushStore } from './PushStore';
import { ScheduleStore } from './ScheduleStore';
import { messageControllingWorker } from '../sw/registerServiceWorker';

export interface RootStoreOptions {
  storage?: Storage;
  fetchImpl?: typeof fetch;
  /** What to do when the server says the token expired; defaults to reloading the page. */
  reload?: () => void;
  browserTimezone?: () => string | null;
}

/** The typed store graph, built around one ApiClient and handed to React through StoresProvider. */
export class RootStore {
  readonly session: SessionStore;
  readonly logger: ClientLogger;
  readonly api: ApiClient;
  readonly account: AccountStore;
  readonly auth: AuthStore;
  readonly content: ContentStore;
  readonly admin: AdminStore;
  readonly play: PlayStore;
  readonly schedule: ScheduleStore;
  readonly push: PushStore;

  constructor(options: RootStoreOptions = {}) {
    const storage = options.storage ?? window.localStorage;
    this.session = new SessionStore(storage);
    this.logger = new ClientLogger(() => this.session.user?.id ?? null, storage);
    const deps: ApiClientDeps = {
      getToken: () => this.session.token,
      onTokenExpired: () => {
        this.session.logout();
        (options.reload ?? (() => window.location.reload()))();
      },
      log: (level, message, context) => this.logger.log(level, message, context),
      fetchImpl: options.fetchImpl,
    };
    this.api = new ApiClient(deps);
    this.account = new AccountStore(this.api, this.session, this.logger, options.browserTimezone);
    this.auth = new AuthStore(this.api, this.session);
    this.content = new ContentStore(this.api);
    this.admin = new AdminStore(this.api);
    this.play = new PlayStore(this.api, this.session, this.content, undefined, messageControllingWorker, (level, message, context) => this.logger.log(level, message, context));
    this.schedule = new ScheduleStore(this.api, () => this.account.refreshUser());
    this.push = new PushStore(this.api);
  }

  /** The log sender: normal flushes through the ApiClient, the closing flush through sendBeacon / keepalive. */
  logSender(): LogSender {
    return {
      send: async (logs: LogEntry[]) => (await this.api.post<object>('/api/save_logs', { body: { logs } })).success,
      beacon: (logs: LogEntry[]) => {
        const url = this.api.url('/api/save_logs');
        const body = JSON.stringify({ logs });
        if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
          if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return true;
        }
        void this.api.post<object>('/api/save_logs', { body: { logs }, keepalive: true });
        return true;
      },
    };
  }
}
