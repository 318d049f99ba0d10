/**
 * The one error type of the product. Every layer raises it with a `kind`; the HTTP edge maps each kind to a
 * status and a wire code through one exhaustive table (adapters/http/error-table.ts).
 */
export type ErrorKind =
  | 'validation'
  | 'unauthorized'
  | 'token_expired'
  | 'forbidden'
  | 'not_found'
  | 'insufficient_credits'
  | 'challenge_state'
  | 'target_unavailable'
  | 'chess_site'
  | 'payment_provider'
  | 'identity_provider'
  | 'rate_limited'
  | 'payload_too_large'
  | 'user_pass'
  | 'user_exists'
  | 'no_user'
  | 'invalid_token'
  | 'idempotency_conflict'
  | 'internal';

export interface ValidationIssue {
  path: string;
  message: string;
}

export interface AppErrorDetails {
  /** Field-level problems, for `validation`. */
  issues?: ValidationIssue[];
  /** Ids the error is about (for example unavailable targets). */
  ids?: number[];
  /** Seconds until a rate-limited caller may try again. */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string = kind,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(issues: ValidationIssue[]): AppError {
    return new AppError('validation', issues.map((i) => `${i.path}: ${i.message}`).join('; '), { issues });
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
