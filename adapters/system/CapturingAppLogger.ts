import { injectable } from 'inversify';
import type { AppLogger } from '../../application/ports/system';

export type CapturedLevel = 'info' | 'warn' | 'error';
export interface CapturedLogEntry {
  level: CapturedLevel;
  fields: Record<string, unknown>;
  message: string;
}

/** Keeps every entry in memory so tests can assert what was logged (and that nothing secret was). */
@injectable()
export class CapturingAppLogger implements AppLogger {
  readonly entries: CapturedLogEntry[] = [];

  info(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'info', fields: { ...fields }, message });
  }

  warn(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'warn', fields: { ...fields }, message });
  }

  error(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'error', fields: { ...fields }, message });
  }

  /** Entries at one level, or all of them. */
  at(level?: CapturedLevel): CapturedLogEntry[] {
    return level ? this.entries.filter((entry) => entry.level === level) : [...this.entries];
  }

  messages(level?: CapturedLevel): string[] {
    return this.at(level).map((entry) => entry.message);
  }

  clear(): void {
    this.entries.length = 0;
  }
}
