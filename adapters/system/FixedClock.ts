import { inject, injectable } from 'inversify';
import type { Clock } from '../../application/ports/system';

export const FixedClockOptions = Symbol.for('FixedClockOptions');
export interface FixedClockOptions {
  /** The instant the clock starts at (a Date or an ISO 8601 string). */
  start: Date | string;
}

/** A clock that only moves when a test moves it, so expiry and timing rules can be checked exactly. */
@injectable()
export class FixedClock implements Clock {
  private current: number;

  constructor(@inject(FixedClockOptions) options: FixedClockOptions) {
    this.current = FixedClock.toMillis(options.start);
  }

  /** A fresh Date each call, so a caller mutating it cannot move the clock. */
  now(): Date {
    return new Date(this.current);
  }

  set(instant: Date | string): void {
    this.current = FixedClock.toMillis(instant);
  }

  advance(milliseconds: number): void {
    if (!Number.isFinite(milliseconds)) throw new RangeError(`FixedClock: cannot advance by ${milliseconds}`);
    this.current += milliseconds;
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }

  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }

  advanceDays(days: number): void {
    this.advance(days * 86_400_000);
  }

  private static toMillis(instant: Date | string): number {
    const millis = (typeof instant === 'string' ? new Date(instant) : instant).getTime();
    if (Number.isNaN(millis)) throw new RangeError(`FixedClock: invalid instant ${String(instant)}`);
    return millis;
  }
}
