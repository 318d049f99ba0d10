import { inject, injectable } from 'inversify';
import {
  actorFor,
  batchHoldCents,
  clockLimitSeconds,
  effectiveStatus,
  gameConfigProblems,
  livePriceCents,
  settlementFor,
  sourceColor,
  type GameConfig,
} from '../../domain/challenges';
import { AppError } from '../../domain/errors';
import { LIMITS } from '../../domain/limits';
import { userAccount } from '../../domain/ledger';
import { formatUsd } from '../../domain/money';
import { isAvailable, type OpponentProfile } from '../../domain/opponents';
import { chess960Fen, CHESS960_POSITION_COUNT } from '../../domain/start-positions';
import type { User } from '../../domain/user';
import { ChallengeRepository, ChessSite, type ChallengeRecord, type NewGame } from '../ports/challenges';
import { LedgerRepository } from '../ports/ledger';
import { AppSettings } from '../ports/settings';
import { AppLogger, Clock, IdGenerator, Random, UnitOfWork } from '../ports/system';
import { UserRepository } from '../ports/users';
import { CreditsService } from '../credits/credits-service';
import { challengeKeys, ChallengeSettlement } from './challenge-settlement';
import { PushNotifications } from './push-notifications';
import { ChallengeViews, type ChallengeView } from './challenge-views';

/** At most this many targets in one send (the roster is 25 today; this only bounds the work of one call). */
export const MAX_TARGETS_PER_SEND = 100;
/** An open game offer on the chess site lapses after this long if nobody joins (Lichess `expiresAt`). */
export const GAME_OFFER_MINUTES = 15;

export interface SendInput {
  targetIds: number[];
  config: GameConfig;
}

/**
 * Live paid challenges (server.md 4): send, accept or reject, cancel, finish. Each money-moving step is one unit
 * of work; the chess site is called only after the accept has committed, and a failed call is undone by a
 * second unit of work (the price goes back to the sender).
 */
