import { AppError } from '../../domain/errors';
import type { MailMessage } from '../../application/ports/services';

/**
 * One plain address, nothing else: no display name, no list, no whitespace. A `to` such as
 * "a@x.com, b@y.com" would otherwise be read by mail libraries as two recipients.
 */
const SINGLE_ADDRESS = /^[^\s@<>,;:"'()[\]\\]{1,64}@[^\s@<>,;:"'()[\]\\]+\.[^\s@<>,;:"'()[\]\\]+$/;

export function isSingleAddress(value: string): boolean {
  return value.length <= 254 && SINGLE_ADDRESS.test(value);
}

/**
 * Checks a message before any transport sees it and returns a copy safe to hand on: recipients must be single
 * addresses and the subject loses line breaks, so text from users can never add header lines.
 */
export function checkedMessage(message: MailMessage): MailMessage {
  if (!isSingleAddress(message.to)) {
    throw AppError.validation([{ path: 'to', message: 'must be a single e-mail address' }]);
  }
  if (message.replyTo !== undefined && !isSingleAddress(message.replyTo)) {
    throw AppError.validation([{ path: 'replyTo', message: 'must be a single e-mail address' }]);
  }
  return {
    ...message,
    subject: message.subject.replace(/[\r\n]+/g, ' ').trim(),
    attachments: message.attachments?.map((attachment) => ({ ...attachment })),
  };
}
