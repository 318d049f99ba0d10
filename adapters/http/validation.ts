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

/** Single-line text: no control character at all (the body parser already refuses the rest everywhere). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F]/;

/**
 * Text a person typed, up to `max` characters. The body parser refuses NUL, most control characters and lone
 * surrogates in every field; a single-line field (the default) also refuses tab and newlines.
 */
export function safeText(max: number, options: { multiline?: boolean } = {}) {
  const text = z.string().max(max);
  return options.multiline ? text : text.refine((t) => !SINGLE_LINE_CONTROL.test(t), 'Must be a single line without control characters');
}

/** A point in time both databases store and the product can mean: 1970 to 2200. */
export const boundedDate = z
  .date()
  .refine((d) => !Number.isNaN(d.getTime()) && d.getTime() >= 0 && d.getTime() < Date.UTC(2200, 0, 1), 'A time between 1970 and 2200');
