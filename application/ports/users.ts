import type { User, ProfilePatch } from '../../domain/user';
import type { Role, Title } from '../../domain/limits';
import type { OpponentProfile } from '../../domain/opponents';

export interface NewUser {
  email: string;
  /** Preferred handle; the repository appends a number when it is taken. */
  username: string;
  passwordHash: string | null;
  timezone: string | null;
  role?: Role;
}

export interface UserCredentials {
  user: User;
  passwordHash: string | null;
}

export interface UserSearch {
  query: string;
  limit: number;
}

export const UserRepository = Symbol.for('UserRepository');
export interface UserRepository {
  /** Creates the user; raises AppError('user_exists') when the e-mail is taken (also under a race). */
  create(user: NewUser): Promise<User>;
  findById(id: number): Promise<User | null>;
  findByEmail(email: string): Promise<User | null>;
  findCredentialsByEmail(email: string): Promise<UserCredentials | null>;
  setPasswordHash(userId: number, passwordHash: string): Promise<void>;
  /** Applies the patch and returns the saved user; raises AppError('not_found') for an unknown id. */
  updateProfile(userId: number, patch: ProfilePatch & { onlineChangedAt?: Date | null }): Promise<User>;
  setProfileFilename(userId: number, filename: string): Promise<User>;
  setRole(userId: number, role: Role, title: Title | null): Promise<User>;
  /** E-mail, username, first or last name containing the query (case-insensitive), newest first. */
  search(search: UserSearch): Promise<User[]>;
  /**
   * Every listed titled player (domain isListed: role pro with a price set), ordered by id (stable), with only the
   * fields an opponent list needs. One query.
   */
  listTitledPlayers(): Promise<OpponentProfile[]>;
  /**
   * Sets last_seen_at to `at` in one conditional write, only when it is null or older than `at - minIntervalMs`
   * (so a client polling every second writes at most once per interval). True when it wrote. Never moves the
   * time backwards. An unknown id writes nothing and returns false.
   */
  markSeen(userId: number, at: Date, minIntervalMs: number): Promise<boolean>;
  /** Titled players who are online and have online hours: the online-schedule job's input. One query. */
  listOnlineWithSchedule(): Promise<Pick<User, 'id' | 'online' | 'onlineSchedule' | 'onlineChangedAt' | 'timezone'>[]>;
  /**
   * Sets the player offline because their off-hours started at `offHoursStart`, in one conditional write that
   * changes nothing when they went online by hand after that instant (or are offline already). Leaves
   * onlineChangedAt alone: it records manual changes only. True when it wrote.
   */
  goOfflineBySchedule(userId: number, offHoursStart: Date): Promise<boolean>;
}

export interface AuthTokenRecord {
  tokenHash: string;
  userId: number;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Opaque session tokens, stored hashed. */
export const AuthTokenRepository = Symbol.for('AuthTokenRepository');
export interface AuthTokenRepository {
  create(record: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void>;
  find(tokenHash: string): Promise<AuthTokenRecord | null>;
  /**
   * The token and its user in one read (every authenticated request, the 1 Hz poll included, starts here);
   * null when the token is unknown or its user is gone. Expiry and revocation are the caller's to judge.
   */
  findSession(tokenHash: string): Promise<{ record: AuthTokenRecord; user: User } | null>;
  /** Pushes the expiry forward (sliding sessions). */
  renew(tokenHash: string, expiresAt: Date): Promise<void>;
  revoke(tokenHash: string, at: Date): Promise<void>;
  /** Revokes every live token of the user except the one given. */
  revokeAllForUser(userId: number, at: Date, exceptTokenHash?: string): Promise<void>;
  /** Deletes tokens that expired or were revoked at or before `before`; returns how many. */
  purgeEnded(before: Date): Promise<number>;
  /** Of the given users, those holding a session still live at `now` (not revoked, expiring after `now`), ascending. */
  usersSignedIn(userIds: number[], now: Date): Promise<number[]>;
}

/** Single-use password reset tokens, stored hashed. */
export const PasswordResetRepository = Symbol.for('PasswordResetRepository');
export interface PasswordResetRepository {
  create(record: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void>;
  /**
   * Marks the token used and returns its user id, in one conditional write; null when it is unknown,
   * already used or expired. Two concurrent consumers: exactly one gets the id.
   */
  consume(tokenHash: string, now: Date): Promise<number | null>;
  /** Marks every open link of the user used: after a reset, older links must not work. */
  spendAllForUser(userId: number, now: Date): Promise<void>;
  /** Deletes links that expired or were used at or before `before`; returns how many. */
  purgeEnded(before: Date): Promise<number>;
}
