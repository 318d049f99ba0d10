import { z } from 'zod';
import { AppError, type ValidationIssue } from '../../domain/errors';

/** Converts zod issues to the wire's `issues: [{path, message}]`. */
export function toIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
}

/** Parses input with a schema or raises ERR_VALIDATION listing every issue. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.validation(toIssues(result.error));
  return result.data;
}

/** Calls without a payload still refuse one: a body sent to them is a client mistake worth seeing. */
export const noPayloadSchema = z.object({}).strict();

/** C0 controls except tab and newline (and carriage return, which a textarea may send), and DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F]/;
/** A UTF-16 surrogate without its partner: not a character, and Postgres cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text a person typed, up to `max` characters: no control characters (NUL breaks Postgres, and none belong in
 * what people read) and no lone surrogates. `multiline` allows tab and newlines.
 */
export function safeText(max: number, options: { multiline?: boolean } = {}) {
  const control = options.multiline ? CONTROL : SINGLE_LINE_CONTROL;
  return z
    .string()
    .max(max)
    .refine((text) => !control.test(text), 'Must not contain control characters')
    .refine((text) => !LONE_SURROGATE.test(text), 'Must not contain invalid characters');
}
