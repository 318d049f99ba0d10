import { z } from 'zod';
import { AppError, type ValidationIssue } from '../../../domain/errors';
import { dollarsToCents, hasAtMostTwoDecimals } from '../../../domain/money';
import { TITLES } from '../../../domain/limits';
import { MESSAGES } from '../../../domain/messages';
import type { ProfilePatch } from '../../../domain/user';

/**
 * The user's own editable fields as JSON (update_profile). Money is US$ on the wire and becomes cents here.
 * Range rules and their texts are the domain's (domain/profile.ts); this only checks shapes.
 */
export const profileJsonSchema = z
  .object({
    firstName: z.string().max(200),
    lastName: z.string().max(200),
    timezone: z.string().max(64).nullable(),
    lichessUsername: z.string().max(60),
    incomingChallengeAlertEnabled: z.boolean(),
    title: z.union([z.enum(TITLES), z.literal(''), z.null()]),
    lichessBulletRating: z.number(),
    lichessBlitzRating: z.number(),
    lichessRapidRating: z.number(),
    pricePerMin: z.number(),
    minsPerSideMin: z.number(),
    minsPerSideMax: z.number(),
    onlineSchedule: z.object({ from: z.string().max(5), to: z.string().max(5) }).strict().nullable(),
    availableForScheduledChallenges: z.boolean(),
    providesPostgameAnalysis: z.boolean(),
    online: z.boolean(),
  })
  .partial()
  .strict();

export type ProfileJson = z.infer<typeof profileJsonSchema>;

/** Converts the wire shape to a domain patch (cents, null title). */
export function toProfilePatch(input: ProfileJson): ProfilePatch {
  const { pricePerMin, title, ...rest } = input;
  const patch: ProfilePatch = { ...rest };
  if (title !== undefined) patch.title = title === '' ? null : title;
  if (pricePerMin !== undefined) {
    if (!hasAtMostTwoDecimals(pricePerMin)) {
      throw AppError.validation([{ path: 'pricePerMin', message: 'Price per minute must be from 0.1 to 5 USD, in steps of 0.01' }]);
    }
    patch.pricePerMinCents = dollarsToCents(pricePerMin);
  }
  return patch;
}

const SETTINGS_BOOLEANS = ['incomingChallengeAlertEnabled', 'availableForScheduledChallenges', 'providesPostgameAnalysis', 'online'] as const;
const SETTINGS_NUMBERS = [
  'lichessBulletRating',
  'lichessBlitzRating',
  'lichessRapidRating',
  'pricePerMin',
  'minsPerSideMin',
  'minsPerSideMax',
] as const;
const SETTINGS_STRINGS = ['firstName', 'lastName', 'timezone', 'lichessUsername', 'title'] as const;
const SETTINGS_KNOWN = new Set<string>([
  ...SETTINGS_BOOLEANS,
  ...SETTINGS_NUMBERS,
  ...SETTINGS_STRINGS,
  'onlineScheduleFrom',
  'onlineScheduleTo',
  't',
]);

/**
 * save_settings sends the settings as query parameters (spec section 7): onlineSchedule as
 * onlineScheduleFrom / onlineScheduleTo (both empty = no schedule), a null timezone omitted.
 */
export function settingsFromQuery(query: Record<string, string | string[] | undefined>): ProfileJson {
  const issues: ValidationIssue[] = [];
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (!SETTINGS_KNOWN.has(key)) {
      issues.push({ path: key, message: 'Unknown setting' });
      continue;
    }
    if (key === 't' || raw === undefined) continue;
    if (Array.isArray(raw)) {
      issues.push({ path: key, message: 'Give this setting once' });
      continue;
    }
    if ((SETTINGS_BOOLEANS as readonly string[]).includes(key)) {
      if (raw !== 'true' && raw !== 'false') issues.push({ path: key, message: 'Must be true or false' });
      else out[key] = raw === 'true';
    } else if ((SETTINGS_NUMBERS as readonly string[]).includes(key)) {
      const value = Number(raw);
      if (raw.trim() === '') {
        issues.push({
          path: key,
          message: key === 'pricePerMin' ? MESSAGES.pricePerMinRequired : key.startsWith('minsPerSide') ? MESSAGES.minsPerSideRequired : 'Required',
        });
      } else if (!Number.isFinite(value)) issues.push({ path: key, message: 'Must be a number' });
      else out[key] = value;
    } else if (key === 'timezone') {
      out.timezone = raw === '' ? null : raw;
    } else if (key !== 'onlineScheduleFrom' && key !== 'onlineScheduleTo') {
      out[key] = raw;
    }
  }
  const from = typeof query.onlineScheduleFrom === 'string' ? query.onlineScheduleFrom : undefined;
  const to = typeof query.onlineScheduleTo === 'string' ? query.onlineScheduleTo : undefined;
  if (from !== undefined || to !== undefined) {
    if (!from && !to) out.onlineSchedule = null;
    else {
      if (!from) issues.push({ path: 'onlineScheduleFrom', message: MESSAGES.fromTimeRequired });
      if (!to) issues.push({ path: 'onlineScheduleTo', message: MESSAGES.toTimeRequired });
      out.onlineSchedule = { from: from ?? '', to: to ?? '' };
    }
  }
  if (issues.length > 0) throw AppError.validation(issues);
  return out as ProfileJson;
}
