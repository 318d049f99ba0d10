import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject, injectable } from 'inversify';
import type { MailAttachment, MailMessage, Mailer } from '../../application/ports/services';
import { checkedMessage } from './message-rules';

export const OutboxMailerOptions = Symbol.for('OutboxMailerOptions');
export interface OutboxMailerOptions {
  /** Folder the messages are written to (created when missing). */
  directory: string;
  from: string;
}

export interface OutboxSummary {
  id: string;
  to: string;
  subject: string;
  /** ISO 8601. */
  date: string;
}

export interface OutboxMessage extends OutboxSummary {
  from: string;
  replyTo?: string;
  text: string;
  html?: string;
  attachments: MailAttachment[];
}

export interface OutboxFilter {
  to?: string;
  limit?: number;
}

/** `20261122T020106123Z-a1b2c3d4e5f6`: a sortable UTC timestamp and a random suffix. Nothing else is an id. */
const OUTBOX_ID = /^\d{8}T\d{9}Z-[0-9a-f]{12}$/;

export function isOutboxId(id: string): boolean {
  return OUTBOX_ID.test(id);
}

/**
 * Development and test mailer: each message becomes one JSON file in a folder, newest listed first, so people
 * and browser tests can read what "was sent" (for example password reset links) at /dev/outbox.
 */
@injectable()
export class OutboxMailer implements Mailer {
  private lastMillis = 0;

  constructor(@inject(OutboxMailerOptions) private readonly options: OutboxMailerOptions) {}

  async send(message: MailMessage): Promise<void> {
    const checked = checkedMessage(message);
    const date = this.nextDate();
    const id = `${date.toISOString().replace(/[-:.]/g, '')}-${randomBytes(6).toString('hex')}`;
    const stored: OutboxMessage = {
      id,
      date: date.toISOString(),
      from: this.options.from,
      to: checked.to,
      replyTo: checked.replyTo,
      subject: checked.subject,
      text: checked.text,
      html: checked.html,
      attachments: checked.attachments ?? [],
    };
    await mkdir(this.options.directory, { recursive: true });
    // Write then rename, so a reader never sees a half-written file.
    const temporary = join(this.options.directory, `.${id}.tmp`);
    await writeFile(temporary, JSON.stringify(stored, null, 2), 'utf8');
    await rename(temporary, this.pathOf(id));
  }

  /** Summaries, newest first; optionally only those sent to one address (compared case-insensitively). */
  async list(filter: OutboxFilter = {}): Promise<OutboxSummary[]> {
    const messages = await this.listMessages(filter);
    return messages.map(({ id, to, subject, date }) => ({ id, to, subject, date }));
  }

  /** Whole messages, newest first, at most `limit` (default 200) after filtering. */
  async listMessages(filter: OutboxFilter = {}): Promise<OutboxMessage[]> {
    const wanted = filter.to?.trim().toLowerCase();
    const limit = filter.limit ?? 200;
    const messages: OutboxMessage[] = [];
    for (const id of await this.ids()) {
      if (messages.length >= limit) break;
      const message = await this.read(id);
      if (!message) continue;
      if (wanted !== undefined && message.to.toLowerCase() !== wanted) continue;
      messages.push(message);
    }
    return messages;
  }

  /** The stored message, or null for an unknown or malformed id (checked before any path is built). */
  async read(id: string): Promise<OutboxMessage | null> {
    if (!isOutboxId(id)) return null;
    try {
      return JSON.parse(await readFile(this.pathOf(id), 'utf8')) as OutboxMessage;
    } catch {
      return null;
    }
  }

  private async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.options.directory);
    } catch {
      return [];
    }
    return names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter(isOutboxId)
      .sort()
      .reverse();
  }

  private pathOf(id: string): string {
    return join(this.options.directory, `${id}.json`);
  }

  /** Strictly increasing per mailer, so messages sent within one millisecond still list in sending order. */
  private nextDate(): Date {
    this.lastMillis = Math.max(Date.now(), this.lastMillis + 1);
    return new Date(this.lastMillis);
  }
}
