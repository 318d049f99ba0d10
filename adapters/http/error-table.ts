import type { ErrorKind } from '../../domain/errors';

/** The one table from error kind to HTTP status and wire code (server.md section 8). Exhaustive by type. */
export const ERROR_TABLE: Record<ErrorKind, { status: number; code: string }> = {
  validation: { status: 400, code: 'ERR_VALIDATION' },
  unauthorized: { status: 401, code: 'ERR_UNAUTHORIZED' },
  token_expired: { status: 401, code: 'ERR_TOKEN_EXPIRED' },
  forbidden: { status: 403, code: 'ERR_FORBIDDEN' },
  not_found: { status: 404, code: 'ERR_NOT_FOUND' },
  insufficient_credits: { status: 402, code: 'ERR_INSUFFICIENT_CREDITS' },
  challenge_state: { status: 409, code: 'ERR_CHALLENGE_STATE' },
  target_unavailable: { status: 409, code: 'ERR_TARGET_UNAVAILABLE' },
  chess_site: { status: 502, code: 'ERR_CHESS_SITE' },
  payment_provider: { status: 502, code: 'ERR_PAYMENT_PROVIDER' },
  identity_provider: { status: 502, code: 'ERR_IDENTITY_PROVIDER' },
  rate_limited: { status: 429, code: 'ERR_RATE_LIMITED' },
  payload_too_large: { status: 413, code: 'ERR_PAYLOAD_TOO_LARGE' },
  user_pass: { status: 401, code: 'ERR_USER_PASS' },
  user_exists: { status: 409, code: 'ERR_USER_EXISTS' },
  no_user: { status: 404, code: 'ERR_NO_USER' },
  invalid_token: { status: 400, code: 'ERR_INVALID_TOKEN' },
  idempotency_conflict: { status: 409, code: 'ERR_IDEMPOTENCY_CONFLICT' },
  internal: { status: 500, code: 'ERR_INTERNAL' },
};
