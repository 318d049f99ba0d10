import { ConfigError, devStandIns, isLoopbackHost, loadConfig } from './env';

const PRODUCTION = {
  APP_PROFILE: 'production',
  DATABASE_URL: 'postgres://app:secret@db:5432/titledchess',
  PUBLIC_URL: 'https://play.example.com/',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  GOOGLE_CLIENT_ID: 'client',
  GOOGLE_CLIENT_SECRET: 'secret',
  VAPID_PUBLIC_KEY: 'BPublicKeyOfTheServer',
  VAPID_PRIVATE_KEY: 'privateKeyOfTheServer',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration from the environment', () => {
  it('starts the development profile with no variables at all: SQLite under ./data and every dev adapter', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      APP_PROFILE: 'development',
      PORT: 3000,
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL: './data/app.sqlite',
      MAIL_TRANSPORT: 'outbox',
      IDENTITY_PROVIDER: 'dev',
      PAYMENT_PROVIDER: 'dev',
      CHESS_SITE: 'dev',
      DEMO_DATA: 'on',
      RATE_LIMITS: 'on',
      CHALLENGE_TTL_SECONDS: 60,
      PRESENCE_TIMEOUT_SECONDS: 90,
      GAME_START_TIMEOUT_MINUTES: 15,
      PLATFORM_FEE_PERCENT: 20,
    });
  });

  it('reads numbers and switches, and treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '8080', RATE_LIMITS: 'off', PLATFORM_FEE_PERCENT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(8080);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.RATE_LIMITS).toBe('off');
    expect(config.PLATFORM_FEE_PERCENT).toBe(20);
    expect(config.DATABASE_URL).toBe('./data/app.sqlite');
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', RATE_LIMITS: 'maybe', PLATFORM_FEE_PERCENT: '150' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(expect.arrayContaining(['PORT', 'RATE_LIMITS', 'PLATFORM_FEE_PERCENT']));
  });

  it('takes the profile from NODE_ENV when APP_PROFILE is not set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).APP_PROFILE).toBe('test');
    expect(loadConfig({ NODE_ENV: 'staging' }).APP_PROFILE).toBe('development');
  });

  it('starts production with every required setting, choosing the real adapters and trimming the public URL', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({
      PUBLIC_URL: 'https://play.example.com',
      MAIL_TRANSPORT: 'smtp',
      IDENTITY_PROVIDER: 'google',
      PAYMENT_PROVIDER: 'stripe',
      CHESS_SITE: 'lichess',
    });
  });

  it.each(Object.keys(PRODUCTION).filter((k) => k !== 'APP_PROFILE'))('refuses production without %s, naming it', (missing) => {
    const env: Record<string, string> = { ...PRODUCTION };
    delete env[missing];
    expect(problemsOf(env).some((p) => p.includes(missing))).toBe(true);
  });

  it('refuses development stand-ins in production', () => {
    const problems = problemsOf({ ...PRODUCTION, PAYMENT_PROVIDER: 'dev', MAIL_TRANSPORT: 'outbox' });
    expect(problems).toEqual(expect.arrayContaining(['PAYMENT_PROVIDER: must be stripe in production', 'MAIL_TRANSPORT: must be smtp in production']));
  });

  it('needs the Stripe keys whenever Stripe is chosen, also outside production', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })).toEqual(
      expect.arrayContaining(['STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe', 'STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe']),
    );
  });
});

describe('listen address and the development stand-ins', () => {
  it('outside production the server listens on 127.0.0.1 unless HOST is set; production on 0.0.0.0', () => {
    expect(loadConfig({ APP_PROFILE: 'development' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ APP_PROFILE: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('192.168.1.10')).toBe(false);
  });

  it('lists the stand-ins a development configuration mounts, and none in production', () => {
    expect(devStandIns(loadConfig({ APP_PROFILE: 'development' })).map((s) => s.split(' ')[0])).toEqual(['/dev/identity', '/dev/outbox', '/dev/checkout', '/dev/game']);
    expect(devStandIns({ ...loadConfig({ APP_PROFILE: 'development' }), APP_PROFILE: 'production' })).toEqual([]);
  });

  it('PROXY_HOPS defaults to 1 and must be a positive whole number', () => {
    expect(loadConfig({}).PROXY_HOPS).toBe(1);
    expect(loadConfig({ PROXY_HOPS: '2' }).PROXY_HOPS).toBe(2);
    expect(() => loadConfig({ PROXY_HOPS: '0' })).toThrow(/PROXY_HOPS/);
  });
});

describe('VAPID settings', () => {
  it('wants both keys or neither, and a mailto: or https: subject', () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'abc' })).toEqual(['VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both or neither']);
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'def', VAPID_SUBJECT: 'support@example.com' })).toEqual([
      'VAPID_SUBJECT: must start with mailto: or https://',
    ]);
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'def', VAPID_SUBJECT: 'mailto:support@example.com' })).toEqual([]);
  });
});
