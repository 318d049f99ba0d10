import { inject, injectable } from 'inversify';
import { isValidLichessUsername, isValidTimezone } from '../../domain/accounts';
import { AppError, type ValidationIssue } from '../../domain/errors';
import { LIMITS } from '../../domain/limits';
import { chessSiteUsernameRequired, MESSAGES } from '../../domain/messages';
import { opponentFrom, type Opponent, type OpponentProfile } from '../../domain/opponents';
import {
  canReportProblem,
  cancellationOutcome,
  isHttpUrl,
  sessionPriceCents,
  sessionTransition,
  type SessionActor,
  type SessionEvent,
} from '../../domain/scheduled-sessions';
import type { User } from '../../domain/user';
import { Mailer, type MailMessage } from '../ports/services';
import { CalendarInvites, SessionRepository, type SessionRecord } from '../ports/sessions';
import { AppSettings } from '../ports/settings';
import { AppLogger, Clock, IdGenerator, UnitOfWork } from '../ports/system';
import { UserRepository } from '../ports/users';
import { CreditsService } from '../credits/credits-service';
import { displayName } from './challenge-views';
import { payOutFromEscrow, refundFromEscrow } from './payouts';
import { resolveParticipants } from './participants';
import { cancellationMails, confirmationMails, declineMail, inviteFor, problemMail, requestMails, type SessionParties } from './session-mail';

/** The schedule screen's minutes per side: quick choices 10, 15, 30, 60 or a custom value up to 60 (spec 9). */
export const SESSION_MINUTES = { min: 1, max: 60 };
/** The most sessions a viewer's list reads (newest first); the open ones among them are shown. */
export const SESSION_LIST_LIMIT = 200;

export interface ScheduleInput {
  opponentId: number | null;
  lichessProfile: string;
  minsPerSide: number;
  timezone: string;
  availableTimes: string;
  details: string;
  analysisRequested: boolean;
}

/** A session as one viewer sees it. */
export interface SessionView {
  record: SessionRecord;
  sourceName: string;
  targetName: string;
  targetOpponent: Opponent;
}

export const sessionReference = (id: number) => `session:${id}`;

/**
 * Scheduled one-hour training sessions (server.md 5): request with a hold, confirm (capture into escrow and an
 * e-mailed invite), decline, cancel by the 24-hour rule, report a problem, an admin's resolution, and the jobs
 * that expire requests and pay sessions out. Money moves in one unit of work with the status change that decides
 * it; e-mails are sent after the commit, and a failed e-mail is logged, never undoes the money.
 */
@injectable()
export class SessionService {
  constructor(
    @inject(SessionRepository) private readonly sessions: SessionRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(CreditsService) private readonly credits: CreditsService,
    @inject(CalendarInvites) private readonly invites: CalendarInvites,
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(AppSettings) private readonly settings: AppSettings,
    @inject(AppLogger) private readonly logger: AppLogger,
  ) {}

  /**
   * The viewer's open sessions, as requester and as pro: by start time, unconfirmed last (spec: Schedule).
   * `roster` is the titled players the caller already loaded (the 1 Hz poll has them): names come from it.
   */
  async list(viewer: User, roster: OpponentProfile[] = []): Promise<SessionView[]> {
    return this.viewsFrom(viewer, await this.sessions.listForUser(viewer.id, SESSION_LIST_LIMIT), roster);
  }

  /** Views of the viewer's sessions as list() reads them (the poll reads them with the session: PollReads). */
  async viewsFrom(viewer: User, read: SessionRecord[], roster: OpponentProfile[] = []): Promise<SessionView[]> {
    const records = read.filter((s) => ['pending_schedule', 'scheduled', 'disputed'].includes(s.status));
    if (records.length === 0) return [];
    const now = this.clock.now();
    const { people, opponents } = await resolveParticipants(this.users, viewer, roster, records);
    const views: SessionView[] = [];
    for (const record of records) {
      const source = people.get(record.sourceUserId);
      const target = opponents.get(record.targetUserId);
      if (!source || !target) continue;
      views.push({ record, sourceName: displayName(source), targetName: displayName(target), targetOpponent: opponentFrom(target, now, this.settings.presenceTimeoutSeconds) });
    }
    const start = (v: SessionView) => v.record.scheduledAt?.getTime() ?? Number.POSITIVE_INFINITY;
    return views.sort((a, b) => start(a) - start(b) || a.record.id - b.record.id);
  }

