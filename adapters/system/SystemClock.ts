import { injectable } from 'inversify';
import type { Clock } from '../../application/ports/system';

/** The wall clock, for development and production. */
@injectable()
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
