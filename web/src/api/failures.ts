import { MESSAGES } from '../../../domain/messages';
import type { ApiFailure } from './ApiClient';

/**
 * How a failed call reads to a person (one rule for every form): the server's own text for a rate limit (it names
 * the wait), field-level messages for a validation error, our generic text for everything else. Raw error codes
 * never reach the screen.
 */
export interface FailureReading {
  /** Messages keyed by the form's field names, from the server's `issues: [{path, message}]`. */
  fields: Record<string, string>;
  /** The text for the form's banner, or null when every issue sits on a field. */
  banner: string | null;
}

export function readFailure(failure: Pick<ApiFailure, 'error' | 'body'>, knownFields: readonly string[], fallback: string = MESSAGES.unexpected): FailureReading {
  const serverMessage = typeof failure.body?.message === 'string' ? failure.body.message : null;
  if (failure.error === 'ERR_RATE_LIMITED') return { fields: {}, banner: serverMessage ?? 'Too many attempts. Please try again later.' };
  if (failure.error === 'ERR_VALIDATION') {
    const fields: Record<string, string> = {};
    let unplaced = false;
    for (const issue of validationIssues(failure.body)) {
      const field = issue.path.split('.')[0] ?? '';
      if (knownFields.includes(field) && !fields[field]) fields[field] = issue.message;
      else if (!knownFields.includes(field)) unplaced = true;
    }
    if (Object.keys(fields).length > 0) return { fields, banner: unplaced ? fallback : null };
  }
  return { fields: {}, banner: fallback };
}

function validationIssues(body: Record<string, unknown> | undefined): Array<{ path: string; message: string }> {
  const issues = body?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) => {
    if (typeof issue !== 'object' || issue === null) return [];
    const { path, message } = issue as Record<string, unknown>;
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}
