import { injectable } from 'inversify';
import type { ChallengeBatch, ChallengeRecord, ChallengeRepository, NewChallenge } from '../../../application/ports/challenges';
import { LIVE_STATUSES, type CancelReason, type Color, type LiveStatus } from '../../../domain/challenges';
import type { InMemoryTransactional } from './InMemoryUnitOfWork';

interface State {
  challenges: Map<number, ChallengeRecord>;
  batches: Map<string, ChallengeBatch>;
  nextId: number;
}

/**
 * Challenges in Maps. Each method checks and writes with no `await` in between, so like the SQL conditional
 * UPDATEs it cannot interleave with another call; copies go in and out so callers cannot mutate the store.
 */
@injectable()
export class InMemoryChallengeRepository implements ChallengeRepository, InMemoryTransactional {
  private state: State = { challenges: new Map(), batches: new Map(), nextId: 1 };

  snapshot(): unknown {
    return structuredClone(this.state);
  }

  restore(snapshot: unknown): void {
    this.state = structuredClone(snapshot) as State;
  }

  async createBatch(batch: Omit<ChallengeBatch, 'status' | 'winnerChallengeId'>, challenges: NewChallenge[]): Promise<ChallengeRecord[]> {
    if (this.state.batches.has(batch.id)) throw new Error(`Duplicate batch ${batch.id}`);
    for (const open of this.state.batches.values()) {
      if (open.sourceUserId === batch.sourceUserId && open.status === 'open') throw new Error('uq_challenge_batches_open_source');
    }
    this.state.batches.set(batch.id, { ...batch, status: 'open', winnerChallengeId: null });
    return challenges.map((c) => {
      const record: ChallengeRecord = {
        ...c,
        id: this.state.nextId++,
        batchId: batch.id,
        status: 'pending',
        cancelReason: null,
        sourceColor: null,
        gameId: null,
        sourceUrl: null,
        targetUrl: null,
        createdAt: new Date(batch.createdAt),
        acceptedAt: null,
        endedAt: null,
        updatedAt: new Date(batch.createdAt),
      };
      this.state.challenges.set(record.id, record);
      return structuredClone(record);
    });
  }

  async findById(id: number): Promise<ChallengeRecord | null> {
    const found = this.state.challenges.get(id);
    return found ? structuredClone(found) : null;
  }

  async findBatch(id: string): Promise<ChallengeBatch | null> {
    const found = this.state.batches.get(id);
    return found ? structuredClone(found) : null;
  }

  async lockBatch(): Promise<void> {
    // Calls are atomic in one process and units of work are serialized: nothing to lock.
  }

  async findOpenBatchOf(sourceUserId: number): Promise<ChallengeBatch | null> {
    for (const batch of this.state.batches.values()) if (batch.sourceUserId === sourceUserId && batch.status === 'open') return structuredClone(batch);
    return null;
  }

  async winBatch(id: string, challengeId: number): Promise<boolean> {
    const batch = this.state.batches.get(id);
    if (!batch || batch.status !== 'open') return false;
    this.state.batches.set(id, { ...batch, status: 'won', winnerChallengeId: challengeId });
    return true;
  }

  async closeBatch(id: string): Promise<boolean> {
    const batch = this.state.batches.get(id);
    if (!batch || batch.status !== 'open') return false;
    this.state.batches.set(id, { ...batch, status: 'closed' });
    return true;
  }

  async changeStatus(id: number, from: LiveStatus, to: LiveStatus, at: Date, cancelReason?: CancelReason): Promise<boolean> {
    // As the SQL stores' CHECK constraint: a status outside the domain's list is refused, not stored.
    if (!(LIVE_STATUSES as readonly string[]).includes(to)) throw new Error(`CHECK constraint failed: ck_challenges_status (${to})`);
    const c = this.state.challenges.get(id);
    if (!c || c.status !== from) return false;
    this.state.challenges.set(id, {
      ...c,
      status: to,
      cancelReason: cancelReason ?? null,
      acceptedAt: to === 'accepted' ? new Date(at) : c.acceptedAt,
      endedAt: to !== 'accepted' && to !== 'pending' ? new Date(at) : c.endedAt,
      updatedAt: new Date(at),
    });
    return true;
  }

  async endPendingInBatch(batchId: string, to: 'canceled' | 'expired', at: Date, cancelReason: CancelReason | null, exceptId?: number): Promise<number> {
    let moved = 0;
    for (const c of this.state.challenges.values()) {
      if (c.batchId !== batchId || c.status !== 'pending' || c.id === exceptId) continue;
      this.state.challenges.set(c.id, { ...c, status: to, cancelReason, endedAt: new Date(at), updatedAt: new Date(at) });
      moved += 1;
    }
    return moved;
  }

  async countPendingInBatch(batchId: string): Promise<number> {
    return [...this.state.challenges.values()].filter((c) => c.batchId === batchId && c.status === 'pending').length;
  }

  async setGame(id: number, game: { gameId: string; sourceColor: Color; sourceUrl: string; targetUrl: string }, at: Date): Promise<boolean> {
    const c = this.state.challenges.get(id);
    if (!c || c.status !== 'accepted') return false;
    this.state.challenges.set(id, { ...c, ...game, updatedAt: new Date(at) });
    return true;
  }

  async listForUser(userId: number, endedSince: Date, limit: number): Promise<ChallengeRecord[]> {
    return this.sorted((c) => (c.sourceUserId === userId || c.targetUserId === userId) && (c.status === 'pending' || c.status === 'accepted' || c.updatedAt >= endedSince))
      .reverse()
      .slice(0, limit);
  }

  async listBatch(batchId: string): Promise<ChallengeRecord[]> {
    return this.sorted((c) => c.batchId === batchId);
  }

  async findExpiredOpenBatches(createdBefore: Date, limit: number): Promise<ChallengeBatch[]> {
    return [...this.state.batches.values()]
      .filter((b) => b.status === 'open' && b.createdAt <= createdBefore)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map((b) => structuredClone(b));
  }

  async findAccepted(limit: number): Promise<ChallengeRecord[]> {
    return this.sorted((c) => c.status === 'accepted')
      .sort((a, b) => (a.acceptedAt?.getTime() ?? 0) - (b.acceptedAt?.getTime() ?? 0) || a.id - b.id)
      .slice(0, limit);
  }

  async findPendingForTargets(targetIds: number[], sentBefore: Date, limit: number): Promise<ChallengeRecord[]> {
    const targets = new Set(targetIds);
    return this.sorted((c) => c.status === 'pending' && c.createdAt <= sentBefore && targets.has(c.targetUserId))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .slice(0, limit);
  }

  async search(filter: { status?: LiveStatus; userId?: number; limit: number; beforeId?: number }): Promise<ChallengeRecord[]> {
    return this.sorted(
      (c) =>
        (filter.status === undefined || c.status === filter.status) &&
        (filter.userId === undefined || c.sourceUserId === filter.userId || c.targetUserId === filter.userId) &&
        (filter.beforeId === undefined || c.id < filter.beforeId),
    )
      .reverse()
      .slice(0, filter.limit);
  }

  /** Matching challenges as copies, by id ascending. */
  private sorted(match: (c: ChallengeRecord) => boolean): ChallengeRecord[] {
    return [...this.state.challenges.values()]
      .filter(match)
      .sort((a, b) => a.id - b.id)
      .map((c) => structuredClone(c));
  }
}
