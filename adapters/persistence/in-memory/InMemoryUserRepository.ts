import { injectable } from 'inversify';
import type { NewUser, UserCredentials, UserRepository, UserSearch } from '../../../application/ports/users';
import { AppError } from '../../../domain/errors';
import type { Role, Title } from '../../../domain/limits';
import { isListed, type OpponentProfile } from '../../../domain/opponents';
import { newUserDefaults, normalizeEmail, type ProfilePatch, type User } from '../../../domain/user';
import type { InMemoryTransactional } from './InMemoryUnitOfWork';
import { clampLimit, nextFreeUsername, PROFILE_PATCH_FIELDS, searchNeedle, usernameBase } from '../repository-rules';

interface StoredUser {
  user: User;
  passwordHash: string | null;
}

/** Copies so callers can never mutate what is stored (a database would not let them either). */
function copy(user: User): User {
  return {
    ...user,
    onlineChangedAt: user.onlineChangedAt ? new Date(user.onlineChangedAt) : null,
    lastSeenAt: user.lastSeenAt ? new Date(user.lastSeenAt) : null,
    onlineSchedule: user.onlineSchedule ? { ...user.onlineSchedule } : null,
    createdAt: new Date(user.createdAt),
  };
}

/**
 * Users in a Map. Every method does its check and its write without an `await` in between, so concurrent calls
 * cannot interleave inside one (the same guarantee the SQL version gets from unique constraints).
 */
@injectable()
export class InMemoryUserRepository implements UserRepository, InMemoryTransactional {
  private users = new Map<number, StoredUser>();
  private nextId = 1;

  snapshot(): unknown {
    return structuredClone({ users: this.users, nextId: this.nextId });
  }

  restore(snapshot: unknown): void {
    const state = structuredClone(snapshot) as { users: Map<number, StoredUser>; nextId: number };
    this.users = state.users;
    this.nextId = state.nextId;
  }

  async create(input: NewUser): Promise<User> {
    const email = normalizeEmail(input.email);
    if (this.byEmail(email)) throw new AppError('user_exists');
    const taken = new Set([...this.users.values()].map((s) => s.user.username));
    const user: User = {
      ...newUserDefaults(),
      id: this.nextId++,
      username: nextFreeUsername(usernameBase(input.username), taken),
      email,
      timezone: input.timezone,
      role: input.role ?? 'regular',
      createdAt: new Date(),
    };
    this.users.set(user.id, { user, passwordHash: input.passwordHash });
    return copy(user);
  }

  async findById(id: number): Promise<User | null> {
    const stored = this.users.get(id);
    return stored ? copy(stored.user) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const stored = this.byEmail(normalizeEmail(email));
    return stored ? copy(stored.user) : null;
  }

  async findCredentialsByEmail(email: string): Promise<UserCredentials | null> {
    const stored = this.byEmail(normalizeEmail(email));
    return stored ? { user: copy(stored.user), passwordHash: stored.passwordHash } : null;
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    this.require(userId).passwordHash = passwordHash;
  }

  async updateProfile(userId: number, patch: ProfilePatch & { onlineChangedAt?: Date | null }): Promise<User> {
    const stored = this.require(userId);
    const changes: Record<string, unknown> = {};
    for (const field of PROFILE_PATCH_FIELDS) {
      const value = patch[field];
      if (value === undefined) continue;
      changes[field] = value instanceof Date ? new Date(value) : field === 'onlineSchedule' && value ? { ...(value as object) } : value;
    }
    stored.user = { ...stored.user, ...(changes as Partial<User>) };
    return copy(stored.user);
  }

  async setProfileFilename(userId: number, filename: string): Promise<User> {
    const stored = this.require(userId);
    stored.user = { ...stored.user, profileFilename: filename };
    return copy(stored.user);
  }

  async setRole(userId: number, role: Role, title: Title | null): Promise<User> {
    const stored = this.require(userId);
    stored.user = { ...stored.user, role, title };
    return copy(stored.user);
  }

  async search(search: UserSearch): Promise<User[]> {
    const needle = searchNeedle(search.query);
    return [...this.users.values()]
      .map((s) => s.user)
      .filter((u) => [u.email, u.username, u.firstName, u.lastName].some((field) => field.toLowerCase().includes(needle)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .slice(0, clampLimit(search.limit))
      .map(copy);
  }

  async listTitledPlayers(): Promise<OpponentProfile[]> {
    return [...this.users.values()]
      .map((s) => s.user)
      .filter(isListed)
      .sort((a, b) => a.id - b.id)
      .map((u) => ({
        id: u.id,
        username: u.username,
        role: u.role,
        online: u.online,
        lastSeenAt: u.lastSeenAt ? new Date(u.lastSeenAt) : null,
        pricePerMinCents: u.pricePerMinCents,
        minsPerSideMin: u.minsPerSideMin,
        minsPerSideMax: u.minsPerSideMax,
        profileFilename: u.profileFilename,
        title: u.title,
        firstName: u.firstName,
        lastName: u.lastName,
        lichessBulletRating: u.lichessBulletRating,
        lichessBlitzRating: u.lichessBlitzRating,
        lichessRapidRating: u.lichessRapidRating,
        providesPostgameAnalysis: u.providesPostgameAnalysis,
        availableForScheduledChallenges: u.availableForScheduledChallenges,
      }));
  }

  async markSeen(userId: number, at: Date, minIntervalMs: number): Promise<boolean> {
    const stored = this.users.get(userId);
    if (!stored) return false;
    const last = stored.user.lastSeenAt;
    if (last !== null && last.getTime() >= at.getTime() - minIntervalMs) return false;
    stored.user = { ...stored.user, lastSeenAt: new Date(at) };
    return true;
  }

  /**
   * The in-memory ledger calls this in the same step as each transfer touching a user's available account,
   * as the SQL ledger updates users.credits_cents in the transfer's transaction (config/modules/credits.ts).
   */
  async listOnlineWithSchedule(): Promise<Pick<User, 'id' | 'online' | 'onlineSchedule' | 'onlineChangedAt' | 'timezone'>[]> {
    return [...this.users.values()]
      .map((s) => s.user)
      .filter((u) => (u.role === 'pro' || u.role === 'admin') && u.online && u.onlineSchedule !== null)
      .sort((a, b) => a.id - b.id)
      .map((u) => {
        const c = copy(u);
        return { id: c.id, online: c.online, onlineSchedule: c.onlineSchedule, onlineChangedAt: c.onlineChangedAt, timezone: c.timezone };
      });
  }

  async goOfflineBySchedule(userId: number, offHoursStart: Date): Promise<boolean> {
    const stored = this.users.get(userId);
    if (!stored || !stored.user.online) return false;
    const changed = stored.user.onlineChangedAt;
    if (changed && changed.getTime() >= offHoursStart.getTime()) return false;
    stored.user = { ...stored.user, online: false };
    return true;
  }

  setCachedCredits(userId: number, cents: number): void {
    const stored = this.users.get(userId);
    if (stored) stored.user = { ...stored.user, creditsCents: cents };
  }

  private byEmail(email: string): StoredUser | undefined {
    for (const stored of this.users.values()) if (stored.user.email === email) return stored;
    return undefined;
  }

  private require(userId: number): StoredUser {
    const stored = this.users.get(userId);
    if (!stored) throw new AppError('not_found', `No user ${userId}`);
    return stored;
  }
}
