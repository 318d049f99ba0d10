import { inject, injectable } from 'inversify';
import { AppError, type ValidationIssue } from '../../domain/errors';
import { emailIssues } from '../../domain/accounts';
import { LIMITS } from '../../domain/limits';
import { MESSAGES } from '../../domain/messages';
import { ContactMessageRepository } from '../ports/records';
import { Mailer } from '../ports/services';
import { AppLogger, Clock } from '../ports/system';
import { AppSettings } from '../ports/settings';

export interface ContactInput {
  name: string;
  email: string;
  lichess: string;
  chesscom: string;
  message: string;
}

/** The contact form: every message is stored first, then e-mailed to the support address. */
@injectable()
export class ContactService {
  constructor(
    @inject(ContactMessageRepository) private readonly messages: ContactMessageRepository,
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppSettings) private readonly settings: AppSettings,
    @inject(AppLogger) private readonly logger: AppLogger,
  ) {}

  async send(input: ContactInput, userId: number | null): Promise<void> {
    const issues: ValidationIssue[] = [];
    if (input.name.trim() === '') issues.push({ path: 'name', message: MESSAGES.nameRequired });
    else if (input.name.length > LIMITS.text.name) issues.push({ path: 'name', message: 'Name is too long' });
    issues.push(...emailIssues(input.email));
    if (input.message.trim() === '') issues.push({ path: 'message', message: MESSAGES.messageRequired });
    else if (input.message.length > LIMITS.text.contactMessage) issues.push({ path: 'message', message: 'Message is too long' });
    for (const field of ['lichess', 'chesscom'] as const) {
      if (input[field].length > LIMITS.text.username) issues.push({ path: field, message: 'Username is too long' });
    }
    if (issues.length > 0) throw AppError.validation(issues);

    const record = {
      name: input.name.trim(),
      email: input.email.trim(),
      lichess: input.lichess.trim(),
      chesscom: input.chesscom.trim(),
      message: input.message.trim(),
      userId,
      createdAt: this.clock.now(),
    };
    const id = await this.messages.add(record);
    try {
      await this.mailer.send({
        to: this.settings.supportEmail,
        replyTo: record.email,
        subject: `Contact form: ${record.name}`,
        text:
          `From: ${record.name} <${record.email}>\n` +
          `Lichess: ${record.lichess || '-'}\nChess.com: ${record.chesscom || '-'}\n` +
          `User id: ${userId ?? 'visitor'}\nMessage #${id}\n\n${record.message}`,
      });
    } catch (error) {
      // The message is stored and visible to admins; a mail outage must not lose it or fail the visitor.
      this.logger.error({ contactMessageId: id, err: String(error) }, 'contact e-mail to support failed');
    }
  }
}
