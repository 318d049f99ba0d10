import { AppError } from '../../domain/errors';
import type { LedgerRepository } from '../ports/ledger';

/** Canonical JSON (sorted keys) so the same request always compares equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Stored results are JSON; fields ending in `At` come back as Dates. */
export function decodeResult<T>(text: string): T {
  return JSON.parse(text, (key, value: unknown) =>
    key.endsWith('At') && typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : value,
  ) as T;
}

/**
 * Runs `work` once per idempotency key: the same key with the same request returns the first result; with a
 * different request it is AppError('idempotency_conflict'). A failed operation leaves no claim behind.
 * Must be called inside a unit of work.
 */
export async function runIdempotent<T>(
  ledger: LedgerRepository,
  key: string,
  request: Record<string, unknown>,
  at: Date,
  work: () => Promise<T>,
): Promise<T> {
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) {
    throw AppError.validation([{ path: 'idempotencyKey', message: 'An idempotency key of 1 to 200 characters is required' }]);
  }
  const requestText = canonicalJson(request);
  const claim = await ledger.claimKey(key, requestText, at);
  if (!claim.claimed) {
    if (claim.request !== requestText) {
      throw new AppError('idempotency_conflict', 'This idempotency key was already used for a different request');
    }
    if (claim.result === null) throw new AppError('idempotency_conflict', 'This request is still being processed');
    return decodeResult<T>(claim.result);
  }
  let result: T;
  try {
    result = await work();
  } catch (error) {
    try {
      await ledger.forgetKey(key);
    } catch {
      // The transaction is already failing and will roll the claim back with everything else.
    }
    throw error;
  }
  await ledger.saveKeyResult(key, canonicalJson(result));
  return result;
}
