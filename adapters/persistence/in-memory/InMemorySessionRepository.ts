import { injectable } from 'inversify';
import type { NewSession, SessionRecord, SessionRepository } from '../../../application/ports/sessions';
import type { SessionStatus } from '../../../domain/scheduled-sessions';
import type { InMemoryTransactional } from './InMemoryUnitOfWork';

interface State {
  sessions: Map<number, SessionRecord>;
  nextId: number;
}

/** Sessions in a Map; check and write without an await between them, copies in and out. */
@injectable()
export class InMemorySessionRepository implements SessionRepository, InMemoryTransactional {
  private state: State = { sessions: new Map(), nextId: 1 };

  snapshot(): unknown {
    return structuredClone(this.state);
  }

  restore(snapshot: unknown): void {
    this.state = structuredClone(snapshot) as State;
  }

  async create(session: NewSession, at: Date): Promise<SessionRecord> {
    const record: SessionRecord = {
      ...session,
      id: this.state.nextId++,
      status: 'pending_schedule',
      scheduledAt: null,
      videoCallUrl: null,
      inviteSequence: 0,
      problemReport: null,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    };
    this.state.sessions.set(record.id, record);
    return structuredClone(record);
  }

  async findById(id: number): Promise<SessionRecord | null> {
    const found = this.state.sessions.get(id);
    return found ? structuredClone(found) : null;
  }

  async changeStatus(
    id: number,
    from: readonly SessionStatus[],
    to: SessionStatus,
    at: Date,
    fields: { scheduledAt?: Date; videoCallUrl?: string | null; problemReport?: string; bumpInvite?: boolean } = {},
  ): Promise<boolean> {
    const s = this.state.sessions.get(id);
    if (!s || !from.includes(s.status)) return false;
    this.state.sessions.set(id, {
      ...s,
      status: to,
      updatedAt: new Date(at),
      scheduledAt: fields.scheduledAt !== undefined ? new Date(fields.scheduledAt) : s.scheduledAt,
      videoCallUrl: fields.videoCallUrl !== undefined ? fields.videoCallUrl : s.videoCallUrl,
      problemReport: fields.problemReport !== undefined ? fields.problemReport : s.problemReport,
      inviteSequence: s.inviteSequence + (fields.bumpInvite ? 1 : 0),
    });
    return true;
  }

  async listForUser(userId: number, limit: number): Promise<SessionRecord[]> {
    return this.matching((s) => s.sourceUserId === userId || s.targetUserId === userId)
      .sort((a, b) => b.id - a.id)
      .slice(0, limit);
  }

  async findStaleRequests(createdBefore: Date, limit: number): Promise<SessionRecord[]> {
    return this.matching((s) => s.status === 'pending_schedule' && s.createdAt <= createdBefore)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .slice(0, limit);
  }

  async findDueForPayout(startedBefore: Date, limit: number): Promise<SessionRecord[]> {
    return this.matching((s) => s.status === 'scheduled' && s.scheduledAt !== null && s.scheduledAt <= startedBefore)
      .sort((a, b) => (a.scheduledAt?.getTime() ?? 0) - (b.scheduledAt?.getTime() ?? 0) || a.id - b.id)
      .slice(0, limit);
  }

  async search(filter: { status?: SessionStatus; userId?: number; limit: number; beforeId?: number }): Promise<SessionRecord[]> {
    return this.matching(
      (s) =>
        (filter.status === undefined || s.status === filter.status) &&
        (filter.userId === undefined || s.sourceUserId === filter.userId || s.targetUserId === filter.userId) &&
        (filter.beforeId === undefined || s.id < filter.beforeId),
    )
      .sort((a, b) => b.id - a.id)
      .slice(0, filter.limit);
  }

  private matching(match: (s: SessionRecord) => boolean): SessionRecord[] {
    return [...this.state.sessions.values()].filter(match).map((s) => structuredClone(s));
  }
}
