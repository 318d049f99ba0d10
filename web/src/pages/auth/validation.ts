import { LIMITS } from '../../../../domain/limits';
import { MESSAGES } from '../../../../domain/messages';

export type Errors<K extends string> = Partial<Record<K, string>>;

export function validateLogin(email: string, password: string): Errors<'email' | 'password'> {
  const errors: Errors<'email' | 'password'> = {};
  if (!email.trim()) errors.email = MESSAGES.emailRequired;
  if (!password) errors.password = MESSAGES.passwordRequired;
  return errors;
}

export function validateSignup(email: string, password: string): Errors<'email' | 'password'> {
  const errors: Errors<'email' | 'password'> = {};
  if (!email.trim()) errors.email = MESSAGES.emailRequired;
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
  return email.trim() ? {} : { email: MESSAGES.emailRequired };
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
