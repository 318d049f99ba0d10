import { AppError } from '../../domain/errors';
import type { Clock } from '../../application/ports/system';

export interface RateLimitOptions {
  enabled: boolean;
  max: number;
  windowMs: number;
}

/** A limit for one kind of key, when it differs from the configured default (RATE_LIMIT_MAX per window). */
export interface Limit {
  max: number;
  windowMs: number;
}

/** "Too many attempts. Please try again in 3 minutes." The web shows it as it is. */
export function tooManyAttempts(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('rate_limited', `Too many attempts. Please try again in ${wait}.`, { retryAfterSeconds: seconds });
}

/**
 * Fixed-window counters per key (for example `login:ip:1.2.3.4`, `logs-bytes:ip:1.2.3.4`). Kept in process
 * memory: with several server processes each one limits on its own, which still bounds abuse to
 * (processes x max) per window. RATE_LIMITS=off turns it off for load tests.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(
    private readonly clock: Clock,
    private readonly options: RateLimitOptions,
  ) {}

  /** Counts one attempt against every key; raises ERR_RATE_LIMITED when any key is over its limit. */
  hit(keys: string[], limit?: Limit): void {
    this.count(keys, 1, limit);
    this.check(keys, limit, 0);
  }

  /**
   * Raises ERR_RATE_LIMITED when a key has used up its limit, without counting anything: for limits that count
   * only failures (a wrong password), checked before the attempt.
   */
  check(keys: string[], limit?: Limit, headroom = 1): void {
    if (!this.options.enabled) return;
    const now = this.clock.now().getTime();
    const max = limit?.max ?? this.options.max;
    let retryAfterMs = 0;
    for (const key of keys) {
      const window = this.windows.get(key);
      if (window && window.resetAt > now && window.count + headroom > max) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
    }
    if (retryAfterMs > 0) throw tooManyAttempts(retryAfterMs);
  }

  /** Adds `amount` to every key's window (attempts, or bytes for a size budget). */
  count(keys: string[], amount = 1, limit?: Limit): void {
    if (!this.options.enabled) return;
    const now = this.clock.now().getTime();
    this.sweep(now);
    for (const key of keys) {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + (limit?.windowMs ?? this.options.windowMs) };
        this.windows.set(key, window);
      }
      window.count += amount;
    }
  }

  /** What a key has counted in its current window (0 when none). */
  used(key: string): number {
    const window = this.windows.get(key);
    return window && window.resetAt > this.clock.now().getTime() ? window.count : 0;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
