import type { ValidationIssue } from '../../../domain/errors';

/** NUL and the other C0 controls except tab, newline and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A UTF-16 surrogate without its partner: not a character, and Postgres cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper than any body the product accepts; deeper input is refused before any code recurses into it. */
export const MAX_BODY_DEPTH = 32;

function problemWith(text: string): string | null {
  if (CONTROL.test(text)) return 'Must not contain control characters';
  if (LONE_SURROGATE.test(text)) return 'Must not contain invalid characters';
  return null;
}

/**
 * Every string (and key) in a parsed body or query that no field of ours may hold: NUL breaks Postgres and is
 * stored by SQLite, control characters have no place in what people read, and lone surrogates are not text.
 * Checked once at the edge for every route, so a new route cannot forget it; fields that must be one line
 * (names, e-mails) are stricter in their own schema. Walks iteratively, and refuses nesting deeper than
 * MAX_BODY_DEPTH, so hostile depth cannot overflow a stack later.
 */
export function unsafeTextIssues(value: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0 && issues.length < 20) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = problemWith(current);
      if (problem) issues.push({ path: path || '(body)', message: problem });
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_BODY_DEPTH) {
      issues.push({ path: path || '(body)', message: `Nested more than ${MAX_BODY_DEPTH} levels deep` });
      continue;
    }
    const entries: [string, unknown][] = Array.isArray(current) ? current.map((v, i) => [String(i), v]) : Object.entries(current);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      const keyProblem = problemWith(key);
      if (keyProblem) issues.push({ path: childPath, message: keyProblem });
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return issues;
}
