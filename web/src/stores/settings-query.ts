import type { QueryValue } from '../api/ApiClient';
import type { OnlineSchedule } from '../api/user';

/** What the My Account form saves. Pro-only fields are absent for a regular user. */
export interface SettingsInput {
  firstName: string;
  lastName: string;
  timezone: string | null;
  lichessUsername: string;
  incomingChallengeAlertEnabled: boolean;
  pro?: {
    title: string | null;
    lichessBulletRating: number;
    lichessBlitzRating: number;
    lichessRapidRating: number;
    /** US$ on the wire. */
    pricePerMin: number;
    minsPerSideMin: number;
    minsPerSideMax: number;
    onlineSchedule: OnlineSchedule | null;
    availableForScheduledChallenges: boolean;
    providesPostgameAnalysis: boolean;
  };
}

/**
 * The query parameters of POST /api/save_settings (spec section 7): settings travel as query parameters,
 * a null timezone is omitted, and onlineSchedule becomes onlineScheduleFrom / onlineScheduleTo, both empty
 * strings when the schedule is cleared.
 */
export function settingsQuery(input: SettingsInput): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {
    firstName: input.firstName,
    lastName: input.lastName,
    lichessUsername: input.lichessUsername,
    incomingChallengeAlertEnabled: input.incomingChallengeAlertEnabled,
  };
  if (input.timezone !== null) query.timezone = input.timezone;
  const pro = input.pro;
  if (pro) {
    query.title = pro.title ?? '';
    query.lichessBulletRating = pro.lichessBulletRating;
    query.lichessBlitzRating = pro.lichessBlitzRating;
    query.lichessRapidRating = pro.lichessRapidRating;
    query.pricePerMin = pro.pricePerMin;
    query.minsPerSideMin = pro.minsPerSideMin;
    query.minsPerSideMax = pro.minsPerSideMax;
    query.onlineScheduleFrom = pro.onlineSchedule?.from ?? '';
    query.onlineScheduleTo = pro.onlineSchedule?.to ?? '';
    query.availableForScheduledChallenges = pro.availableForScheduledChallenges;
    query.providesPostgameAnalysis = pro.providesPostgameAnalysis;
  }
  return query;
}
