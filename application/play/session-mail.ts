import { formatUsd } from '../../domain/money';
import { SESSION_LENGTH_MINUTES, ANALYSIS_MINUTES } from '../../domain/scheduled-sessions';
import type { User } from '../../domain/user';
import type { MailMessage } from '../ports/services';
import type { CalendarInvites, SessionRecord } from '../ports/sessions';
import { displayName } from './challenge-views';

/** The people a session's e-mails go to. */
export interface SessionParties {
  requester: User;
  pro: User;
  supportEmail: string;
  publicUrl: string;
}

function when(session: SessionRecord, timeZone: string): string {
  if (!session.scheduledAt) return 'not confirmed yet';
  // dateStyle cannot be combined with timeZoneName, so the parts are named one by one.
  const local = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(session.scheduledAt);
  return `${local} (${timeZone})`;
}

function zoneOf(user: User, fallback: string): string {
  return user.timezone ?? fallback;
}

function requestDetails(session: SessionRecord, parties: SessionParties): string {
  return [
    `Requested by: ${displayName(parties.requester)} (Lichess: ${session.lichessProfile})`,
    `Titled player: ${parties.pro.title ?? ''} ${displayName(parties.pro)}`.replace('  ', ' '),
    `Minutes per side: ${session.minsPerSide}`,
    `Requester's timezone: ${session.timezone}`,
    `Available times: ${session.availableTimes}`,
    `Details: ${session.details || '(none)'}`,
    `Post-game analysis: ${session.analysisRequested ? `yes (+${ANALYSIS_MINUTES} minutes)` : 'no'}`,
    `Price: ${formatUsd(session.priceCents)} (held on the requester's balance until the session is confirmed)`,
  ].join('\n');
}

/** The new request, to the titled player and to support (server.md 5.1). */
export function requestMails(session: SessionRecord, parties: SessionParties): MailMessage[] {
  const text = `${requestDetails(session, parties)}\n\nConfirm a time or decline on ${parties.publicUrl}/schedule.`;
  const subject = `Training session request #${session.id} from ${displayName(parties.requester)}`;
  return [
    { to: parties.pro.email, subject, text, replyTo: parties.requester.email },
    { to: parties.supportEmail, subject: `[support] ${subject}`, text },
  ];
}

/** The .ics for one reader (in their own timezone), or null while the session has no time. */
export function inviteFor(invites: CalendarInvites, session: SessionRecord, parties: SessionParties, method: 'REQUEST' | 'CANCEL', reader: User, stamp: Date): string | null {
  if (!session.scheduledAt) return null;
  return invites.build({
    sessionId: session.id,
    sequence: session.inviteSequence,
    method,
    start: session.scheduledAt,
    durationMinutes: SESSION_LENGTH_MINUTES + (session.analysisRequested ? ANALYSIS_MINUTES : 0),
    stamp,
    timezone: zoneOf(reader, session.timezone),
    summary: `Chess training: ${displayName(parties.requester)} and ${parties.pro.title ?? ''} ${displayName(parties.pro)}`.replace('  ', ' '),
    description: `One-hour training session on Lichess (${session.minsPerSide} minutes per side).${session.videoCallUrl ? `\nVideo call: ${session.videoCallUrl}` : ''}`,
    videoCallUrl: session.videoCallUrl,
    organizer: { name: 'Titled Chess', email: parties.supportEmail },
    attendees: [
      { name: displayName(parties.requester), email: parties.requester.email },
      { name: displayName(parties.pro), email: parties.pro.email },
    ],
  });
}

/** One invite (or cancellation) per side, each in the reader's own timezone. */
function withInvite(
  invites: CalendarInvites,
  session: SessionRecord,
  parties: SessionParties,
  method: 'REQUEST' | 'CANCEL',
  reader: User,
  at: Date,
  subject: string,
  body: string,
): MailMessage {
  const zone = zoneOf(reader, session.timezone);
  const ics = inviteFor(invites, session, parties, method, reader, at);
  return {
    to: reader.email,
    subject,
    text: `${body}\n\nWhen: ${when(session, zone)}${session.videoCallUrl ? `\nVideo call: ${session.videoCallUrl}` : ''}`,
    attachments: ics ? [{ filename: `session-${session.id}.ics`, contentType: `text/calendar; charset=utf-8; method=${method}`, content: ics }] : undefined,
  };
}

/** Confirmation to both sides, each with an .ics invite (server.md 5.2). */
export function confirmationMails(invites: CalendarInvites, session: SessionRecord, parties: SessionParties, at: Date): MailMessage[] {
  const subject = `Training session #${session.id} confirmed`;
  return [
    withInvite(invites, session, parties, 'REQUEST', parties.requester, at, subject, `${displayName(parties.pro)} confirmed your training session. ${formatUsd(session.priceCents)} was charged from your held credits.`),
    withInvite(invites, session, parties, 'REQUEST', parties.pro, at, subject, `You confirmed the training session with ${displayName(parties.requester)}.`),
  ];
}

export function declineMail(session: SessionRecord, parties: SessionParties): MailMessage {
  return {
    to: parties.requester.email,
    subject: `Training session request #${session.id} declined`,
    text: `${displayName(parties.pro)} cannot take this session. The ${formatUsd(session.priceCents)} held for it is back in your balance.`,
  };
}

/** Cancellation to both sides; a confirmed session's invite is withdrawn with METHOD:CANCEL. */
export function cancellationMails(
  invites: CalendarInvites,
  session: SessionRecord,
  parties: SessionParties,
  at: Date,
  money: 'release' | 'refund' | 'pay_pro',
): MailMessage[] {
  const subject = `Training session #${session.id} canceled`;
  const forRequester =
    money === 'pay_pro'
      ? `The session was canceled less than 24 hours before its start, so the ${formatUsd(session.priceCents)} is not refunded.`
      : `The session was canceled. ${formatUsd(session.priceCents)} is back in your balance.`;
  const forPro = money === 'pay_pro' ? 'The session was canceled late; you are paid for it as agreed.' : 'The session was canceled.';
  return [
    withInvite(invites, session, parties, 'CANCEL', parties.requester, at, subject, forRequester),
    withInvite(invites, session, parties, 'CANCEL', parties.pro, at, subject, forPro),
  ];
}

export function problemMail(session: SessionRecord, parties: SessionParties, report: string): MailMessage {
  return {
    to: parties.supportEmail,
    subject: `[support] Problem reported with training session #${session.id}`,
    text: `${displayName(parties.requester)} reported a problem:\n\n${report}\n\n${requestDetails(session, parties)}\n\nResolve it in the admin screens (refund or pay).`,
    replyTo: parties.requester.email,
  };
}
