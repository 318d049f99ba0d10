import { injectable } from 'inversify';
import type { AuditLogRepository, AuditRecord } from '../../../application/ports/records';
import { clampLimit } from '../repository-rules';

@injectable()
export class InMemoryAuditLogRepository implements AuditLogRepository {
  private readonly records: (AuditRecord & { id: number })[] = [];

  async add(record: AuditRecord): Promise<void> {
    this.records.push({ ...record, id: this.records.length + 1 });
  }

  async list(limit: number): Promise<(AuditRecord & { id: number })[]> {
    return [...this.records]
      .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id)
      .slice(0, clampLimit(limit))
      .map((r) => ({ ...r }));
  }
}
