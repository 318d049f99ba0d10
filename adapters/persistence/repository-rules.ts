import { LIMITS } from '../../domain/limits';
import { COMMON_EDITABLE_FIELDS, PRO_EDITABLE_FIELDS, type ProfilePatch } from '../../domain/user';

/**
 * Rules every implementation of a persistence port shares, so the in-memory and SQL versions cannot drift.
 *
 * Username uniqueness: the preferred handle is used as is when free,
 * otherwise the smallest free `<base><n>` with n >= 2 ("magnus", "magnus2", "magnus3", ...).
 */
const SUFFIX_ROOM = 6;

export function usernameBase(preferred: string): string {
  const trimmed = preferred.trim().slice(0, LIMITS.text.username - SUFFIX_ROOM);
  return trimmed.length > 0 ? trimmed : 'player';
}

/** True when `candidate` is the base itself or the base followed by digits. */
export function isNumberedVariant(base: string, candidate: string): boolean {
  if (!candidate.startsWith(base)) return false;
  return /^\d*$/.test(candidate.slice(base.length));
}

export function nextFreeUsername(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Escapes LIKE wildcards so user input matches literally (used with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The lower-cased needle a user search looks for, the same in every implementation. */
export function searchNeedle(query: string): string {
  return query.trim().toLowerCase();
}

export function clampLimit(limit: number, max = 1000): number {
  if (!Number.isFinite(limit)) return max;
  return Math.min(max, Math.max(0, Math.floor(limit)));
}

/** The fields UserRepository.updateProfile writes; anything else in a patch is ignored by every implementation. */
export const PROFILE_PATCH_FIELDS = [
  ...COMMON_EDITABLE_FIELDS,
  ...PRO_EDITABLE_FIELDS,
  'onlineChangedAt',
] as const satisfies readonly (keyof ProfilePatch | 'onlineChangedAt')[];
