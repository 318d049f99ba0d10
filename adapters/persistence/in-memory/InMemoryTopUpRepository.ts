import { injectable } from 'inversify';
import type { TopUpOutcome } from '../../../domain/topup';
import type { TopUp, TopUpRepository } from '../../../application/ports/payments';

/** Top-ups and processed provider events in process memory (tests, in-memory profile). */
@injectable()
export class InMemoryTopUpRepository implements TopUpRepository {
  private readonly topUps = new Map<string, TopUp>();
  private readonly events = new Set<string>();

  async create(topUp: TopUp): Promise<void> {
    if (this.topUps.has(topUp.id)) throw new Error(`Duplicate top-up ${topUp.id}`);
    this.topUps.set(topUp.id, { ...topUp });
  }

  async findById(id: string): Promise<TopUp | null> {
    const topUp = this.topUps.get(id);
    return topUp ? { ...topUp } : null;
  }

  async findBySessionId(sessionId: string): Promise<TopUp | null> {
    for (const topUp of this.topUps.values()) if (topUp.sessionId === sessionId) return { ...topUp };
    return null;
  }

  async setSession(id: string, sessionId: string): Promise<void> {
    const topUp = this.topUps.get(id);
    if (topUp) topUp.sessionId = sessionId;
  }

  async settle(id: string, outcome: TopUpOutcome, at: Date, sessionId: string | null): Promise<boolean> {
    const topUp = this.topUps.get(id);
    if (!topUp || topUp.status !== 'pending') return false;
    this.topUps.set(id, { ...topUp, status: outcome, settledAt: at, sessionId: topUp.sessionId ?? sessionId });
    return true;
  }

  async recordEvent(event: { id: string }): Promise<boolean> {
    if (this.events.has(event.id)) return false;
    this.events.add(event.id);
    return true;
  }
}
