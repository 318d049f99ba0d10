import type { User } from '../../../../domain/user';
import { ROLES, isTitle, type Role } from '../../../../domain/limits';
import { bool, date, dateOrNull, num, str, strOrNull, type Row } from '../sql';

/** Maps raw `users` rows (either dialect) to the domain User. Unknown enum values fail loudly. */
export function userFromRow(row: Row): User {
  const role = str(row.role);
  if (!(ROLES as readonly string[]).includes(role)) throw new Error(`Unknown role in users row: ${role}`);
  const title = strOrNull(row.title);
  if (title !== null && !isTitle(title)) throw new Error(`Unknown title in users row: ${title}`);
  const from = strOrNull(row.online_schedule_from);
  const to = strOrNull(row.online_schedule_to);
  return {
    id: num(row.id),
    username: str(row.username),
    email: str(row.email),
    role: role as Role,
    creditsCents: num(row.credits_cents),
    profileFilename: strOrNull(row.profile_filename),
    online: bool(row.online),
    onlineChangedAt: dateOrNull(row.online_changed_at),
    lastSeenAt: dateOrNull(row.last_seen_at),
    timezone: strOrNull(row.timezone),
    lichessUsername: str(row.lichess_username),
    lichessBulletRating: num(row.lichess_bullet_rating),
    lichessBlitzRating: num(row.lichess_blitz_rating),
    lichessRapidRating: num(row.lichess_rapid_rating),
    pricePerMinCents: num(row.price_per_min_cents),
    minsPerSideMin: num(row.mins_per_side_min),
    minsPerSideMax: num(row.mins_per_side_max),
    onlineSchedule: from !== null && to !== null ? { from, to } : null,
    title: title as User['title'],
    firstName: str(row.first_name),
    lastName: str(row.last_name),
    incomingChallengeAlertEnabled: bool(row.incoming_challenge_alert_enabled),
    providesPostgameAnalysis: bool(row.provides_postgame_analysis),
    availableForScheduledChallenges: bool(row.available_for_scheduled_challenges),
    createdAt: date(row.created_at),
  };
}
