/** SQLite migrations, in order. Each class name ends with its timestamp; append new ones at the end. */
export const SQLITE_MIGRATIONS: Function[] = [];
