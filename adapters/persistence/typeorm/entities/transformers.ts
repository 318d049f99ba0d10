import type { ValueTransformer } from 'typeorm';

/**
 * node-postgres returns bigint columns as strings; SQLite returns numbers. Ids stay far below 2^53, so they are
 * numbers in the application.
 */
export const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

/**
 * Timestamp columns use `type: Date`: TypeORM maps it per driver (SQLite `datetime` text in UTC
 * 'YYYY-MM-DD HH:MM:SS.SSS', Postgres timestamp with the real column being timestamptz), which is also the format
 * the raw-SQL repositories write (see ../sql.ts).
 */
export const TIMESTAMP = Date;
