/**
 * Limits and constants shared by the server and the web client (web imports this file), so the UI and the
 * server cannot drift. Values come from the product spec, section 9.
 */
export const LIMITS = {
  minsPerSide: { min: 1, max: 120 },
  incrementSecs: { min: 0, max: 30 },
  topUpCredits: { min: 5, max: 500, default: 10 },
  /** Price per minute in cents: US$0.10 .. US$5.00, step US$0.01. */
  pricePerMinCents: { min: 10, max: 500 },
  password: { min: 8, max: 256 },
  /** One admin adjustment moves at most US$10,000 either way: larger sums are a typo, not a goodwill gesture. */
  adminAdjustmentCents: { max: 1_000_000 },
  rating: { min: 0, max: 4000 },
  scheduleStepMinutes: 15,
  defaultOnlineSchedule: { from: '08:00', to: '23:00' },
  /** Upper bounds that keep stored text sane. */
  text: {
    email: 254,
    name: 100,
    username: 50,
    contactMessage: 5000,
    scheduleText: 2000,
    logMessage: 2000,
    logContext: 10_000,
  },
  logsPerRequest: 500,
  jsonBodyBytes: 1024 * 1024,
  imageUploadBytes: 5 * 1024 * 1024,
} as const;

export const TIMING = {
  pollingIntervalMs: 1000,
  studyPositionsReloadMs: 10 * 60 * 1000,
  studyPositionsRetryMs: 10 * 1000,
  logFlushMs: 30_000,
  logQueueCap: 10_000,
  defaultTimeoutMs: 90_000,
  appStateTimeoutMs: 30_000,
  studyPositionsTimeoutMs: 10_000,
  settingsBannerMs: 3000,
  googlePopupPollMs: 1000,
} as const;

export const TITLES = ['GM', 'IM', 'FM', 'CM', 'WGM', 'WIM', 'WFM', 'WCM'] as const;
export type Title = (typeof TITLES)[number];

export const ROLES = ['regular', 'pro', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isTitle(value: unknown): value is Title {
  return typeof value === 'string' && (TITLES as readonly string[]).includes(value);
}

/** Every HH:MM on a 15-minute grid: 00:00, 00:15, ... 23:45. */
export function scheduleTimeChoices(): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += LIMITS.scheduleStepMinutes) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
}

export function isScheduleTime(value: string): boolean {
  return /^([01]\d|2[0-3]):(00|15|30|45)$/.test(value);
}
