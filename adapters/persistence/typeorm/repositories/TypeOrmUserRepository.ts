import { inject, injectable } from 'inversify';
import type { NewUser, UserCredentials, UserRepository, UserSearch } from '../../../../application/ports/users';
import { AppError } from '../../../../domain/errors';
import { isTitle, type Role, type Title } from '../../../../domain/limits';
import type { OpponentProfile } from '../../../../domain/opponents';
import { normalizeEmail, type ProfilePatch, type User } from '../../../../domain/user';
import { Database } from '../database';
import { bool, dateOrNull, num, runOn, str, strOrNull, uniqueViolation, type Row, type SqlValue } from '../sql';
import { clampLimit, escapeLike, isNumberedVariant, nextFreeUsername, searchNeedle, usernameBase } from '../../repository-rules';
import { userFromRow } from './rows';

/** Column for each editable profile field (onlineSchedule is split in two columns, handled apart). */
const PATCH_COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  timezone: 'timezone',
  lichessUsername: 'lichess_username',
  incomingChallengeAlertEnabled: 'incoming_challenge_alert_enabled',
  title: 'title',
  lichessBulletRating: 'lichess_bullet_rating',
  lichessBlitzRating: 'lichess_blitz_rating',
  lichessRapidRating: 'lichess_rapid_rating',
  pricePerMinCents: 'price_per_min_cents',
  minsPerSideMin: 'mins_per_side_min',
  minsPerSideMax: 'mins_per_side_max',
  availableForScheduledChallenges: 'available_for_scheduled_challenges',
  providesPostgameAnalysis: 'provides_postgame_analysis',
  online: 'online',
  onlineChangedAt: 'online_changed_at',
} as const satisfies Record<Exclude<keyof ProfilePatch, 'onlineSchedule'> | 'onlineChangedAt', string>;

/**
 * Every users column but the password hash: the session lookup runs on every authenticated request (the 1 Hz poll
 * too) and needs the user, never their credentials. Only findCredentialsByEmail reads the hash.
 */
export const USER_COLUMNS = `id, username, email, role, credits_cents, profile_filename, online, online_changed_at, last_seen_at, timezone,
  lichess_username, lichess_bullet_rating, lichess_blitz_rating, lichess_rapid_rating, price_per_min_cents, mins_per_side_min,
  mins_per_side_max, online_schedule_from, online_schedule_to, title, first_name, last_name, incoming_challenge_alert_enabled,
  provides_postgame_analysis, available_for_scheduled_challenges, created_at`;

/** A username may collide with a concurrent sign-up between our look-up and insert: retry a few times. */
const USERNAME_ATTEMPTS = 20;

@injectable()
export class TypeOrmUserRepository implements UserRepository {
  constructor(@inject(Database) private readonly database: Database) {}