@injectable()
export class ChallengeService {
  constructor(
    @inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @inject(CreditsService) private readonly credits: CreditsService,
    @inject(ChallengeSettlement) private readonly settlement: ChallengeSettlement,
    @inject(ChallengeViews) private readonly views: ChallengeViews,
    @inject(ChessSite) private readonly chessSite: ChessSite,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Random) private readonly random: Random,
    @inject(AppSettings) private readonly settings: AppSettings,
    @inject(AppLogger) private readonly logger: AppLogger,
    @inject(PushNotifications) private readonly push: PushNotifications,
  ) {}

  list(viewer: User): Promise<ChallengeView[]> {
    return this.views.forViewer(viewer);
  }

  /**
   * Sends one batch: every target must be available for this time control; the sender's previous pending batch
   * is canceled (its hold released) and one hold for the highest price is placed, all in one unit of work, so a
   * refusal (402 when the balance is short) leaves everything as it was.
   */
  async send(sender: User, input: SendInput): Promise<ChallengeView[]> {
    const problems = gameConfigProblems(input.config);
    if (problems.length > 0) throw AppError.validation(problems);
    const targetIds = [...new Set(input.targetIds)];
    if (targetIds.length === 0) throw AppError.validation([{ path: 'target_user_ids', message: 'Choose at least one opponent' }]);
    if (targetIds.length > MAX_TARGETS_PER_SEND) {
      throw AppError.validation([{ path: 'target_user_ids', message: `At most ${MAX_TARGETS_PER_SEND} opponents at once` }]);
    }
    const now = this.clock.now();
    const roster = new Map((await this.users.listTitledPlayers()).map((p) => [p.id, p]));
    const unavailable = targetIds.filter((id) => !this.challengeable(roster.get(id), sender, now, input.config.minsPerSide));
    if (unavailable.length > 0) {
      throw new AppError('target_unavailable', `Not available for this game: ${unavailable.join(', ')}`, { ids: unavailable });
    }
    const targets = targetIds.map((id) => roster.get(id)!);
    const prices = targets.map((t) => livePriceCents(input.config.minsPerSide, t.pricePerMinCents));
    const holdCents = batchHoldCents(prices);
    const batchId = this.ids.uuid();
    const { minsPerSide, incrementInSecs } = input.config;

    await this.uow.run(async () => {
      // Locks the sender's accounts first: two sends by one player queue here instead of racing (Postgres).
      await this.ledger.lockAccounts([userAccount(sender.id, 'available'), userAccount(sender.id, 'held')]);
      const previous = await this.challenges.findOpenBatchOf(sender.id);
      if (previous) await this.closeBatch(previous.id, previous.holdId, 'canceled', 'newer_batch');
      const hold = await this.credits.hold(sender.id, holdCents, challengeKeys.batchHold(batchId), {
        reference: `batch:${batchId}`,
        description: `Hold for a ${minsPerSide}+${incrementInSecs} challenge to ${targets.length} player${targets.length === 1 ? '' : 's'} (up to ${formatUsd(holdCents)})`,
      });
      await this.challenges.createBatch(
        { id: batchId, sourceUserId: sender.id, holdId: hold.id, holdCents, createdAt: now },
        targets.map((target, i) => ({
          sourceUserId: sender.id,
          targetUserId: target.id,
          pricePerMinCents: target.pricePerMinCents,
          priceCents: prices[i]!,
          minsPerSide,
          incrementSecs: incrementInSecs,
          playAs: input.config.playAs,
          startingFen: input.config.startingFen,
          startingPositionType: input.config.startingPositionType,
        })),
      );
    });
    this.logger.info({ batchId, sender: sender.id, targets: targetIds, holdCents }, 'challenges sent');
    // Committed: tell the titled players' browsers. Not awaited: the sender's answer never waits on a push service.
    void this.push.notifyIncoming(
      sender,
      targets.map((target, i) => ({ targetUserId: target.id, batchId, minsPerSide, incrementSecs: incrementInSecs, priceCents: prices[i]! })),
    );
    return this.list(sender);
  }

  /** The target's answer. An accept captures the price, releases the rest and cancels the siblings. */
  async respond(viewer: User, challengeId: number, answer: 'accepted' | 'rejected'): Promise<ChallengeView[]> {
    const challenge = await this.requireOwn(viewer, challengeId);
    if (actorFor(challenge, viewer.id)?.role !== 'target') {
      throw new AppError('forbidden', answer === 'accepted' ? 'Only the challenged player can accept' : 'Only the challenged player can decline');
    }
    const status = effectiveStatus(challenge, this.clock.now(), this.settings.challengeTtlSeconds);
    if (status !== 'pending') throw new AppError('challenge_state', `The challenge is ${status}`);
    if (answer === 'rejected') await this.reject(challenge);
    else await this.accept(challenge);
    return this.list(viewer);
  }

  /** The sender cancels their pending batch; nothing to cancel is not an error (closing the page sends one). */
  async cancel(sender: User): Promise<ChallengeView[]> {
    const open = await this.challenges.findOpenBatchOf(sender.id);
    if (open) {
      await this.uow.run(() => this.closeBatch(open.id, open.holdId, 'canceled', 'sender_canceled'));
      this.logger.info({ batchId: open.id, sender: sender.id }, 'challenges canceled');
    }
    return this.list(sender);
  }

  /**
   * Either player ends an accepted game. What the chess site says decides the money, not the click: a game
   * that is over pays the pro, one that never started is refunded, one still being played is refused with 409
   * (the follow-up job settles it when it ends). Finishing a finished game again is a no-op.
   */
  async finish(viewer: User, challengeId: number): Promise<ChallengeView[]> {
    const challenge = await this.requireOwn(viewer, challengeId);
    if (challenge.status === 'finished') return this.list(viewer);
    if (challenge.status !== 'accepted') throw new AppError('challenge_state', `Cannot finish a ${challenge.status} challenge`);
    const outcome = await this.settle(challenge);
    if (outcome === 'wait') {
      throw new AppError('challenge_state', challenge.gameId ? 'The game is still in progress' : 'The game has not been created yet');
    }
    return this.list(viewer);
  }

  /** Asks the chess site about an accepted game and pays, refunds or leaves it. Shared with the follow-up job. */
  async settle(challenge: ChallengeRecord): Promise<'pay' | 'refund' | 'wait'> {
    const progress = challenge.gameId === null ? 'no_game' : (await this.chessSite.gameStatus(challenge.gameId)).progress;
    const acceptedAt = challenge.acceptedAt ?? challenge.updatedAt;
    const decision = settlementFor(progress, acceptedAt, this.clock.now(), this.settings.gameStartTimeoutMinutes);
    if (decision === 'pay') await this.settlement.pay(challenge);
    if (decision === 'refund') await this.settlement.refund(challenge, 'game_not_started');
    return decision;
  }

  private challengeable(target: OpponentProfile | undefined, sender: User, now: Date, minsPerSide: number): target is OpponentProfile {
    if (!target || target.id === sender.id) return false;
    // A pro without a price has not finished their profile: they cannot be paid for, so not challenged.
    if (target.pricePerMinCents < LIMITS.pricePerMinCents.min) return false;
    return isAvailable(target, now, this.settings.presenceTimeoutSeconds, minsPerSide);
  }

  private async requireOwn(viewer: User, challengeId: number): Promise<ChallengeRecord> {
    const challenge = await this.challenges.findById(challengeId);
    // Someone else's challenge is reported exactly like a missing one.
    if (!challenge || !actorFor(challenge, viewer.id)) throw new AppError('not_found', 'No such challenge');
    return challenge;
  }

  /** Inside a unit of work: ends the batch's pending challenges and releases its hold, if it is still open. */
  private async closeBatch(batchId: string, holdId: string, to: 'canceled' | 'expired', reason: 'sender_canceled' | 'newer_batch' | null): Promise<boolean> {
    await this.challenges.lockBatch(batchId);
    if (!(await this.challenges.closeBatch(batchId))) return false;
    await this.challenges.endPendingInBatch(batchId, to, this.clock.now(), to === 'canceled' ? reason : null);
    await this.credits.release(holdId, challengeKeys.batchRelease(batchId), { reference: `batch:${batchId}`, description: 'Challenge hold released' });
    return true;
  }

  private async reject(challenge: ChallengeRecord): Promise<void> {
    await this.uow.run(async () => {
      await this.challenges.lockBatch(challenge.batchId);
      if (!(await this.challenges.changeStatus(challenge.id, 'pending', 'rejected', this.clock.now()))) {
        throw new AppError('challenge_state', 'The challenge is no longer pending');
      }
      // The last pending one declined: nobody can accept any more, so the hold goes back now, not at expiry.
      if ((await this.challenges.countPendingInBatch(challenge.batchId)) === 0) {
        const batch = await this.challenges.findBatch(challenge.batchId);
        if (batch) await this.closeBatch(batch.id, batch.holdId, 'canceled', null);
      }
    });
  }

  private async accept(challenge: ChallengeRecord): Promise<void> {
    const now = this.clock.now();
    await this.uow.run(async () => {
      await this.challenges.lockBatch(challenge.batchId);
      // The one conditional write that decides "first accept wins", across processes.
      if (!(await this.challenges.winBatch(challenge.batchId, challenge.id))) {
        throw new AppError('challenge_state', 'The challenge is no longer open: another player accepted, or it was canceled');
      }
      if (!(await this.challenges.changeStatus(challenge.id, 'pending', 'accepted', now))) {
        throw new AppError('challenge_state', 'The challenge is no longer pending');
      }
      await this.challenges.endPendingInBatch(challenge.batchId, 'canceled', now, 'sibling_accepted', challenge.id);
      const batch = await this.challenges.findBatch(challenge.batchId);
      if (!batch) throw new Error(`Batch ${challenge.batchId} vanished`);
      // The batch's reference, like its hold: the buyer's statement shows hold, charge and returned rest as one purchase.
      await this.credits.capture(batch.holdId, challenge.priceCents, challengeKeys.capture(challenge.id), {
        to: 'platform:escrow',
        reference: `batch:${challenge.batchId}`,
        description: `Game #${challenge.id}: ${challenge.minsPerSide}+${challenge.incrementSecs}`,
      });
    });
    this.logger.info({ challengeId: challenge.id, target: challenge.targetUserId }, 'challenge accepted');
    // Committed: now the outside world. A failure is undone in a second unit of work.
    await this.createGame({ ...challenge, status: 'accepted', acceptedAt: now });
  }

  private async createGame(challenge: ChallengeRecord): Promise<void> {
    const [source, target] = await Promise.all([this.users.findById(challenge.sourceUserId), this.users.findById(challenge.targetUserId)]);
    const color = sourceColor(challenge.playAs, () => this.random.int(2) === 0);
    const sourcePlayer = { username: source?.lichessUsername || null };
    const targetPlayer = { username: target?.lichessUsername || null };
    const freestyle = challenge.startingPositionType === 'freestyle';
    const game: NewGame = {
      challengeId: challenge.id,
      white: color === 'white' ? sourcePlayer : targetPlayer,
      black: color === 'white' ? targetPlayer : sourcePlayer,
      clockLimitSeconds: clockLimitSeconds(challenge.minsPerSide),
      incrementSeconds: challenge.incrementSecs,
      variant: freestyle ? 'chess960' : challenge.startingFen ? 'fromPosition' : 'standard',
      fen: freestyle ? chess960Fen(this.random.int(CHESS960_POSITION_COUNT)) : challenge.startingFen,
      name: `Titled Chess game #${challenge.id}`,
      expiresAt: new Date(this.clock.now().getTime() + GAME_OFFER_MINUTES * 60_000),
    };
    let created;
    try {
      created = await this.chessSite.createGame(game);
    } catch (error) {
      this.logger.error({ challengeId: challenge.id, err: String(error) }, 'chess site failed: accept undone');
      await this.settlement.refund(challenge, 'chess_site_failed');
      throw new AppError('chess_site', 'Lichess could not create the game; the challenge was canceled and the price refunded');
    }
    const urls = color === 'white' ? { sourceUrl: created.whiteUrl, targetUrl: created.blackUrl } : { sourceUrl: created.blackUrl, targetUrl: created.whiteUrl };
    const saved = await this.uow.run(() => this.challenges.setGame(challenge.id, { gameId: created.gameId, sourceColor: color, ...urls }, this.clock.now()));
    if (!saved) this.logger.warn({ challengeId: challenge.id }, 'game created for a challenge that is no longer accepted');
  }
}
