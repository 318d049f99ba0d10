import type { Cents } from './money';
import type { User } from './user';

/**
 * What the product needs to know about a titled player to list them as an opponent: public profile fields plus
 * the presence inputs. Deliberately no e-mail, balance or other private field, so nothing private can leak
 * into an opponent list by accident.
 */
export type OpponentProfile = Pick<
  User,
  | 'id'
  | 'username'
  | 'role'
  | 'online'
  | 'lastSeenAt'
  | 'pricePerMinCents'
  | 'minsPerSideMin'
  | 'minsPerSideMax'
  | 'profileFilename'
  | 'title'
  | 'firstName'
  | 'lastName'
  | 'lichessBulletRating'
  | 'lichessBlitzRating'
  | 'lichessRapidRating'
  | 'providesPostgameAnalysis'
  | 'availableForScheduledChallenges'
>;

/** The spec's Opponent entity inside the server (money in cents; the HTTP presenter turns it into US$). */
export interface Opponent {
  userId: number;
  username: string;
  pricePerMinCents: Cents;
  /** Derived availability (server.md 4.1), not the raw toggle: a stale pro shows as unavailable. */
  online: boolean;
  minsPerSideMin: number;
  minsPerSideMax: number;
  profileFilename: string | null;
  title: User['title'];
  firstName: string;
  lastName: string;
  lichessBulletRating: number;
  lichessBlitzRating: number;
  lichessRapidRating: number;
  providesPostgameAnalysis: boolean;
  postgameAnalysisPriceCents: Cents | null;
  availableForScheduledChallenges: boolean;
}

/**
 * A titled player is listed (public roster, Play, Schedule, challengeable) only once their profile is complete:
 * a price per minute. A newly promoted player with price 0 would otherwise be offered at once, free and without
 * ratings. The SQL repository applies the same rule in its query (see listTitledPlayers).
 */
export function isListed(profile: Pick<User, 'role' | 'pricePerMinCents'>): boolean {
  return profile.role === 'pro' && profile.pricePerMinCents > 0;
}

/** What a titled player still has to fill in before players see them; empty when listed. For the admin's screen. */
export function listingGaps(profile: Pick<User, 'role' | 'pricePerMinCents'>): string[] {
  if (profile.role !== 'pro') return [];
  const gaps: string[] = [];
  if (profile.pricePerMinCents <= 0) gaps.push('price per minute');
  return gaps;
}

/** Post-game analysis lasts 15 minutes at the player's per-minute rate (server.md 5.1, spec section 9). */
export const POSTGAME_ANALYSIS_MINUTES = 15;

/**
 * A signed-in poll marks its user seen at most this often: the client polls every second, and one write per
 * user per 15 s keeps presence fresh (well inside the 90 s timeout) without a write per poll (server.md 4.1).
 */
export const PRESENCE_WRITE_INTERVAL_MS = 15_000;

/**
 * True when the stored sighting is recent enough that a poll need not even try to write one. The session has
 * just loaded the user, so this saves a write statement on most polls; the conditional UPDATE in markSeen
 * still settles concurrent polls.
 */
export function seenWithin(lastSeenAt: Date | null, now: Date, intervalMs: number): boolean {
  if (!lastSeenAt) return false;
  const age = now.getTime() - lastSeenAt.getTime();
  return age >= 0 && age < intervalMs;
}

type AvailabilityInputs = Pick<User, 'role' | 'online' | 'lastSeenAt' | 'minsPerSideMin' | 'minsPerSideMax'>;

/**
 * Whether a titled player can be challenged now (server.md 4.1): role pro, the online toggle on, seen within
 * the presence timeout (inclusive: exactly `presenceTimeoutSeconds` ago still counts), and, when the caller
 * gives a time control, `minsPerSide` inside the player's inclusive range. "Not the sender" is the caller's
 * check: this function does not know who asks. A `lastSeenAt` slightly in the future (another server process
 * with a clock a little ahead) counts as seen.
 */
export function isAvailable(pro: AvailabilityInputs, now: Date, presenceTimeoutSeconds: number, minsPerSide?: number): boolean {
  if (pro.role !== 'pro' || !pro.online || pro.lastSeenAt === null) return false;
  if (now.getTime() - pro.lastSeenAt.getTime() > presenceTimeoutSeconds * 1000) return false;
  if (minsPerSide === undefined) return true;
  return minsPerSide >= pro.minsPerSideMin && minsPerSide <= pro.minsPerSideMax;
}

/** 15 x the per-minute price when the player offers post-game analysis, else null ('Not available'). */
export function postgameAnalysisPriceCents(user: Pick<User, 'providesPostgameAnalysis' | 'pricePerMinCents'>): Cents | null {
  return user.providesPostgameAnalysis ? POSTGAME_ANALYSIS_MINUTES * user.pricePerMinCents : null;
}

/** The opponent a titled player appears as at `now`. */
export function opponentFrom(profile: OpponentProfile, now: Date, presenceTimeoutSeconds: number): Opponent {
  return {
    userId: profile.id,
    username: profile.username,
    pricePerMinCents: profile.pricePerMinCents,
    online: isAvailable(profile, now, presenceTimeoutSeconds),
    minsPerSideMin: profile.minsPerSideMin,
    minsPerSideMax: profile.minsPerSideMax,
    profileFilename: profile.profileFilename,
    title: profile.title,
    firstName: profile.firstName,
    lastName: profile.lastName,
    lichessBulletRating: profile.lichessBulletRating,
    lichessBlitzRating: profile.lichessBlitzRating,
    lichessRapidRating: profile.lichessRapidRating,
    providesPostgameAnalysis: profile.providesPostgameAnalysis,
    postgameAnalysisPriceCents: postgameAnalysisPriceCents(profile),
    availableForScheduledChallenges: profile.availableForScheduledChallenges,
  };
}
