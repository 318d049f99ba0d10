import { injectable } from 'inversify';
import type { AppLogger } from '../../application/ports/system';

/** Drops everything: for tests that do not look at the log. */
@injectable()
export class SilentAppLogger implements AppLogger {
  info(): void {}
  warn(): void {}
  error(): void {}
}
