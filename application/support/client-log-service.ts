import { inject, injectable } from 'inversify';
import { ClientLogRepository, type ClientLogEntry, type LogLevel } from '../ports/records';
import { Clock } from '../ports/system';
import { AppSettings } from '../ports/settings';

export interface IncomingLogEntry {
  uuid: string;
  level: LogLevel;
  message: string;
  context: unknown;
  timestamp: Date;
  app_load_uuid: string;
}

/** Stores the browser's log entries (already validated and size-capped at the edge). */
@injectable()
export class ClientLogService {
  constructor(
    @inject(ClientLogRepository) private readonly logs: ClientLogRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppSettings) private readonly settings: AppSettings,
  ) {}

  async save(entries: IncomingLogEntry[], userId: number | null): Promise<number> {
    const receivedAt = this.clock.now();
    const rows: ClientLogEntry[] = entries.map((entry) => ({
      uuid: entry.uuid,
      level: entry.level,
      message: entry.message,
      context: JSON.stringify(entry.context ?? null),
      timestamp: entry.timestamp,
      userId,
      appLoadUuid: entry.app_load_uuid,
      receivedAt,
    }));
    return this.logs.addMany(rows);
  }

  /** Deletes entries older than LOG_RETENTION_DAYS; run by the log-retention job. */
  async applyRetention(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.settings.logRetentionDays * 24 * 60 * 60 * 1000);
    return this.logs.deleteOlderThan(cutoff);
  }
}
