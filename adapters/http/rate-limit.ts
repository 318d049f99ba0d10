import { AppError } from '../../domain/errors';
import type { Clock } from '../../application/ports/system';

export interface RateLimitOptions {
  enabled: boolean;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters per key (for example `login:ip:1.2.3.4`, `login:email:a@b.c`). Kept in process
 * memory: with several server processes each one limits on its own, which still bounds guessing to
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
  hit(keys: string[]): void {
    if (!this.options.enabled) return;
    const now = this.clock.now().getTime();
    this.sweep(now);
    let retryAfterMs = 0;
    for (const key of keys) {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + this.options.windowMs };
        this.windows.set(key, window);
      }
      window.count += 1;
      if (window.count > this.options.max) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
    }
    if (retryAfterMs > 0) {
      throw new AppError('rate_limited', 'Too many attempts, try again later', {
        retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
      });
    }
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
