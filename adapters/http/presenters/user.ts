import { listingGaps } from '../../../domain/opponents';
import { centsToDollars } from '../../../domain/money';
import type { User } from '../../../domain/user';

/** The spec's User entity as sent on the wire (camelCase, money in US$). Lists every field it sends. */
export interface UserJson {
  id: number;
  username: string;
  email: string;
  role: User['role'];
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
  onlineSchedule: { from: string; to: string } | null;
  title: string | null;
  firstName: string;
  lastName: string;
  incomingChallengeAlertEnabled: boolean;
  providesPostgameAnalysis: boolean;
  availableForScheduledChallenges: boolean;
}

export function presentUser(user: User): UserJson {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    credits: centsToDollars(user.creditsCents),
    profileFilename: user.profileFilename,
    online: user.online,
    timezone: user.timezone,
    lichessUsername: user.lichessUsername,
    lichessBulletRating: user.lichessBulletRating,
    lichessBlitzRating: user.lichessBlitzRating,
    lichessRapidRating: user.lichessRapidRating,
    pricePerMin: centsToDollars(user.pricePerMinCents),
    minsPerSideMin: user.minsPerSideMin,
    minsPerSideMax: user.minsPerSideMax,
    onlineSchedule: user.onlineSchedule ? { from: user.onlineSchedule.from, to: user.onlineSchedule.to } : null,
    title: user.title,
    firstName: user.firstName,
    lastName: user.lastName,
    incomingChallengeAlertEnabled: user.incomingChallengeAlertEnabled,
    providesPostgameAnalysis: user.providesPostgameAnalysis,
    availableForScheduledChallenges: user.availableForScheduledChallenges,
  };
}

/** What an admin sees in the user list: the user plus when they joined. */
/** What an admin sees of a user: the user, when they joined and were last seen, and what keeps a pro unlisted. */
export function presentAdminUser(user: User): UserJson & { createdAt: string; lastSeenAt: string | null; listingGaps: string[] } {
  return { ...presentUser(user), createdAt: user.createdAt.toISOString(), lastSeenAt: user.lastSeenAt?.toISOString() ?? null, listingGaps: listingGaps(user) };
}
