import type { EntityManager } from 'typeorm';
import type { Database, Dialect } from './database';

/**
 * Raw SQL that runs unchanged on both dialects. Statements are written with Postgres placeholders ($1, $2, ...);
 * for SQLite they become `?` in order of appearance (a placeholder used twice is bound twice). Values are
 * normalised at this one edge: Dates go to SQLite as UTC 'YYYY-MM-DD HH:MM:SS.SSS' text (the same format
 * TypeORM's own `datetime` columns use, so text comparisons order correctly), booleans as 0/1.
 */
export type SqlValue = string | number | boolean | Date | null;
export type Row = Record<string, unknown>;

export interface SqlResult {
  rows: Row[];
  /** Rows changed by an INSERT/UPDATE/DELETE without RETURNING. */
  affected: number;
}

export function toSqliteDatetime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

export function prepareStatement(dialect: Dialect, sql: string, params: SqlValue[]): { sql: string; params: unknown[] } {
  if (dialect === 'postgres') return { sql, params };
  const ordered: unknown[] = [];
  const text = sql.replace(/\$(\d+)/g, (_match, digits: string) => {
    const index = Number(digits) - 1;
    if (index < 0 || index >= params.length) throw new Error(`SQL placeholder $${digits} has no parameter`);
    const value = params[index];
    ordered.push(value instanceof Date ? toSqliteDatetime(value) : typeof value === 'boolean' ? (value ? 1 : 0) : value);
    return '?';
  });
  return { sql: text, params: ordered };
}

/** Runs one statement on the manager's query runner (the ambient transaction's when there is one). */
export async function runSql(manager: EntityManager, dialect: Dialect, sql: string, params: SqlValue[] = []): Promise<SqlResult> {
  const prepared = prepareStatement(dialect, sql, params);
  const owned = manager.queryRunner === undefined;
  const runner = manager.queryRunner ?? manager.dataSource.createQueryRunner();
  try {
    const result = await runner.query(prepared.sql, prepared.params, true);
    const rows = Array.isArray(result.records) ? (result.records as Row[]) : [];
    return { rows, affected: result.affected ?? 0 };
  } finally {
    if (owned) await runner.release();
  }
}

// ---- Reading values back: node-postgres gives bigint as string and timestamptz as Date; SQLite gives text/0-1.

export function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || typeof value === 'bigint') {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
  }
  throw new Error(`Expected a number from the database, got ${String(value)}`);
}

export function numOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : num(value);
}

export function str(value: unknown): string {
  if (typeof value === 'string') return value;
  throw new Error(`Expected text from the database, got ${typeof value}`);
}

export function strOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : str(value);
}

export function bool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value === '1' || value === 'true' || value === 't';
  throw new Error(`Expected a boolean from the database, got ${String(value)}`);
}

/** Parses a stored timestamp. SQLite text has no zone marker but is always UTC. */
export function date(value: unknown): Date {
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === 'string') {
    let text = value.includes('T') ? value : value.replace(' ', 'T');
    if (!/(Z|[+-]\d\d:?\d\d)$/.test(text)) text += 'Z';
    const parsed = new Date(text);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  if (typeof value === 'number') return new Date(value);
  throw new Error(`Expected a timestamp from the database, got ${String(value)}`);
}

export function dateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : date(value);
}

/**
 * The unique constraint an error violated, named `uq_<table>_<column>` on both dialects (Postgres reports the
 * explicit constraint name the migrations give; SQLite reports "table.column", which maps to the same name).
 * Null when the error is not a unique violation.
 */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const driverError = (error as { driverError?: unknown }).driverError ?? error;
  if (typeof driverError !== 'object' || driverError === null) return null;
  const { code, constraint, message } = driverError as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return typeof constraint === 'string' ? constraint : 'unknown';
  if (typeof message === 'string') {
    const match = /UNIQUE constraint failed: ([a-z_]+)\.([a-z_]+)/.exec(message);
    if (match) return `uq_${match[1]}_${match[2]}`;
  }
  return null;
}

/** Runs one statement through the Database: joins the ambient transaction, or runs alone (SQLite: under the mutex). */
export function runOn(database: Database, sql: string, params: SqlValue[] = []): Promise<SqlResult> {
  return database.withManager((manager) => runSql(manager, database.dialect, sql, params));
}
