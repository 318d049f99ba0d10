/** Append-only records: contact messages, client logs, the admin audit log. */

export interface ContactMessage {
  name: string;
  email: string;
  lichess: string;
  chesscom: string;
  message: string;
  userId: number | null;
  createdAt: Date;
}

export const ContactMessageRepository = Symbol.for('ContactMessageRepository');
export interface ContactMessageRepository {
  add(message: ContactMessage): Promise<number>;
  list(limit: number): Promise<(ContactMessage & { id: number })[]>;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface ClientLogEntry {
  uuid: string;
  level: LogLevel;
  message: string;
  /** JSON text of the client's context object. */
  context: string;
  timestamp: Date;
  userId: number | null;
  appLoadUuid: string;
  receivedAt: Date;
}

export const ClientLogRepository = Symbol.for('ClientLogRepository');
export interface ClientLogRepository {
  /** Stores the entries; an entry whose uuid is already stored is skipped (flushes may repeat). */
  addMany(entries: ClientLogEntry[]): Promise<number>;
  list(limit: number): Promise<ClientLogEntry[]>;
  deleteOlderThan(cutoff: Date): Promise<number>;
}

export interface AuditRecord {
  actorUserId: number | null;
  action: string;
  targetUserId: number | null;
  /** JSON text describing the change. */
  details: string;
  at: Date;
}

export const AuditLogRepository = Symbol.for('AuditLogRepository');
export interface AuditLogRepository {
  add(record: AuditRecord): Promise<void>;
  list(limit: number): Promise<(AuditRecord & { id: number })[]>;
}

/** Short-lived OAuth login attempts (state -> PKCE verifier, nonce), consumed once by the callback. */
export interface OAuthAttempt {
  state: string;
  codeVerifier: string;
  nonce: string;
  timezone: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export const OAuthAttemptRepository = Symbol.for('OAuthAttemptRepository');
export interface OAuthAttemptRepository {
  create(attempt: OAuthAttempt): Promise<void>;
  /** Deletes and returns the attempt when it exists and has not expired; null otherwise. */
  consume(state: string, now: Date): Promise<OAuthAttempt | null>;
  /** Deletes attempts that expired at or before `now` (abandoned sign-ins); returns how many. */
  purgeExpired(now: Date): Promise<number>;
}
