import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/errors';
import {
  planCapture,
  transferProblem,
  userAccount,
  type AccountId,
  type Hold,
  type TransferRequest,
} from '../../domain/ledger';
import type { Cents } from '../../domain/money';
import { LedgerRepository, type Transfer } from '../ports/ledger';
import { Clock, IdGenerator, UnitOfWork } from '../ports/system';
import { runIdempotent } from './idempotency';

export interface HoldOptions {
  reference?: string | null;
  description?: string;
}

export interface CaptureOptions {
  /** Where the captured money goes; platform:escrow until the game's outcome is known. */
  to?: AccountId;
  reference?: string | null;
  description?: string;
}

export interface CaptureResult {
  hold: Hold;
  captured: Transfer;
  released: Transfer | null;
}

export interface ReleaseResult {
  hold: Hold;
  released: Transfer;
}

/**
 * The ledger's use cases. Every operation runs in one unit of work and takes an idempotency key: repeating
 * a key with the same request returns the first result; with a different request it is refused.
 */
@injectable()
export class CreditsService {
  constructor(
    @inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /** Moves cents between two accounts; a user account that does not cover it is ERR_INSUFFICIENT_CREDITS. */
  async transfer(request: TransferRequest, idempotencyKey: string): Promise<Transfer> {
    const problem = transferProblem(request);
    if (problem) throw AppError.validation([{ path: 'transfer', message: problem }]);
    return this.uow.run(() =>
      runIdempotent(this.ledger, idempotencyKey, { op: 'transfer', ...request }, this.clock.now(), async () => {
        await this.ledger.lockAccounts([request.from, request.to]);
        return this.move(request, idempotencyKey);
      }),
    );
  }

  /** Several transfers as one operation (all or nothing), e.g. a top-up's payment and discount lines. */
  async transferAll(requests: TransferRequest[], idempotencyKey: string): Promise<Transfer[]> {
    for (const request of requests) {
      const problem = transferProblem(request);
      if (problem) throw AppError.validation([{ path: 'transfer', message: problem }]);
    }
    return this.uow.run(() =>
      runIdempotent(this.ledger, idempotencyKey, { op: 'transferAll', requests }, this.clock.now(), async () => {
        await this.ledger.lockAccounts(requests.flatMap((r) => [r.from, r.to]));
        const done: Transfer[] = [];
        for (const [index, request] of requests.entries()) done.push(await this.move(request, `${idempotencyKey}:${index}`));
        return done;
      }),
    );
  }

  /** Moves `amountCents` from the user's available balance to held, as an open hold. */
  async hold(userId: number, amountCents: Cents, idempotencyKey: string, options: HoldOptions = {}): Promise<Hold> {
    const reference = options.reference ?? null;
    const request = { op: 'hold', userId, amountCents, reference };
    return this.uow.run(() =>
      runIdempotent(this.ledger, idempotencyKey, request, this.clock.now(), async () => {
        const available = userAccount(userId, 'available');
        const held = userAccount(userId, 'held');
        const hold: Hold = {
          id: this.ids.uuid(),
          userId,
          amountCents,
          status: 'open',
          capturedCents: 0,
          reference,
          createdAt: this.clock.now(),
          settledAt: null,
        };
        const transfer: TransferRequest = {
          from: available,
          to: held,
          amountCents,
          reason: 'hold',
          description: options.description ?? 'Hold',
          reference: reference ?? hold.id,
        };
        const problem = transferProblem(transfer);
        if (problem) throw AppError.validation([{ path: 'amount', message: problem }]);
        await this.ledger.lockAccounts([available, held]);
        // The transfer first: it is the step that can be refused, and nothing is written before it.
        await this.move(transfer, idempotencyKey);
        await this.ledger.createHold(hold);
        return hold;
      }),
    );
  }

  /** Captures part or all of an open hold into `to` (default platform:escrow); the rest goes back to available. */
  async capture(holdId: string, amountCents: Cents, idempotencyKey: string, options: CaptureOptions = {}): Promise<CaptureResult> {
    const to = options.to ?? 'platform:escrow';
    const reference = options.reference ?? null;
    const request = { op: 'capture', holdId, amountCents, to, reference };
    return this.uow.run(() =>
      runIdempotent(this.ledger, idempotencyKey, request, this.clock.now(), async () => {
        const hold = await this.requireHold(holdId);
        const available = userAccount(hold.userId, 'available');
        const held = userAccount(hold.userId, 'held');
        await this.ledger.lockAccounts([available, held, to]);
        const plan = planCapture(hold, amountCents);
        if ('error' in plan) throw this.settleError(plan.error);
        const now = this.clock.now();
        // The conditional write decides a race between two settlements: only one sees the hold open.
        if (!(await this.ledger.settleHold(holdId, 'captured', plan.capturedCents, now))) throw this.settleError('hold already settled');
        const captured = await this.move(
          { from: held, to, amountCents: plan.capturedCents, reason: 'capture', description: options.description ?? 'Charge', reference: reference ?? holdId },
          `${idempotencyKey}:capture`,
        );
        const released =
          plan.releasedCents > 0
            ? await this.move(
                { from: held, to: available, amountCents: plan.releasedCents, reason: 'release', description: 'Unused part of a hold returned', reference: reference ?? holdId },
                `${idempotencyKey}:release`,
              )
            : null;
        return { hold: { ...hold, status: 'captured' as const, capturedCents: plan.capturedCents, settledAt: now }, captured, released };
      }),
    );
  }

  /** Returns an open hold in full to the available balance. */
  async release(holdId: string, idempotencyKey: string, options: { reference?: string | null; description?: string } = {}): Promise<ReleaseResult> {
    const reference = options.reference ?? null;
    return this.uow.run(() =>
      runIdempotent(this.ledger, idempotencyKey, { op: 'release', holdId, reference }, this.clock.now(), async () => {
        const hold = await this.requireHold(holdId);
        const available = userAccount(hold.userId, 'available');
        const held = userAccount(hold.userId, 'held');
        await this.ledger.lockAccounts([available, held]);
        if (hold.status !== 'open') throw this.settleError(`hold already ${hold.status}`);
        const now = this.clock.now();
        if (!(await this.ledger.settleHold(holdId, 'released', 0, now))) throw this.settleError('hold already settled');
        const released = await this.move(
          { from: held, to: available, amountCents: hold.amountCents, reason: 'release', description: options.description ?? 'Hold released', reference: reference ?? holdId },
          `${idempotencyKey}:release`,
        );
        return { hold: { ...hold, status: 'released' as const, settledAt: now }, released };
      }),
    );
  }

  async balance(account: AccountId): Promise<Cents> {
    return this.ledger.balance(account);
  }

  async findHold(holdId: string): Promise<Hold | null> {
    return this.ledger.findHold(holdId);
  }

  private async requireHold(holdId: string): Promise<Hold> {
    const hold = await this.ledger.findHold(holdId);
    if (!hold) throw new AppError('not_found', 'No such hold');
    return hold;
  }

  /** A settlement the hold's state does not allow. The ledger has no state code of its own; the challenge one fits. */
  private settleError(message: string): AppError {
    if (message.startsWith('capture amount')) return AppError.validation([{ path: 'amount', message }]);
    return new AppError('challenge_state', message);
  }

  private async move(request: TransferRequest, key: string): Promise<Transfer> {
    const transfer = await this.ledger.applyTransfer({ ...request, idempotencyKey: key, createdAt: this.clock.now() });
    if (!transfer) throw new AppError('insufficient_credits', 'Insufficient credits');
    return transfer;
  }
}
