/** Time and identifiers come in through ports so rules stay testable with a fixed clock. */
export const Clock = Symbol.for('Clock');
export interface Clock {
  now(): Date;
}

export const IdGenerator = Symbol.for('IdGenerator');
export interface IdGenerator {
  /** A random UUID v4. */
  uuid(): string;
  /** A URL-safe random token of at least 32 bytes of entropy. */
  token(): string;
}

/** Runs a unit of work atomically. Repositories called inside join it; nested runs join the outer one. */
export const UnitOfWork = Symbol.for('UnitOfWork');
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** True inside a run: calls to the outside world (chess site, e-mail, push) must wait until it commits. */
  readonly active: boolean;
}

/** Chance, through a port so tests can fix it: the colour of a `random` game, the Chess960 position. */
export const Random = Symbol.for('Random');
export interface Random {
  /** A whole number from 0 to `maxExclusive - 1`. */
  int(maxExclusive: number): number;
}

export const PasswordHasher = Symbol.for('PasswordHasher');
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** Structured application log (pino in production); tests use a silent or capturing one. */
export const AppLogger = Symbol.for('AppLogger');
export interface AppLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}
