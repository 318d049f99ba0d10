import type { Container } from 'inversify';
import { AppLogger, Clock, IdGenerator, PasswordHasher } from '../../application/ports/system';
import { AppSettings } from '../../application/ports/settings';
import { SystemClock } from '../../adapters/system/SystemClock';
import { CryptoIdGenerator } from '../../adapters/system/CryptoIdGenerator';
import {
  Argon2PasswordHasher,
  Argon2PasswordHasherOptions,
  PRODUCTION_ARGON2_COST,
  TEST_ARGON2_COST,
} from '../../adapters/system/Argon2PasswordHasher';
import { PinoAppLogger, PinoAppLoggerOptions } from '../../adapters/system/PinoAppLogger';
import { SilentAppLogger } from '../../adapters/system/SilentAppLogger';
import type { ModuleContext } from './context';

export function settingsFrom(config: ModuleContext['config']): AppSettings {
  return {
    publicUrl: config.PUBLIC_URL,
    supportEmail: config.SUPPORT_EMAIL,
    tokenTtlDays: config.TOKEN_TTL_DAYS,
    resetTokenTtlMinutes: config.RESET_TOKEN_TTL_MINUTES,
    challengeTtlSeconds: config.CHALLENGE_TTL_SECONDS,
    presenceTimeoutSeconds: config.PRESENCE_TIMEOUT_SECONDS,
    gameStartTimeoutMinutes: config.GAME_START_TIMEOUT_MINUTES,
    platformFeePercent: config.PLATFORM_FEE_PERCENT,
    scheduleRequestTtlDays: config.SCHEDULE_REQUEST_TTL_DAYS,
    logRetentionDays: config.LOG_RETENTION_DAYS,
    opponentsSnapshotMs: config.OPPONENTS_SNAPSHOT_MS,
  };
}

/** Clock, ids, password hashing, logging and the business settings. */
export function bindSystem(container: Container, { config }: ModuleContext): void {
  container.bind<AppSettings>(AppSettings).toConstantValue(settingsFrom(config));
  container.bind<Clock>(Clock).to(SystemClock).inSingletonScope();
  container.bind<IdGenerator>(IdGenerator).to(CryptoIdGenerator).inSingletonScope();
  // The test profile hashes with a small cost so suites stay fast; the algorithm is the same argon2id.
  container
    .bind<Argon2PasswordHasherOptions>(Argon2PasswordHasherOptions)
    .toConstantValue(config.APP_PROFILE === 'test' ? TEST_ARGON2_COST : PRODUCTION_ARGON2_COST);
  container.bind<PasswordHasher>(PasswordHasher).to(Argon2PasswordHasher).inSingletonScope();
  if (config.LOG_LEVEL === 'silent') {
    container.bind<AppLogger>(AppLogger).to(SilentAppLogger).inSingletonScope();
  } else {
    container.bind<PinoAppLoggerOptions>(PinoAppLoggerOptions).toConstantValue({ level: config.LOG_LEVEL });
    container.bind<AppLogger>(AppLogger).to(PinoAppLogger).inSingletonScope();
  }
}
