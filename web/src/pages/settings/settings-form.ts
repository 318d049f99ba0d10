import { LIMITS } from '../../../../domain/limits';
import { MESSAGES } from '../../../../domain/messages';
import { isProLike, type User } from '../../api/user';
import type { SettingsInput } from '../../stores/settings-query';

/** The My Account form's values as typed (numbers as strings so a field can be empty while editing). */
export interface SettingsForm {
  firstName: string;
  lastName: string;
  timezone: string;
  lichessUsername: string;
  incomingChallengeAlertEnabled: boolean;
  title: string;
  lichessBulletRating: string;
  lichessBlitzRating: string;
  lichessRapidRating: string;
  pricePerMin: string;
  minsPerSideMin: string;
  minsPerSideMax: string;
  scheduleEnabled: boolean;
  scheduleFrom: string;
  scheduleTo: string;
  availableForScheduledChallenges: boolean;
  providesPostgameAnalysis: boolean;
}

export type SettingsErrors = Partial<Record<keyof SettingsForm, string>>;

export function formFromUser(user: User): SettingsForm {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    timezone: user.timezone ?? '',
    lichessUsername: user.lichessUsername,
    incomingChallengeAlertEnabled: user.incomingChallengeAlertEnabled,
    title: user.title ?? '',
    lichessBulletRating: String(user.lichessBulletRating),
    lichessBlitzRating: String(user.lichessBlitzRating),
    lichessRapidRating: String(user.lichessRapidRating),
    pricePerMin: user.pricePerMin ? String(user.pricePerMin) : '',
    minsPerSideMin: String(user.minsPerSideMin),
    minsPerSideMax: String(user.minsPerSideMax),
    scheduleEnabled: user.onlineSchedule !== null,
    scheduleFrom: user.onlineSchedule?.from ?? '',
    scheduleTo: user.onlineSchedule?.to ?? '',
    availableForScheduledChallenges: user.availableForScheduledChallenges,
    providesPostgameAnalysis: user.providesPostgameAnalysis,
  };
}

const isBlank = (s: string) => s.trim() === '';

/** Every rule of spec section 5 for the settings form; pro-only rules apply to titled users (pro, admin). */
export function validateSettings(form: SettingsForm, role: User['role']): SettingsErrors {
  const errors: SettingsErrors = {};
  if (!isProLike({ role })) return errors;

  for (const key of ['lichessBulletRating', 'lichessBlitzRating', 'lichessRapidRating'] as const) {
    const value = Number(form[key]);
    if (!isBlank(form[key]) && (!Number.isFinite(value) || value < LIMITS.rating.min)) errors[key] = 'Rating must be 0 or more';
    else if (!isBlank(form[key]) && (!Number.isInteger(value) || value > LIMITS.rating.max)) {
      errors[key] = `Rating must be a whole number up to ${LIMITS.rating.max}`;
    }
  }

  if (isBlank(form.pricePerMin)) errors.pricePerMin = MESSAGES.pricePerMinRequired;
  else {
    const cents = Number(form.pricePerMin) * 100;
    const { min, max } = LIMITS.pricePerMinCents;
    if (!Number.isFinite(cents) || cents < min - 1e-6 || cents > max + 1e-6) errors.pricePerMin = 'Price per minute must be from 0.1 to 5 USD';
    else if (Math.abs(cents - Math.round(cents)) > 1e-6) errors.pricePerMin = 'Use steps of 0.01 USD';
  }

  for (const key of ['minsPerSideMin', 'minsPerSideMax'] as const) {
    const value = Number(form[key]);
    if (isBlank(form[key])) errors[key] = MESSAGES.minsPerSideRequired;
    else if (!Number.isInteger(value) || value < LIMITS.minsPerSide.min || value > LIMITS.minsPerSide.max) {
      errors[key] = `Minutes per side must be from ${LIMITS.minsPerSide.min} to ${LIMITS.minsPerSide.max}`;
    }
  }
  if (!errors.minsPerSideMin && !errors.minsPerSideMax && Number(form.minsPerSideMax) < Number(form.minsPerSideMin)) {
    errors.minsPerSideMax = MESSAGES.maxBelowMin;
  }

  if (form.scheduleEnabled) {
    if (!form.scheduleFrom) errors.scheduleFrom = MESSAGES.fromTimeRequired;
    if (!form.scheduleTo) errors.scheduleTo = MESSAGES.toTimeRequired;
  }
  return errors;
}

/** The validated form as the save call's input. */
export function toSettingsInput(form: SettingsForm, role: User['role']): SettingsInput {
  const input: SettingsInput = {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    timezone: form.timezone || null,
    lichessUsername: form.lichessUsername.trim(),
    incomingChallengeAlertEnabled: form.incomingChallengeAlertEnabled,
  };
  if (isProLike({ role })) {
    input.pro = {
      title: form.title || null,
      lichessBulletRating: Number(form.lichessBulletRating || 0),
      lichessBlitzRating: Number(form.lichessBlitzRating || 0),
      lichessRapidRating: Number(form.lichessRapidRating || 0),
      pricePerMin: Math.round(Number(form.pricePerMin) * 100) / 100,
      minsPerSideMin: Number(form.minsPerSideMin),
      minsPerSideMax: Number(form.minsPerSideMax),
      onlineSchedule: form.scheduleEnabled ? { from: form.scheduleFrom, to: form.scheduleTo } : null,
      availableForScheduledChallenges: form.availableForScheduledChallenges,
      providesPostgameAnalysis: form.providesPostgameAnalysis,
    };
  }
  return input;
}

/** The browser's IANA zones (with the current value kept even if the browser does not list it). */
export function timezoneChoices(current: string): string[] {
  let zones: string[] = [];
  try {
    const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
    zones = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  } catch {
    zones = [];
  }
  if (!zones.includes('UTC')) zones = ['UTC', ...zones];
  if (current && !zones.includes(current)) zones = [current, ...zones];
  return zones;
}