  async schedule(requester: User, input: ScheduleInput): Promise<SessionView[]> {
    const issues: ValidationIssue[] = [];
    if (input.opponentId === null) issues.push({ path: 'opponentId', message: MESSAGES.selectPlayer });
    const lichess = requester.lichessUsername || input.lichessProfile.trim();
    if (!lichess) issues.push({ path: 'lichessProfile', message: chessSiteUsernameRequired('Lichess') });
    else if (!isValidLichessUsername(lichess)) issues.push({ path: 'lichessProfile', message: 'Not a Lichess username' });
    if (!input.timezone.trim()) issues.push({ path: 'timezone', message: MESSAGES.timezoneRequired });
    else if (!isValidTimezone(input.timezone)) issues.push({ path: 'timezone', message: 'Unknown timezone' });
    if (!input.availableTimes.trim()) issues.push({ path: 'availableTimes', message: MESSAGES.timeSlotsRequired });
    if (!Number.isInteger(input.minsPerSide) || input.minsPerSide < SESSION_MINUTES.min || input.minsPerSide > SESSION_MINUTES.max) {
      issues.push({ path: 'minsPerSide', message: `Minutes per side must be a whole number from ${SESSION_MINUTES.min} to ${SESSION_MINUTES.max}` });
    }
    if (issues.length > 0) throw AppError.validation(issues);

    const pro = await this.users.findById(input.opponentId!);
    const bookable = pro && pro.role === 'pro' && pro.id !== requester.id && pro.availableForScheduledChallenges && pro.pricePerMinCents >= LIMITS.pricePerMinCents.min;
    if (!pro || !bookable) throw new AppError('target_unavailable', 'This player does not take scheduled sessions', { ids: [input.opponentId!] });
    if (input.analysisRequested && !pro.providesPostgameAnalysis) {
      throw AppError.validation([{ path: 'analysisRequested', message: 'This player does not offer a post-game analysis' }]);
    }
    const priceCents = sessionPriceCents(pro.pricePerMinCents, input.analysisRequested, pro.providesPostgameAnalysis);
    const now = this.clock.now();
    const session = await this.uow.run(async () => {
      const hold = await this.credits.hold(requester.id, priceCents, `session-request:${this.ids.uuid()}`, {
        description: `Hold for a training session with ${displayName(pro)}${input.analysisRequested ? ' and post-game analysis' : ''}`,
      });
      if (!requester.lichessUsername) await this.users.updateProfile(requester.id, { lichessUsername: lichess });
      return this.sessions.create(
        {
          sourceUserId: requester.id,
          targetUserId: pro.id,
          pricePerMinCents: pro.pricePerMinCents,
          priceCents,
          analysisRequested: input.analysisRequested,
          minsPerSide: input.minsPerSide,
          timezone: input.timezone,
          availableTimes: input.availableTimes.trim(),
          details: input.details.trim(),
          lichessProfile: lichess,
          holdId: hold.id,
        },
        now,
      );
    });
    this.logger.info({ sessionId: session.id, requester: requester.id, pro: pro.id, priceCents }, 'session requested');
    await this.send(requestMails(session, this.parties(requester, pro)));
    return this.list(requester);
  }

  /** The pro (or an admin) sets the time: the hold is captured into escrow and both get an invite. */
  async confirm(actor: User, sessionId: number, scheduledAt: Date, videoCallUrl: string | null): Promise<SessionView[]> {
    const session = await this.requireVisible(actor, sessionId);
    this.allowed(session, { type: 'confirm', by: this.roleOf(actor, session) });
    const issues: ValidationIssue[] = [];
    if (scheduledAt.getTime() <= this.clock.now().getTime()) issues.push({ path: 'scheduled_at_utc', message: 'The session must start in the future' });
    if (videoCallUrl !== null && !isHttpUrl(videoCallUrl)) issues.push({ path: 'video_call_url', message: 'The video call link must be an http(s) address' });
    if (session.analysisRequested && videoCallUrl === null) issues.push({ path: 'video_call_url', message: 'A video call link is needed for the post-game analysis' });
    if (issues.length > 0) throw AppError.validation(issues);
    const now = this.clock.now();
    await this.uow.run(async () => {
      if (!(await this.sessions.changeStatus(session.id, ['pending_schedule'], 'scheduled', now, { scheduledAt, videoCallUrl, bumpInvite: true }))) {
        throw new AppError('challenge_state', 'The session is no longer waiting for confirmation');
      }
      // The buyer's side of a booking (hold, charge, returned hold) shares the hold's reference, so the statement
      // shows one entry per booking; payouts and refunds carry the session's own reference.
      await this.credits.capture(session.holdId, session.priceCents, `${sessionReference(session.id)}:capture`, {
        to: 'platform:escrow',
        reference: session.holdId,
        description: `Training session #${session.id}`,
      });
    });
    const saved = (await this.sessions.findById(session.id))!;
    await this.send(confirmationMails(this.invites, saved, await this.partiesOf(saved), now));
    return this.list(actor);
  }

