import { inject, injectable } from 'inversify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppLogger } from '../../application/ports/system';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export const PinoAppLoggerOptions = Symbol.for('PinoAppLoggerOptions');
export interface PinoAppLoggerOptions {
  level: LogLevel;
  /** Where JSON lines go; standard output when absent. Tests pass an in-memory stream. */
  destination?: DestinationStream;
}

/**
 * Secrets that must never reach the log, wherever a caller puts them in the fields. pino's redact matches
 * exact paths, so the common nestings are listed.
 */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'token',
  'secret',
  'authorization',
  'cookie',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.secret',
  '*.authorization',
  '*.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
];

/** Structured JSON log lines via pino. */
@injectable()
export class PinoAppLogger implements AppLogger {
  /** The underlying pino logger, for the HTTP layer's request logging. */
  readonly pino: Logger;

  constructor(@inject(PinoAppLoggerOptions) options: PinoAppLoggerOptions) {
    const settings = { level: options.level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
    this.pino = options.destination ? pino(settings, options.destination) : pino(settings);
  }

  info(fields: Record<string, unknown>, message: string): void {
    this.pino.info(fields, message);
  }

  warn(fields: Record<string, unknown>, message: string): void {
    this.pino.warn(fields, message);
  }

  error(fields: Record<string, unknown>, message: string): void {
    this.pino.error(fields, message);
  }
}
