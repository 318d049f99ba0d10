/** Postgres migrations, in order. Each class name ends with its timestamp; append new ones at the end. */
export const POSTGRES_MIGRATIONS: Function[] = [];
