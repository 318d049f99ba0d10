import { inject, injectable } from 'inversify';
import type { LiveStatus } from '../../domain/challenges';
import { AppError } from '../../domain/errors';
import type { SessionStatus } from '../../domain/scheduled-sessions';
import type { User } from '../../domain/user';
import { ChallengeRepository, type ChallengeRecord } from '../ports/challenges';
import { LedgerRepository, type Transfer } from '../ports/ledger';
import { AuditLogRepository } from '../ports/records';
import { SessionRepository, type SessionRecord } from '../ports/sessions';
import { Clock, UnitOfWork } from '../ports/system';
import { UserRepository } from '../ports/users';
import { challengeReference, ChallengeSettlement } from '../play/challenge-settlement';
import { sessionReference } from '../play/session-service';

/** Who took part, as the admin reads it: name and e-mail (the admin may need to write to them). */
export interface Party {
  id: number;
  name: string;
  email: string;
}

export interface AdminChallengeView {
  challenge: ChallengeRecord;
  source: Party | null;
  target: Party | null;
  /** Every ledger line of the game: the batch's hold, the charge, the returned rest, payout, fee or refund. */
  ledger: Transfer[];
}

export interface AdminSessionView {
  session: SessionRecord;
  source: Party | null;
  target: Party | null;
  ledger: Transfer[];
}

export interface AdminListFilter<S> {
  status?: S;
  userId?: number;
  beforeId?: number;
  limit: number;
}

/** Enough lines for any one game or session (hold, capture, release, payout, fee, refund) with room to spare. */
const LEDGER_LINES_PER_ITEM = 20;

/**
 * The admin's view of games and sessions (server.md 7): lists filtered by status and user with each item's
 * ledger lines, and the money actions an admin may take: cancel a stuck game with a refund. Disputed sessions are
 * resolved through SessionService.resolve (POST /api/admin/resolve_session). Every action is audited.
 */
@injectable()
export class AdminPlayService {
  constructor(
    @inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @inject(SessionRepository) private readonly sessions: SessionRepository,
    @inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(AuditLogRepository) private readonly audit: AuditLogRepository,
    @inject(ChallengeSettlement) private readonly settlement: ChallengeSettlement,
    @inject(Clock) private readonly clock: Clock,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async listChallenges(filter: AdminListFilter<LiveStatus>): Promise<AdminChallengeView[]> {
    const records = await this.challenges.search(filter);
    const party = this.partyLookup();
    return Promise.all(records.map((challenge) => this.challengeView(challenge, party)));
  }

  async listSessions(filter: AdminListFilter<SessionStatus>): Promise<AdminSessionView[]> {
    const records = await this.sessions.search(filter);
    const party = this.partyLookup();
    return Promise.all(
      records.map(async (session) => ({
        session,
        source: await party(session.sourceUserId),
        target: await party(session.targetUserId),
        // The booking's hold, charge and returned hold carry the hold's id; payout, fee and refund the session's.
        ledger: await this.ledger.transfersByReferences([session.holdId, sessionReference(session.id)], LEDGER_LINES_PER_ITEM),
      })),
    );
  }

  /**
   * A game that was accepted but is stuck (never started, the chess site lost it): cancel it and return the price
   * to the player who paid. Only an accepted game can be canceled this way; a finished one was already paid out.
   */
  async cancelGame(admin: User, challengeId: number): Promise<AdminChallengeView> {
    const challenge = await this.challenges.findById(challengeId);
    if (!challenge) throw new AppError('not_found', 'No such game');
    if (challenge.status !== 'accepted') {
      throw new AppError('challenge_state', `Only an accepted game can be canceled with a refund; this one is ${challenge.status}`);
    }
    // The refund and its audit line commit together: no refund without the record of who made it.
    const refunded = await this.uow.run(async () => {
      const done = await this.settlement.refund(challenge, 'admin_canceled');
      if (done) {
        await this.audit.add({
          actorUserId: admin.id,
          action: 'cancel_game',
          targetUserId: challenge.sourceUserId,
          details: JSON.stringify({ challengeId, priceCents: challenge.priceCents, refundedTo: challenge.sourceUserId }),
          at: this.clock.now(),
        });
      }
      return done;
    });
    if (!refunded) throw new AppError('challenge_state', 'The game changed meanwhile (finished or refunded); look again');
    const after = await this.challenges.findById(challengeId);
    return this.challengeView(after ?? challenge, this.partyLookup());
  }

  private async challengeView(challenge: ChallengeRecord, party: (id: number) => Promise<Party | null>): Promise<AdminChallengeView> {
    return {
      challenge,
      source: await party(challenge.sourceUserId),
      target: await party(challenge.targetUserId),
      ledger: await this.ledger.transfersByReferences([`batch:${challenge.batchId}`, challengeReference(challenge.id)], LEDGER_LINES_PER_ITEM),
    };
  }

  /** Looks each user up once per list (an admin page of 50 items names at most 100 people). */
  private partyLookup(): (id: number) => Promise<Party | null> {
    const cache = new Map<number, Promise<Party | null>>();
    return (id) => {
      let found = cache.get(id);
      if (!found) {
        found = this.users.findById(id).then((u) => (u ? { id: u.id, name: `${u.title ? `${u.title} ` : ''}${u.firstName} ${u.lastName}`.trim() || u.username, email: u.email } : null));
        cache.set(id, found);
      }
      return found;
    };
  }
}
