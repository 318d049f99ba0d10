import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TITLED_PLAYERS } from '../content/titled-players';
import { UserRepository } from '../application/ports/users';
import { Clock } from '../application/ports/system';
import { CreditsService } from '../application/credits/credits-service';
import { ChallengeService } from '../application/play/challenge-service';
import { SessionService } from '../application/play/session-service';
import { SessionService as LoginSessions } from '../application/accounts/sessions';
import { hashToken } from '../application/accounts/token-hash';
import { FixedClock } from '../adapters/system/FixedClock';
import { buildContainer } from './container';
import { loadConfig } from './env';
import { demoPlayerEmail, seedDemoData, DEMO_REGULAR_EMAIL } from './demo-data';
import { DemoPresence } from './demo-presence';
import { DEMO_THINKING_MS, DemoResponder, demoSessionStart } from './demo-responder';
import { backgroundJobs } from './background-jobs';

/**
 * The demo responder (server.md 11): in the development profile with demo data, the online roster players answer
 * challenges and confirm session requests by themselves, through the same use cases a person's click runs.
 */
describe('demo responder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-demo-responder-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function demo() {
    const clock = new FixedClock({ start: '2026-03-01T12:00:00.000Z' });
    const config = loadConfig({ APP_PROFILE: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const { container } = buildContainer({ config, database: null, override: (c) => c.rebindSync<Clock>(Clock).toConstantValue(clock) });
    await seedDemoData(container);
    await container.get(DemoPresence).run();
    const users = container.get<UserRepository>(UserRepository);
    const amateur = (await users.findByEmail(DEMO_REGULAR_EMAIL))!;
    const online = TITLED_PLAYERS.filter((p) => p.demoOnline && p.minsPerSideMin <= 10 && p.minsPerSideMax >= 10);
    const pros = await Promise.all(online.map(async (p) => (await users.findByEmail(demoPlayerEmail(p.slug)))!));
    return { container, clock, users, amateur, pros };
  }

  it('is a background job only where demo data is (never in test or production)', async () => {
    const { container } = await demo();
    expect(backgroundJobs(container).map((j) => j.name)).toContain('demo-responder');
    const test = buildContainer({ config: loadConfig({ APP_PROFILE: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database: null }).container;
    expect(backgroundJobs(test).map((j) => j.name)).not.toContain('demo-responder');
  });

  it('answers a challenge after the thinking time: four in five accept (by id), the game is created, money moves', async () => {
    const { container, clock, amateur, pros } = await demo();
    const service = container.get(ChallengeService);
    const responder = container.get(DemoResponder);
    const [c] = await service.send(amateur, {
      targetIds: [pros[0]!.id],
      config: { minsPerSide: 10, incrementInSecs: 0, playAs: 'random', startingFen: null, startingPositionType: null },
    });
    expect(await responder.run()).toBe(0); // still thinking
    clock.advance(DEMO_THINKING_MS);
    expect(await responder.run()).toBe(1);
    const [after] = await service.list(amateur);
    const expected = c!.record.id % 5 === 0 ? 'rejected' : 'accepted';
    expect(after!.status).toBe(expected);
    if (expected === 'accepted') expect(after!.url).toMatch(/\/dev\/game\//);
    expect(await container.get(CreditsService).balance(`user:${amateur.id}:held`)).toBe(0);
  });

  it('confirms a session request two days ahead at 18:00 in the requester\'s timezone, with a video link', async () => {
    const { container, clock, amateur, pros } = await demo();
    const sessions = container.get(SessionService);
    // The cheapest online player: the demo amateur's 100.00 credits cover their session.
    const bookable = [...pros].sort((a, b) => a.pricePerMinCents - b.pricePerMinCents)[0]!;
    await sessions.schedule(amateur, {
      opponentId: bookable.id,
      lichessProfile: 'DemoAmateur',
      minsPerSide: 15,
      timezone: 'Europe/Zagreb',
      availableTimes: 'any evening',
      details: '',
      analysisRequested: bookable.providesPostgameAnalysis,
    });
    clock.advance(DEMO_THINKING_MS);
    await container.get(DemoResponder).run();
    const [session] = await sessions.list(amateur);
    expect(session!.record.status).toBe('scheduled');
    expect(session!.record.scheduledAt).toEqual(new Date('2026-03-03T17:00:00.000Z')); // 18:00 in Zagreb (UTC+1)
    expect(session!.record.videoCallUrl).toMatch(/^https:\/\/meet\.example\.com\//);
  });

  it('leaves a demo player someone is signed in as to that person: no answer for them, not kept online; back after log out', async () => {
    const { container, clock, users, amateur, pros } = await demo();
    const mateo = pros[0]!;
    const logins = container.get(LoginSessions);
    const token = await logins.issue(mateo.id);
    const service = container.get(ChallengeService);
    const responder = container.get(DemoResponder);
    const presence = container.get(DemoPresence);
    const [c] = await service.send(amateur, {
      targetIds: [mateo.id],
      config: { minsPerSide: 10, incrementInSecs: 0, playAs: 'random', startingFen: null, startingPositionType: null },
    });
    clock.advance(DEMO_THINKING_MS);
    expect(await responder.run()).toBe(0);
    expect((await service.list(amateur))[0]!.status).toBe('pending'); // the person answers, not the demo

    // The person goes offline: the demo does not put them back online while they are signed in.
    await users.updateProfile(mateo.id, { online: false, onlineChangedAt: clock.now() });
    await presence.run();
    expect((await users.findById(mateo.id))!.online).toBe(false);

    await logins.revoke(hashToken(token));
    await presence.run();
    expect((await users.findById(mateo.id))!.online).toBe(true);
    expect(await responder.run()).toBe(1); // the still-open challenge is the demo's to answer again
    expect((await service.list(amateur)).find((v) => v.record.id === c!.record.id)!.status).not.toBe('pending');
  });

  it('the demo session time: 18:00 two days later in the zone, across a DST change, and UTC for an unknown zone', () => {
    expect(demoSessionStart(new Date('2026-03-27T12:00:00Z'), 'Europe/Zagreb')).toEqual(new Date('2026-03-29T16:00:00Z')); // summer time by then
    expect(demoSessionStart(new Date('2026-11-24T23:30:00Z'), 'America/New_York')).toEqual(new Date('2026-11-26T23:00:00Z')); // still the 24th there
    expect(demoSessionStart(new Date('2026-11-24T10:00:00Z'), 'Not/AZone')).toEqual(new Date('2026-11-26T18:00:00Z'));
  });
});
