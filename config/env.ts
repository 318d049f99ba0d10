import { z } from 'zod';

/**
 * Every setting of the server comes from the environment, validated here once at start-up. A bad or missing
 * variable stops the process with a message naming it. Defaults follow ../shared/design/server.md.
 */
export const PROFILES = ['development', 'test', 'production'] as const;
export type Profile = (typeof PROFILES)[number];

const onOff = z.enum(['on', 'off']).default('on');
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  APP_PROFILE: z.enum(PROFILES).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().max(255).optional(),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DB_POOL_SIZE: positiveInt(10),
  DEMO_DATA: onOff,
  RATE_LIMITS: onOff,
  RATE_LIMIT_MAX: positiveInt(10),
  RATE_LIMIT_WINDOW_MINUTES: positiveInt(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST_DIR: z.string().default('./web/dist'),
  SUPPORT_EMAIL: z.string().email().default('support@titledchess.example'),
  MAIL_FROM: z.string().default('Titled Chess <no-reply@titledchess.example>'),
  MAIL_TRANSPORT: z.enum(['smtp', 'outbox']).optional(),
  SMTP_URL: z.string().optional(),
  IDENTITY_PROVIDER: z.enum(['google', 'dev']).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  PAYMENT_PROVIDER: z.enum(['stripe', 'dev']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  CHESS_SITE: z.enum(['lichess', 'dev']).optional(),
  LICHESS_URL: z.string().url().default('https://lichess.org'),
  LICHESS_TOKEN: z.string().optional(),
  TOKEN_TTL_DAYS: positiveInt(30),
  RESET_TOKEN_TTL_MINUTES: positiveInt(60),
  CHALLENGE_TTL_SECONDS: positiveInt(60),
  PRESENCE_TIMEOUT_SECONDS: positiveInt(90),
  GAME_START_TIMEOUT_MINUTES: positiveInt(15),
  PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
  SCHEDULE_REQUEST_TTL_DAYS: positiveInt(7),
  LOG_RETENTION_DAYS: positiveInt(30),
  BACKGROUND_JOBS: onOff,
  TRUST_PROXY: z.enum(['on', 'off']).default('off'),
  PROXY_HOPS: positiveInt(1),
  /** Web Push keys (URL-safe base64, as web-push generates them); development keeps a generated pair in DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().max(200).optional(),
  VAPID_PRIVATE_KEY: z.string().max(200).optional(),
  VAPID_SUBJECT: z.string().max(200).optional(),
  /** One serialized opponents list serves every poll for this long (a change shows everywhere within it). */
  OPPONENTS_SNAPSHOT_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
});

export type RawEnv = z.infer<typeof schema>;

export interface AppConfig extends RawEnv {
  HOST: string;
  PUBLIC_URL: string;
  DATABASE_URL: string;
  MAIL_TRANSPORT: 'smtp' | 'outbox';
  IDENTITY_PROVIDER: 'google' | 'dev';
  PAYMENT_PROVIDER: 'stripe' | 'dev';
  CHESS_SITE: 'lichess' | 'dev';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses and checks the environment. Throws ConfigError naming every bad or missing variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const input = { ...env };
  // Empty strings mean "not set", as in most deployment tools.
  for (const key of Object.keys(input)) if (input[key] === '') delete input[key];
  if (!input.APP_PROFILE && input.NODE_ENV && (PROFILES as readonly string[]).includes(input.NODE_ENV)) {
    input.APP_PROFILE = input.NODE_ENV;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const raw = parsed.data;
  const production = raw.APP_PROFILE === 'production';
  const problems: string[] = [];
  const config: AppConfig = {
    ...raw,
    // Outside production the dev stand-ins (/dev/identity signs anyone in) must not face the network by default.
    HOST: raw.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    DATABASE_URL: raw.DATABASE_URL ?? `${raw.DATA_DIR}/app.sqlite`,
    MAIL_TRANSPORT: raw.MAIL_TRANSPORT ?? (production ? 'smtp' : 'outbox'),
    IDENTITY_PROVIDER: raw.IDENTITY_PROVIDER ?? (production ? 'google' : 'dev'),
    PAYMENT_PROVIDER: raw.PAYMENT_PROVIDER ?? (production ? 'stripe' : 'dev'),
    CHESS_SITE: raw.CHESS_SITE ?? (production ? 'lichess' : 'dev'),
  };

  if (production) {
    const required: (keyof RawEnv)[] = [
      'DATABASE_URL',
      'PUBLIC_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
    ];
    for (const key of required) if (!raw[key]) problems.push(`${key}: required in the production profile`);
    if (config.PAYMENT_PROVIDER !== 'stripe') problems.push('PAYMENT_PROVIDER: must be stripe in production');
    if (config.MAIL_TRANSPORT !== 'smtp') problems.push('MAIL_TRANSPORT: must be smtp in production');
    if (config.IDENTITY_PROVIDER !== 'google') problems.push('IDENTITY_PROVIDER: must be google in production');
    if (config.CHESS_SITE !== 'lichess') problems.push('CHESS_SITE: must be lichess in production');
  }
  if (config.MAIL_TRANSPORT === 'smtp' && !config.SMTP_URL) problems.push('SMTP_URL: required when MAIL_TRANSPORT=smtp');
  if (config.PAYMENT_PROVIDER === 'stripe') {
    if (!config.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe');
    if (!config.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe');
  }
  if (config.IDENTITY_PROVIDER === 'google' && (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET: required when IDENTITY_PROVIDER=google');
  }
  if (Boolean(raw.VAPID_PUBLIC_KEY) !== Boolean(raw.VAPID_PRIVATE_KEY)) problems.push('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both or neither');
  if (raw.VAPID_SUBJECT && !/^(mailto:|https:\/\/)/.test(raw.VAPID_SUBJECT)) problems.push('VAPID_SUBJECT: must start with mailto: or https://');
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return config;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** True for a listen address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The development stand-ins mounted for this configuration (never in production). */
export function devStandIns(config: AppConfig): string[] {
  if (config.APP_PROFILE === 'production') return [];
  const mounted: string[] = [];
  if (config.IDENTITY_PROVIDER === 'dev') mounted.push('/dev/identity (signs anyone in as any account)');
  if (config.MAIL_TRANSPORT === 'outbox') mounted.push('/dev/outbox (shows every e-mail, reset links included)');
  if (config.PAYMENT_PROVIDER === 'dev') mounted.push('/dev/checkout (pays any top-up)');
  if (config.CHESS_SITE === 'dev') mounted.push('/dev/game (ends any game)');
  return mounted;
}
