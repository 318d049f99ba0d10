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