  async decline(actor: User, sessionId: number): Promise<SessionView[]> {
    const session = await this.requireVisible(actor, sessionId);
    this.allowed(session, { type: 'decline', by: this.roleOf(actor, session) });
    await this.uow.run(async () => {
      if (!(await this.sessions.changeStatus(session.id, ['pending_schedule'], 'rejected', this.clock.now()))) {
        throw new AppError('challenge_state', 'The session is no longer waiting for confirmation');
      }
      await this.credits.release(session.holdId, `${sessionReference(session.id)}:release`, { reference: session.holdId, description: 'Session request declined: hold released' });
    });
    await this.send([declineMail(session, await this.partiesOf(session))]);
    return this.list(actor);
  }

  /** The money follows the 24-hour rule (server.md 5.4); the status read decides, so a racing confirm is a 409. */
  async cancel(actor: User, sessionId: number): Promise<SessionView[]> {
    const session = await this.requireVisible(actor, sessionId);
    const by = this.roleOf(actor, session);
    this.allowed(session, { type: 'cancel', by });
    const now = this.clock.now();
    const money = cancellationOutcome(session, by, now);
    const reference = sessionReference(session.id);
    await this.uow.run(async () => {
      if (!(await this.sessions.changeStatus(session.id, [session.status], 'canceled', now, { bumpInvite: session.status === 'scheduled' }))) {
        throw new AppError('challenge_state', 'The session changed meanwhile; look again');
      }
      if (money === 'release') await this.credits.release(session.holdId, `${reference}:release`, { reference: session.holdId, description: 'Session request canceled: hold released' });
      if (money === 'refund') {
        await refundFromEscrow(this.credits, { buyerUserId: session.sourceUserId, priceCents: session.priceCents, reference, key: reference, description: `Refund for canceled training session #${session.id}` });
      }
      if (money === 'pay_pro') await this.payOut(session);
    });
    const saved = (await this.sessions.findById(session.id))!;
    await this.send(cancellationMails(this.invites, saved, await this.partiesOf(saved), now, money));
    return this.list(actor);
  }

  /** The requester reports a problem within 24 h after the start: the payout waits for an admin. */
  async reportProblem(actor: User, sessionId: number, report: string): Promise<SessionView[]> {
    const session = await this.requireVisible(actor, sessionId);
    this.allowed(session, { type: 'report', by: this.roleOf(actor, session) });
    if (!session.scheduledAt || !canReportProblem(session.scheduledAt, this.clock.now())) {
      throw new AppError('challenge_state', 'A problem can be reported from the start of the session until 24 hours after it');
    }
    const ok = await this.uow.run(() => this.sessions.changeStatus(session.id, ['scheduled'], 'disputed', this.clock.now(), { problemReport: report }));
    if (!ok) throw new AppError('challenge_state', 'The session changed meanwhile; look again');
    await this.send([problemMail(session, await this.partiesOf(session), report)]);
    return this.list(actor);
  }

  /** An admin settles a disputed session: pay the pro, or refund the requester. */
  async resolve(admin: User, sessionId: number, outcome: 'pay' | 'refund'): Promise<SessionRecord> {
    const session = await this.requireVisible(admin, sessionId);
    const next = this.allowed(session, { type: 'resolve', by: admin.role === 'admin' ? 'admin' : 'requester', outcome });
    const reference = sessionReference(session.id);
    await this.uow.run(async () => {
      if (!(await this.sessions.changeStatus(session.id, ['disputed'], next, this.clock.now()))) throw new AppError('challenge_state', 'The session is no longer disputed');
      if (outcome === 'pay') await this.payOut(session);
      else await refundFromEscrow(this.credits, { buyerUserId: session.sourceUserId, priceCents: session.priceCents, reference, key: reference, description: `Refund for training session #${session.id} after a reported problem` });
    });
    return (await this.sessions.findById(session.id))!;
  }

