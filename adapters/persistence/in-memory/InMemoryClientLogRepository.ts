import { injectable } from 'inversify';
import type { ClientLogEntry, ClientLogRepository } from '../../../application/ports/records';
import { clampLimit } from '../repository-rules';

@injectable()
export class InMemoryClientLogRepository implements ClientLogRepository {
  private entries: (ClientLogEntry & { id: number })[] = [];
  private readonly uuids = new Set<string>();
  private nextId = 1;

  async addMany(entries: ClientLogEntry[]): Promise<number> {
    let stored = 0;
    for (const entry of entries) {
      if (this.uuids.has(entry.uuid)) continue;
      this.uuids.add(entry.uuid);
      this.entries.push({ ...entry, id: this.nextId++ });
      stored += 1;
    }
    return stored;
  }

  async list(limit: number): Promise<ClientLogEntry[]> {
    return [...this.entries]
      .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime() || b.id - a.id)
      .slice(0, clampLimit(limit))
      .map(({ id: _id, ...entry }) => entry);
  }

  async deleteOlderThan(cutoff: Date): Promise<number> {
    const before = this.entries.length;
    const kept = this.entries.filter((e) => e.receivedAt.getTime() >= cutoff.getTime());
    for (const e of this.entries) if (e.receivedAt.getTime() < cutoff.getTime()) this.uuids.delete(e.uuid);
    this.entries = kept;
    return before - kept.length;
  }
}
