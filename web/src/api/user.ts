/** The User entity as the web client receives it (spec section 3, camelCase, money in US$). */
export type Role = 'regular' | 'pro' | 'admin';

export interface OnlineSchedule {
  from: string;
  to: string;
}

export interface User {
  id: number;
  username: string;
  email: string;
  role: Role;
  credits: number;
  profileFilename: string | null;
  online: boolean;
  timezone: string | null;
  lichessUsername: string;
  lichessBulletRating: number;
  lichessBlitzRating: number;
  lichessRapidRating: number;
  pricePerMin: number;
  minsPerSideMin: number;
  minsPerSideMax: number;
  onlineSchedule: OnlineSchedule | null;
  title: string | null;
  firstName: string;
  lastName: string;
  incomingChallengeAlertEnabled: boolean;
  providesPostgameAnalysis: boolean;
  availableForScheduledChallenges: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);
const nullableStr = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * Shape check for a user from the server or local storage (spec section 5: data that fails shape checks is
 * dropped, i.e. treated as null). Identity fields must be right; optional fields fall back to spec defaults.
 */
export function parseUser(value: unknown): User | null {
  if (!isRecord(value)) return null;
  if (typeof value.id !== 'number' || typeof value.email !== 'string') return null;
  const role = value.role;
  if (role !== 'regular' && role !== 'pro' && role !== 'admin') return null;
  const schedule = value.onlineSchedule;
  const onlineSchedule =
    isRecord(schedule) && typeof schedule.from === 'string' && typeof schedule.to === 'string'
      ? { from: schedule.from, to: schedule.to }
      : null;
  return {
    id: value.id,
    username: str(value.username),
    email: value.email,
    role,
    credits: num(value.credits),
    profileFilename: nullableStr(value.profileFilename),
    online: bool(value.online, false),
    timezone: nullableStr(value.timezone),
    lichessUsername: str(value.lichessUsername),
    lichessBulletRating: num(value.lichessBulletRating),
    lichessBlitzRating: num(value.lichessBlitzRating),
    lichessRapidRating: num(value.lichessRapidRating),
    pricePerMin: num(value.pricePerMin),
    minsPerSideMin: num(value.minsPerSideMin, 1),
    minsPerSideMax: num(value.minsPerSideMax, 120),
    onlineSchedule,
    title: nullableStr(value.title),
    firstName: str(value.firstName),
    lastName: str(value.lastName),
    incomingChallengeAlertEnabled: bool(value.incomingChallengeAlertEnabled, false),
    providesPostgameAnalysis: bool(value.providesPostgameAnalysis, false),
    availableForScheduledChallenges: bool(value.availableForScheduledChallenges, true),
  };
}

export function isProLike(user: Pick<User, 'role'> | null): boolean {
  return user !== null && (user.role === 'pro' || user.role === 'admin');
}

export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email;
}

export function profileImageUrl(filename: string | null): string | null {
  return filename ? `/api/get_profile_image/${encodeURIComponent(filename)}` : null;
}
