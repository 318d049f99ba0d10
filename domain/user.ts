import type { Cents } from './money';
import type { Role, Title } from './limits';

export interface OnlineSchedule {
  /** HH:MM in the user's own timezone. `to` earlier than `from` spans midnight. */
  from: string;
  to: string;
}

/** A user as the application sees it. Money is integer cents; the wire format lives in the HTTP presenters. */
export interface User {
  id: number;
  username: string;
  email: string;
  role: Role;
  /** Available balance in cents (cached from the ledger, changed only together with a ledger transfer). */
  creditsCents: Cents;
  profileFilename: string | null;
  online: boolean;
  onlineChangedAt: Date | null;
  lastSeenAt: Date | null;
  timezone: string | null;
  lichessUsername: string;
  lichessBulletRating: number;
  lichessBlitzRating: number;
  lichessRapidRating: number;
  pricePerMinCents: Cents;
  minsPerSideMin: number;
  minsPerSideMax: number;
  onlineSchedule: OnlineSchedule | null;
  title: Title | null;
  firstName: string;
  lastName: string;
  incomingChallengeAlertEnabled: boolean;
  providesPostgameAnalysis: boolean;
  availableForScheduledChallenges: boolean;
  createdAt: Date;
}

/** Fields a new account starts with (spec section 3 defaults). */
export function newUserDefaults(): Omit<User, 'id' | 'username' | 'email' | 'createdAt' | 'timezone'> {
  return {
    role: 'regular',
    creditsCents: 0,
    profileFilename: null,
    online: false,
    onlineChangedAt: null,
    lastSeenAt: null,
    lichessUsername: '',
    lichessBulletRating: 0,
    lichessBlitzRating: 0,
    lichessRapidRating: 0,
    pricePerMinCents: 0,
    minsPerSideMin: 1,
    minsPerSideMax: 120,
    onlineSchedule: null,
    title: null,
    firstName: '',
    lastName: '',
    incomingChallengeAlertEnabled: false,
    providesPostgameAnalysis: false,
    availableForScheduledChallenges: true,
  };
}

/** Fields every signed-in user may edit on their own profile. */
export const COMMON_EDITABLE_FIELDS = [
  'firstName',
  'lastName',
  'timezone',
  'lichessUsername',
  'incomingChallengeAlertEnabled',
] as const;

/** Fields only a titled player (pro) or admin may edit (spec section 6). */
export const PRO_EDITABLE_FIELDS = [
  'title',
  'lichessBulletRating',
  'lichessBlitzRating',
  'lichessRapidRating',
  'pricePerMinCents',
  'minsPerSideMin',
  'minsPerSideMax',
  'onlineSchedule',
  'availableForScheduledChallenges',
  'providesPostgameAnalysis',
  'online',
] as const;

export type ProfilePatch = Partial<Pick<User, (typeof COMMON_EDITABLE_FIELDS)[number] | (typeof PRO_EDITABLE_FIELDS)[number]>>;

export function isProLike(role: Role): boolean {
  return role === 'pro' || role === 'admin';
}

/** Normalises an e-mail address for lookup and uniqueness: trimmed, lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A public handle derived from the e-mail's local part; uniqueness is settled by the repository. */
export function usernameFromEmail(email: string): string {
  const local = normalizeEmail(email).split('@')[0] ?? 'player';
  const cleaned = local.replace(/[^a-z0-9_.-]/g, '').slice(0, 40);
  return cleaned.length >= 2 ? cleaned : `player${cleaned}`;
}
