import { ciRequiresServices } from '../../support/databases';
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Whether the browser suites can run. Under CI=true a missing chromium is a failure, never a skip; elsewhere
 * the suites are skipped with a warning so a machine without chromium can still run the rest.
 */
export function chromiumAvailable(): boolean {
  if (fs.existsSync(CHROMIUM_PATH)) return true;
  // The same reading of CI as the database suites (tests/support/databases.ts): CI=true or CI=1.
  if (ciRequiresServices()) {
    throw new Error(`chromium is missing at ${CHROMIUM_PATH}; install it (apt-get install -y chromium) — CI may not skip browser tests`);
  }
  console.warn(`chromium is missing at ${CHROMIUM_PATH}: browser tests are SKIPPED (they would fail under CI=true)`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}
