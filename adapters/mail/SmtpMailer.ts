import { inject, injectable } from 'inversify';
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailMessage, Mailer } from '../../application/ports/services';
import { AppError } from '../../domain/errors';
import { checkedMessage } from './message-rules';

export const SmtpMailerOptions = Symbol.for('SmtpMailerOptions');
export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465 (TLS from the start). */
  smtpUrl: string;
  /** The From header, for example `Titled Chess <no-reply@titledchess.example>`. */
  from: string;
  /** Connection, greeting and idle time-out in milliseconds (default 15 s), so a dead server fails fast. */
  timeoutMs?: number;
}

/** Sends mail through an SMTP server with nodemailer. Delivery failures surface as AppError('internal'). */
@injectable()
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(@inject(SmtpMailerOptions) private readonly options: SmtpMailerOptions) {
    const timeout = options.timeoutMs ?? 15_000;
    this.transport = createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async send(message: MailMessage): Promise<void> {
    const checked = checkedMessage(message);
    try {
      const info = await this.transport.sendMail({
        from: this.options.from,
        to: checked.to,
        replyTo: checked.replyTo,
        subject: checked.subject,
        text: checked.text,
        html: checked.html,
        attachments: checked.attachments?.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
        })),
      });
      // A server may accept the transaction but refuse the only recipient; that is a failed delivery too.
      if (info.rejected.length > 0) throw new Error(`recipient refused: ${info.response}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AppError('internal', `SMTP delivery failed: ${reason}`);
    }
  }

  /** Closes pooled connections (none by default); for orderly shutdown. */
  close(): void {
    this.transport.close();
  }
}