  /** The .ics for a participant: the current invite, or its cancellation. Null while no time is set. */
  async invite(viewer: User, sessionId: number): Promise<string | null> {
    const session = await this.requireVisible(viewer, sessionId);
    if (!session.scheduledAt) return null;
    const parties = await this.partiesOf(session);
    const reader = viewer.id === parties.pro.id ? parties.pro : parties.requester;
    return inviteFor(this.invites, session, parties, session.status === 'canceled' ? 'CANCEL' : 'REQUEST', reader, session.updatedAt);
  }

  // ---- Jobs (server.md 5.2, 5.3): idempotent, conditional writes; safe on every process.

  /** Requests nobody confirmed within SCHEDULE_REQUEST_TTL_DAYS expire and their hold is released. */
  async expireRequests(): Promise<number> {
    const now = this.clock.now();
    const stale = await this.sessions.findStaleRequests(new Date(now.getTime() - this.settings.scheduleRequestTtlDays * 86_400_000), 100);
    let expired = 0;
    for (const session of stale) {
      const done = await this.uow.run(async () => {
        if (!(await this.sessions.changeStatus(session.id, ['pending_schedule'], 'expired', now))) return false;
        await this.credits.release(session.holdId, `${sessionReference(session.id)}:release`, { reference: session.holdId, description: 'Session request expired: hold released' });
        return true;
      });
      if (done) expired += 1;
    }
    return expired;
  }

  /** Confirmed sessions 24 h after their start, with no problem reported, are finished and paid out. */
  async payOutDue(): Promise<number> {
    const now = this.clock.now();
    const due = await this.sessions.findDueForPayout(new Date(now.getTime() - 24 * 3_600_000), 100);
    let paid = 0;
    for (const session of due) {
      const done = await this.uow.run(async () => {
        if (!(await this.sessions.changeStatus(session.id, ['scheduled'], 'finished', now))) return false;
        await this.payOut(session);
        return true;
      });
      if (done) paid += 1;
    }
    return paid;
  }

  private payOut(session: SessionRecord): Promise<void> {
    return payOutFromEscrow(this.credits, {
      proUserId: session.targetUserId,
      priceCents: session.priceCents,
      feePercent: this.settings.platformFeePercent,
      reference: sessionReference(session.id),
      key: sessionReference(session.id),
      what: `training session #${session.id}`,
    });
  }

  private roleOf(actor: User, session: SessionRecord): SessionActor {
    if (actor.id === session.sourceUserId) return 'requester';
    if (actor.id === session.targetUserId) return 'pro';
    return 'admin'; // requireVisible let only participants and admins through
  }

  /** A participant's or an admin's session; anyone else's is reported exactly like a missing one. */
  private async requireVisible(actor: User, sessionId: number): Promise<SessionRecord> {
    const session = await this.sessions.findById(sessionId);
    if (!session || (actor.id !== session.sourceUserId && actor.id !== session.targetUserId && actor.role !== 'admin')) {
      throw new AppError('not_found', 'No such session');
    }
    return session;
  }

  /** The next status, or 403 for the wrong person and 409 for the wrong state. */
  private allowed(session: SessionRecord, event: SessionEvent) {
    const result = sessionTransition(session.status, event);
    if (result.ok) return result.status;
    const wrongPerson = /^Only /.test(result.error) || result.error.startsWith('The system');
    throw new AppError(wrongPerson ? 'forbidden' : 'challenge_state', result.error);
  }

  private parties(requester: User, pro: User): SessionParties {
    return { requester, pro, supportEmail: this.settings.supportEmail, publicUrl: this.settings.publicUrl };
  }

  private async partiesOf(session: SessionRecord): Promise<SessionParties> {
    const [requester, pro] = await Promise.all([this.users.findById(session.sourceUserId), this.users.findById(session.targetUserId)]);
    if (!requester || !pro) throw new Error(`Session ${session.id} has a missing participant`);
    return this.parties(requester, pro);
  }

  /** After the commit: each e-mail on its own; a failure is logged and does not undo what was decided. */
  private async send(messages: MailMessage[]): Promise<void> {
    for (const message of messages) {
      try {
        await this.mailer.send(message);
      } catch (error) {
        this.logger.error({ to: message.to, subject: message.subject, err: String(error) }, 'session e-mail failed');
      }
    }
  }
}
