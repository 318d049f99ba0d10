import { emailIssues } from '../../../../domain/accounts';
import { LIMITS } from '../../../../domain/limits';
import { MESSAGES } from '../../../../domain/messages';

export type Errors<K extends string> = Partial<Record<K, string>>;

/** The server's own rule (required, then 'Email is not valid'), so a malformed address is named on its field. */
function emailError(email: string): string | undefined {
  return emailIssues(email)[0]?.message;
}

export function validateLogin(email: string, password: string): Errors<'email' | 'password'> {
  const errors: Errors<'email' | 'password'> = {};
  const emailMessage = emailError(email);
  if (emailMessage) errors.email = emailMessage;
  if (!password) errors.password = MESSAGES.passwordRequired;
  return errors;
}

export function validateSignup(email: string, password: string): Errors<'email' | 'password'> {
  const errors: Errors<'email' | 'password'> = {};
  const emailMessage = emailError(email);
  if (emailMessage) errors.email = emailMessage;
  if (!password) errors.password = MESSAGES.passwordRequired;
  else if (password.length < LIMITS.password.min) errors.password = MESSAGES.passwordMin;
  return errors;
}

export function validateSetPassword(password: string, confirm: string): Errors<'password' | 'confirm'> {
  const errors: Errors<'password' | 'confirm'> = {};
  if (!password) errors.password = MESSAGES.passwordRequired;
  else if (password.length < LIMITS.password.min) errors.password = MESSAGES.passwordMin;
  if (!confirm) errors.confirm = MESSAGES.confirmPasswordRequired;
  else if (password && confirm !== password) errors.confirm = MESSAGES.passwordsDontMatch;
  return errors;
}

export function validateEmailOnly(email: string): Errors<'email'> {
  const message = emailError(email);
  return message ? { email: message } : {};
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
