import type { ValidationIssue } from './errors';
import { isProLike, PRO_EDITABLE_FIELDS, type ProfilePatch, type User } from './user';
import { isScheduleTime, LIMITS } from './limits';
import { MESSAGES } from './messages';
import { isValidLichessUsername, isValidTimezone } from './accounts';

/** Pro-only fields present in a patch (used to refuse them for a regular user). */
export function proOnlyFieldsIn(patch: ProfilePatch): string[] {
  return PRO_EDITABLE_FIELDS.filter((field) => patch[field] !== undefined);
}

/**
 * Checks a profile patch against the spec's section 5 rules, in the light of the user's current values
 * (the max must not fall below the min even when only one of them changes).
 */
export function profilePatchIssues(current: User, patch: ProfilePatch): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });

  if (patch.firstName !== undefined && patch.firstName.length > LIMITS.text.name) add('firstName', 'First name is too long');
  if (patch.lastName !== undefined && patch.lastName.length > LIMITS.text.name) add('lastName', 'Last name is too long');
  if (patch.timezone !== undefined && patch.timezone !== null && !isValidTimezone(patch.timezone)) {
    add('timezone', 'Timezone is not valid');
  }
  if (patch.lichessUsername !== undefined && patch.lichessUsername !== '' && !isValidLichessUsername(patch.lichessUsername)) {
    add('lichessUsername', 'Lichess username is not valid');
  }
  for (const field of ['lichessBulletRating', 'lichessBlitzRating', 'lichessRapidRating'] as const) {
    const value = patch[field];
    if (value !== undefined && (!Number.isInteger(value) || value < LIMITS.rating.min || value > LIMITS.rating.max)) {
      add(field, `Rating must be a whole number from ${LIMITS.rating.min} to ${LIMITS.rating.max}`);
    }
  }
  if (patch.pricePerMinCents !== undefined) {
    const { min, max } = LIMITS.pricePerMinCents;
    if (!Number.isInteger(patch.pricePerMinCents) || patch.pricePerMinCents < min || patch.pricePerMinCents > max) {
      add('pricePerMin', 'Price per minute must be from 0.1 to 5 USD, in steps of 0.01');
    }
  }
  for (const field of ['minsPerSideMin', 'minsPerSideMax'] as const) {
    const value = patch[field];
    if (value !== undefined && (!Number.isInteger(value) || value < LIMITS.minsPerSide.min || value > LIMITS.minsPerSide.max)) {
      add(field, `Minutes per side must be a whole number from ${LIMITS.minsPerSide.min} to ${LIMITS.minsPerSide.max}`);
    }
  }
  const min = patch.minsPerSideMin ?? current.minsPerSideMin;
  const max = patch.minsPerSideMax ?? current.minsPerSideMax;
  const rangeTouched = patch.minsPerSideMin !== undefined || patch.minsPerSideMax !== undefined;
  if (rangeTouched && isProLike(current.role) && max < min) add('minsPerSideMax', MESSAGES.maxBelowMin);
  if (patch.onlineSchedule) {
    if (!patch.onlineSchedule.from) add('onlineScheduleFrom', MESSAGES.fromTimeRequired);
    else if (!isScheduleTime(patch.onlineSchedule.from)) add('onlineScheduleFrom', 'Choose a time on the 15-minute grid');
    if (!patch.onlineSchedule.to) add('onlineScheduleTo', MESSAGES.toTimeRequired);
    else if (!isScheduleTime(patch.onlineSchedule.to)) add('onlineScheduleTo', 'Choose a time on the 15-minute grid');
  }
  return issues;
}