  async create(input: NewUser): Promise<User> {
    const email = normalizeEmail(input.email);
    if (await this.findByEmail(email)) throw new AppError('user_exists');
    const base = usernameBase(input.username);
    const taken = await this.usernamesLike(base);
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt += 1) {
      const username = nextFreeUsername(base, taken);
      try {
        // ON CONFLICT (username) turns a username race into "no row"; an e-mail race still raises below.
        const { rows } = await runOn(
          this.database,
          `INSERT INTO users (username, email, password_hash, timezone, role, created_at)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (username) DO NOTHING
           RETURNING ${USER_COLUMNS}`,
          [username, email, input.passwordHash, input.timezone, input.role ?? 'regular', new Date()],
        );
        const row = rows[0];
        if (row) return userFromRow(row);
        taken.add(username);
      } catch (error) {
        if (uniqueViolation(error) === 'uq_users_email') throw new AppError('user_exists');
        throw error;
      }
    }
    throw new AppError('internal', `No free username found for "${base}"`);
  }

  async findById(id: number): Promise<User | null> {
    const { rows } = await runOn(this.database, `SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows[0] ? userFromRow(rows[0]) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const { rows } = await runOn(this.database, `SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [normalizeEmail(email)]);
    return rows[0] ? userFromRow(rows[0]) : null;
  }

  async findCredentialsByEmail(email: string): Promise<UserCredentials | null> {
    const { rows } = await runOn(this.database, `SELECT * FROM users WHERE email = $1`, [normalizeEmail(email)]);
    const row = rows[0];
    if (!row) return null;
    return { user: userFromRow(row), passwordHash: row.password_hash === null ? null : str(row.password_hash) };
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    const { affected } = await runOn(this.database, `UPDATE users SET password_hash = $2 WHERE id = $1`, [userId, passwordHash]);
    if (affected === 0) throw new AppError('not_found', `No user ${userId}`);
  }

  async updateProfile(userId: number, patch: ProfilePatch & { onlineChangedAt?: Date | null }): Promise<User> {
    const assignments: string[] = [];
    const params: SqlValue[] = [userId];
    const set = (column: string, value: SqlValue) => {
      params.push(value);
      assignments.push(`${column} = $${params.length}`);
    };
    for (const [field, column] of Object.entries(PATCH_COLUMNS)) {
      const value = (patch as Record<string, unknown>)[field];
      if (value === undefined) continue;
      set(column, value as SqlValue);
    }
    if (patch.onlineSchedule !== undefined) {
      set('online_schedule_from', patch.onlineSchedule?.from ?? null);
      set('online_schedule_to', patch.onlineSchedule?.to ?? null);
    }
    if (assignments.length === 0) return this.requireUser(userId);
    return this.updateReturning(`UPDATE users SET ${assignments.join(', ')} WHERE id = $1 RETURNING ${USER_COLUMNS}`, params, userId);
  }

  setProfileFilename(userId: number, filename: string): Promise<User> {
    return this.updateReturning(`UPDATE users SET profile_filename = $2 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [userId, filename], userId);
  }

  setRole(userId: number, role: Role, title: Title | null): Promise<User> {
    return this.updateReturning(`UPDATE users SET role = $2, title = $3 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [userId, role, title], userId);
  }

  async search(search: UserSearch): Promise<User[]> {
    const pattern = `%${escapeLike(searchNeedle(search.query))}%`;
    const { rows } = await runOn(
      this.database,
      `SELECT ${USER_COLUMNS} FROM users
       WHERE lower(email) LIKE $1 ESCAPE '\\' OR lower(username) LIKE $1 ESCAPE '\\'
          OR lower(first_name) LIKE $1 ESCAPE '\\' OR lower(last_name) LIKE $1 ESCAPE '\\'
       ORDER BY created_at DESC, id DESC
       LIMIT $2`,
      [pattern, clampLimit(search.limit)],
    );
    return rows.map(userFromRow);
  }

  async listTitledPlayers(): Promise<OpponentProfile[]> {
    // Polled every second by every open play screen: one query, only the public columns an opponent needs.
    const { rows } = await runOn(
      this.database,
      `SELECT id, username, online, last_seen_at, price_per_min_cents, mins_per_side_min, mins_per_side_max,
              profile_filename, title, first_name, last_name, lichess_bullet_rating, lichess_blitz_rating,
              lichess_rapid_rating, provides_postgame_analysis, available_for_scheduled_challenges
       FROM users WHERE role = 'pro' AND price_per_min_cents > 0 ORDER BY id`, // domain isListed: complete profiles only
    );
    return rows.map(opponentProfileFromRow);
  }

  async markSeen(userId: number, at: Date, minIntervalMs: number): Promise<boolean> {
    // One conditional write: concurrent polls of one user cannot both write, and time never moves backwards.
    const { affected } = await runOn(
      this.database,
      `UPDATE users SET last_seen_at = $2 WHERE id = $1 AND (last_seen_at IS NULL OR last_seen_at < $3)`,
      [userId, at, new Date(at.getTime() - minIntervalMs)],
    );
    return affected > 0;
  }

  async listOnlineWithSchedule(): Promise<Pick<User, 'id' | 'online' | 'onlineSchedule' | 'onlineChangedAt' | 'timezone'>[]> {
    const { rows } = await runOn(
      this.database,
      `SELECT id, online, online_schedule_from, online_schedule_to, online_changed_at, timezone FROM users
       WHERE role IN ('pro', 'admin') AND online = $1 AND online_schedule_from IS NOT NULL AND online_schedule_to IS NOT NULL`,
      [true],
    );
    return rows.map((row) => ({
      id: num(row.id),
      online: bool(row.online),
      onlineSchedule: { from: str(row.online_schedule_from), to: str(row.online_schedule_to) },
      onlineChangedAt: dateOrNull(row.online_changed_at),
      timezone: strOrNull(row.timezone),
    }));
  }

  async goOfflineBySchedule(userId: number, offHoursStart: Date): Promise<boolean> {
    const { affected } = await runOn(
      this.database,
      `UPDATE users SET online = $3 WHERE id = $1 AND online = $4 AND (online_changed_at IS NULL OR online_changed_at < $2)`,
      [userId, offHoursStart, false, true],
    );
    return affected > 0;
  }

  private async usernamesLike(base: string): Promise<Set<string>> {
    const { rows } = await runOn(this.database, `SELECT username FROM users WHERE username LIKE $1 ESCAPE '\\'`, [
      `${escapeLike(base)}%`,
    ]);
    // LIKE is case-insensitive on SQLite and matches longer names: keep exact numbered variants only.
    return new Set(rows.map((r) => str(r.username)).filter((name) => isNumberedVariant(base, name)));
  }

  private async requireUser(userId: number): Promise<User> {
    const user = await this.findById(userId);
    if (!user) throw new AppError('not_found', `No user ${userId}`);
    return user;
  }

  private async updateReturning(sql: string, params: SqlValue[], userId: number): Promise<User> {
    const { rows } = await runOn(this.database, sql, params);
    if (!rows[0]) throw new AppError('not_found', `No user ${userId}`);
    return userFromRow(rows[0]);
  }
}

/** Maps a listTitledPlayers row (role is pro by the query's filter). */
function opponentProfileFromRow(row: Row): OpponentProfile {
  const title = strOrNull(row.title);
  if (title !== null && !isTitle(title)) throw new Error(`Unknown title in users row: ${title}`);
  return {
    id: num(row.id),
    username: str(row.username),
    role: 'pro',
    online: bool(row.online),
    lastSeenAt: dateOrNull(row.last_seen_at),
    pricePerMinCents: num(row.price_per_min_cents),
    minsPerSideMin: num(row.mins_per_side_min),
    minsPerSideMax: num(row.mins_per_side_max),
    profileFilename: strOrNull(row.profile_filename),
    title,
    firstName: str(row.first_name),
    lastName: str(row.last_name),
    lichessBulletRating: num(row.lichess_bullet_rating),
    lichessBlitzRating: num(row.lichess_blitz_rating),
    lichessRapidRating: num(row.lichess_rapid_rating),
    providesPostgameAnalysis: bool(row.provides_postgame_analysis),
    availableForScheduledChallenges: bool(row.available_for_scheduled_challenges),
  };
}
