import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/errors';
import { userAccount } from '../../domain/ledger';
import { formatUsd, type Cents } from '../../domain/money';
import { LIMITS } from '../../domain/limits';
import type { User } from '../../domain/user';
import { AuditLogRepository } from '../ports/records';
import { UserRepository } from '../ports/users';
import { Clock, UnitOfWork } from '../ports/system';
import { LedgerRepository } from '../ports/ledger';
import { CreditsService } from './credits-service';
import { runIdempotent } from './idempotency';

export interface AdjustCredits {
  actorUserId: number;
  userId: number;
  /** Positive adds credits, negative takes them away; never below zero. */
  amountCents: Cents;
  reason: string;
  idempotencyKey: string;
}

/** An admin's manual correction: a ledger transfer against platform:adjustments plus an audit record, together. */
@injectable()
export class AdminCreditsService {
  constructor(
    @inject(CreditsService) private readonly credits: CreditsService,
    @inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(AuditLogRepository) private readonly audit: AuditLogRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async adjust(input: AdjustCredits): Promise<User> {
    const reason = input.reason.trim();
    if (!reason) throw AppError.validation([{ path: 'reason', message: 'A reason is required' }]);
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents === 0) {
      throw AppError.validation([{ path: 'amount', message: 'The amount must be a non-zero number of US$ with at most 2 decimals' }]);
    }
    if (Math.abs(input.amountCents) > LIMITS.adminAdjustmentCents.max) {
      throw AppError.validation([{ path: 'amount', message: `One adjustment may move at most ${formatUsd(LIMITS.adminAdjustmentCents.max)}` }]);
    }
    const request = { op: 'adjust', actorUserId: input.actorUserId, userId: input.userId, amountCents: input.amountCents, reason };
    return this.uow.run(async () => {
      if (!(await this.users.findById(input.userId))) throw new AppError('not_found', 'No such user');
      // The audit record is part of the idempotent work: a replayed key neither moves money nor audits again.
      await runIdempotent(this.ledger, input.idempotencyKey, request, this.clock.now(), async () => {
        const available = userAccount(input.userId, 'available');
        const credit = input.amountCents > 0;
        const transfer = await this.credits.transfer(
          {
            from: credit ? 'platform:adjustments' : available,
            to: credit ? available : 'platform:adjustments',
            amountCents: Math.abs(input.amountCents),
            reason: 'admin_adjustment',
            description: `Adjustment by an admin: ${reason}`,
            reference: `admin:${input.actorUserId}`,
          },
          `${input.idempotencyKey}:transfer`,
        );
        await this.audit.add({
          actorUserId: input.actorUserId,
          action: 'adjust_credits',
          targetUserId: input.userId,
          details: JSON.stringify({ amountCents: input.amountCents, reason, transferId: transfer.id }),
          at: this.clock.now(),
        });
        return { transferId: transfer.id };
      });
      const user = await this.users.findById(input.userId);
      if (!user) throw new AppError('not_found', 'No such user');
      return user;
    });
  }
}
