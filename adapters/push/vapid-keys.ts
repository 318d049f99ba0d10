import fs from 'node:fs';
import path from 'node:path';
import { generateVapidKeys } from './WebPushPushSender';

/**
 * The development profile's VAPID keys: generated once and kept in the data folder, so browsers subscribed
 * yesterday still receive pushes after a restart (a new key would orphan every subscription). Production takes
 * its keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY and never writes one.
 */
export function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof saved.publicKey === 'string' && typeof saved.privateKey === 'string') return { publicKey: saved.publicKey, privateKey: saved.privateKey };
  } catch {
    // missing or unreadable: make new ones below
  }
  const keys = generateVapidKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
