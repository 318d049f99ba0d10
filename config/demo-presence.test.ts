import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Container } from 'inversify';
import { TITLED_PLAYERS } from '../content/titled-players';
import { UserRepository } from '../application/ports/users';
import { Clock } from '../application/ports/system';
import { AppStateService } from '../application/play/app-state-service';
import { FixedClock } from '../adapters/system/FixedClock';
import { buildContainer } from './container';
import { loadConfig } from './env';
import { backgroundJobs, startBackgroundJobs, type BackgroundJob } from './background-jobs';
import { demoPlayerEmail } from './demo-data';
import { DEMO_PRESENCE_INTERVAL_MS, DemoPresence } from './demo-presence';

const START = new Date('2026-03-01T12:00:00.000Z');
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tcm-demo-presence-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function container(env: Record<string, string>, clock = new FixedClock({ start: START })): Container {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  return buildContainer({ config, database: null, override: (c) => c.rebindSync<Clock>(Clock).toConstantValue(clock) }).container;
}

/** The roster as the demo seed leaves it, minus portraits and passwords: pros, all offline, never seen. */
async function seedRoster(users: UserRepository): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const player of TITLED_PLAYERS) {
    const user = await users.create({ email: demoPlayerEmail(player.slug), username: player.lichessUsername, passwordHash: null, timezone: 'UTC' });
    await users.setRole(user.id, 'pro', player.title);
    await users.updateProfile(user.id, { pricePerMinCents: player.pricePerMinCents, minsPerSideMin: player.minsPerSideMin, minsPerSideMax: player.minsPerSideMax, online: false });
    ids.set(player.slug, user.id);
  }
  return ids;
}

describe('demo presence (server.md 11, development profile only)', () => {
  const demoOnline = TITLED_PLAYERS.filter((p) => p.demoOnline);
  const others = TITLED_PLAYERS.filter((p) => !p.demoOnline);

  it('the roster has players on both sides of demoOnline (else these tests would prove nothing)', () => {
    expect(demoOnline.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
  });

  it('a run puts every demoOnline roster player online and seen now, and leaves the others alone', async () => {
    const clock = new FixedClock({ start: START });
    const c = container({ APP_PROFILE: 'development' }, clock);
    const users = c.get<UserRepository>(UserRepository);
    const ids = await seedRoster(users);
    expect(await c.get(DemoPresence).run()).toBe(demoOnline.length);
    for (const player of demoOnline) {
      expect(await users.findById(ids.get(player.slug)!)).toMatchObject({ online: true, lastSeenAt: START, onlineChangedAt: START });
    }
    for (const player of others) {
      expect(await users.findById(ids.get(player.slug)!)).toMatchObject({ online: false, lastSeenAt: null });
    }
  });

  it('keeps them available on the play screen across time: stale after 91 s without a run, available after the next', async () => {
    const clock = new FixedClock({ start: START });
    const c = container({ APP_PROFILE: 'development' }, clock);
    await seedRoster(c.get<UserRepository>(UserRepository));
    const presence = c.get(DemoPresence);
    const appState = c.get(AppStateService);
    const onlineCount = async () => (await appState.roster()).opponents.filter((o) => o.online).length;
    await presence.run();
    expect(await onlineCount()).toBe(demoOnline.length);
    for (let tick = 0; tick < 6; tick += 1) {
      clock.advance(DEMO_PRESENCE_INTERVAL_MS);
      await presence.run();
      expect(await onlineCount()).toBe(demoOnline.length);
    }
    clock.advanceSeconds(91);
    expect(await onlineCount()).toBe(0);
    await presence.run();
    expect(await onlineCount()).toBe(demoOnline.length);
  });

  it('turns a demoOnline player back online after they were set offline, and skips one demoted to regular', async () => {
    const clock = new FixedClock({ start: START });
    const c = container({ APP_PROFILE: 'development' }, clock);
    const users = c.get<UserRepository>(UserRepository);
    const ids = await seedRoster(users);
    const presence = c.get(DemoPresence);
    await presence.run();
    const [first, second] = demoOnline;
    await users.updateProfile(ids.get(first!.slug)!, { online: false, onlineChangedAt: START });
    await users.setRole(ids.get(second!.slug)!, 'regular', null);
    clock.advance(DEMO_PRESENCE_INTERVAL_MS);
    expect(await presence.run()).toBe(demoOnline.length - 1);
    expect((await users.findById(ids.get(first!.slug)!))?.online).toBe(true);
    expect((await users.findById(ids.get(second!.slug)!))?.lastSeenAt).toEqual(START);
  });

  it('does nothing (and does not fail) before the seed ran, and finds the players once they exist', async () => {
    const c = container({ APP_PROFILE: 'development' });
    const presence = c.get(DemoPresence);
    expect(await presence.run()).toBe(0);
    await seedRoster(c.get<UserRepository>(UserRepository));
    expect(await presence.run()).toBe(demoOnline.length);
  });

  it('is a background job, run at start, only in the development profile with demo data', () => {
    const names = (env: Record<string, string>) => backgroundJobs(container(env)).map((j) => j.name);
    const job = backgroundJobs(container({ APP_PROFILE: 'development' })).find((j) => j.name === 'demo-presence');
    expect(job).toMatchObject({ intervalMs: DEMO_PRESENCE_INTERVAL_MS, runAtStart: true });
    expect(names({ APP_PROFILE: 'development', DEMO_DATA: 'off' })).not.toContain('demo-presence');
    expect(names({ APP_PROFILE: 'test' })).not.toContain('demo-presence');
    expect(container({ APP_PROFILE: 'test' }).isBound(DemoPresence)).toBe(false);
  });
});

describe('startBackgroundJobs', () => {
  it('runs a runAtStart job once right away and others only after their interval', async () => {
    const c = container({ APP_PROFILE: 'test' });
    const atStart = jest.fn(async () => undefined);
    const later = jest.fn(async () => undefined);
    const jobs: BackgroundJob[] = [
      { name: 'at-start', intervalMs: 3_600_000, runAtStart: true, run: atStart },
      { name: 'later', intervalMs: 3_600_000, run: later },
    ];
    const stop = startBackgroundJobs(c, jobs);
    try {
      await new Promise((resolve) => setImmediate(resolve));
      expect(atStart).toHaveBeenCalledTimes(1);
      expect(later).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
