import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import type { ValidationIssue } from './errors';

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is proven by the reset e-mail.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= LIMITS.text.email && EMAIL_PATTERN.test(email);
}

export function emailIssues(email: string, path = 'email'): ValidationIssue[] {
  if (email.trim() === '') return [{ path, message: MESSAGES.emailRequired }];
  if (!isValidEmail(email.trim())) return [{ path, message: 'Email is not valid' }];
  return [];
}

export function passwordIssues(password: string, path = 'password'): ValidationIssue[] {
  if (password === '') return [{ path, message: MESSAGES.passwordRequired }];
  if (password.length < LIMITS.password.min) return [{ path, message: MESSAGES.passwordMin }];
  if (password.length > LIMITS.password.max) {
    return [{ path, message: `Password must be at most ${LIMITS.password.max} characters` }];
  }
  return [];
}

/** True for an IANA time zone name the runtime knows (e.g. Europe/Zagreb, UTC). */
export function isValidTimezone(timezone: string): boolean {
  if (timezone.length === 0 || timezone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

const LICHESS_USERNAME = /^[A-Za-z0-9][A-Za-z0-9_-]{1,29}$/;

/** Lichess usernames: 2 to 30 letters, digits, underscores or hyphens, starting with a letter or digit. */
export function isValidLichessUsername(name: string): boolean {
  return LICHESS_USERNAME.test(name);
}
