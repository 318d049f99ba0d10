/**
 * Client logging (spec sections 3, 7, 9): entries {uuid, level, message, context, timestamp, user_id,
 * app_load_uuid} kept in a local queue (localStorage, so nothing is lost on reload) capped at 10,000 entries,
 * flushed to POST /api/save_logs on start, every 30 s and when the page closes (sendBeacon, else keepalive).
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogEntry {
  uuid: string;
  level: LogLevel;
  message: string;
  context: Record<string, unknown> | null;
  timestamp: string;
  user_id: number | null;
  app_load_uuid: string;
}

export const LOG_QUEUE_KEY = 'client_logs';
export const LOG_QUEUE_CAP = 10_000;
export const LOG_FLUSH_MS = 30_000;
/** The server accepts at most this many entries per request. */
export const LOG_BATCH = 500;

export interface LogSender {
  /** Sends a batch; resolves true when the server stored it. */
  send(logs: LogEntry[]): Promise<boolean>;
  /** Best effort while the page unloads; returns true when the browser queued it. */
  beacon(logs: LogEntry[]): boolean;
}

export function newUuid(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (ch) => {
    const r = (Math.random() * 16) | 0;
    return (ch === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

export class ClientLogger {
  readonly appLoadUuid = newUuid();
  private queue: LogEntry[];
  private flushing = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private sender: LogSender | null = null;
  private writeScheduled = false;

  constructor(
    private readonly getUserId: () => number | null,
    private readonly storage: Storage = window.localStorage,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.queue = this.read();
  }

  get size(): number {
    return this.queue.length;
  }

  log(level: LogLevel, message: string, context?: Record<string, unknown>): void {
    this.queue.push({
      uuid: newUuid(),
      level,
      message: message.slice(0, 2000),
      context: context ?? null,
      timestamp: this.now().toISOString(),
      user_id: this.getUserId(),
      app_load_uuid: this.appLoadUuid,
    });
    // The cap keeps the newest entries: the oldest are the least useful when storage is tight.
    if (this.queue.length > LOG_QUEUE_CAP) this.queue.splice(0, this.queue.length - LOG_QUEUE_CAP);
    this.scheduleWrite();
    if (level === 'error' && typeof console !== 'undefined') console.error(message, context ?? '');
  }

  info(message: string, context?: Record<string, unknown>): void {
    this.log('info', message, context);
  }
  warn(message: string, context?: Record<string, unknown>): void {
    this.log('warn', message, context);
  }
  error(message: string, context?: Record<string, unknown>): void {
    this.log('error', message, context);
  }

  /** Flushes now, then every 30 s; flushes by beacon when the page is hidden or closed. Returns a stopper. */
  start(sender: LogSender, target: Window = window): () => void {
    this.sender = sender;
    void this.flush();
    this.timer = setInterval(() => void this.flush(), LOG_FLUSH_MS);
    const onHide = () => this.flushOnClose();
    const onVisibility = () => {
      if (target.document.visibilityState === 'hidden') onHide();
    };
    target.addEventListener('pagehide', onHide);
    target.document.addEventListener('visibilitychange', onVisibility);
    return () => {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      target.removeEventListener('pagehide', onHide);
      target.document.removeEventListener('visibilitychange', onVisibility);
    };
  }

  /** Sends queued entries in batches; entries leave the queue only once the server took them. */
  async flush(): Promise<void> {
    if (!this.sender || this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.slice(0, LOG_BATCH);
        const ok = await this.sender.send(batch);
        if (!ok) break;
        this.remove(batch);
      }
    } finally {
      this.flushing = false;
    }
  }

  flushOnClose(): void {
    if (!this.sender || this.queue.length === 0) return;
    const batch = this.queue.slice(0, LOG_BATCH);
    if (this.sender.beacon(batch)) this.remove(batch);
  }

  private remove(sent: LogEntry[]): void {
    const ids = new Set(sent.map((e) => e.uuid));
    this.queue = this.queue.filter((e) => !ids.has(e.uuid));
    this.write();
  }

  private read(): LogEntry[] {
    try {
      const raw = this.storage.getItem(LOG_QUEUE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as LogEntry[]).slice(-LOG_QUEUE_CAP) : [];
    } catch {
      return [];
    }
  }

  /** Persisting the whole queue on every entry would be quadratic: batch the writes of one tick. */
  private scheduleWrite(): void {
    if (this.writeScheduled) return;
    this.writeScheduled = true;
    queueMicrotask(() => {
      this.writeScheduled = false;
      this.write();
    });
  }

  private write(): void {
    try {
      this.storage.setItem(LOG_QUEUE_KEY, JSON.stringify(this.queue));
    } catch {
      // Storage full: keep the in-memory queue; it is still flushed.
    }
  }
}
