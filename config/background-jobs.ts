import type { Container } from 'inversify';
import { AppLogger } from '../application/ports/system';
import { ClientLogService } from '../application/support/client-log-service';
import { ChallengeJobs } from '../application/play/challenge-jobs';
import { PurgeService } from '../application/support/purge-service';
import { SessionService } from '../application/play/session-service';
import { DEMO_PRESENCE_INTERVAL_MS, DemoPresence } from './demo-presence';
import { DEMO_RESPONDER_INTERVAL_MS, DemoResponder } from './demo-responder';

export interface BackgroundJob {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
  /** Also run once right away instead of waiting a full interval. */
  runAtStart?: boolean;
}

/** The periodic jobs of server.md section 10. Each is idempotent, so every server process may run them. */
export function backgroundJobs(container: Container): BackgroundJob[] {
  const clientLogs = container.get(ClientLogService);
  const challengeJobs = container.get(ChallengeJobs);
  const purge = container.get(PurgeService);
  const sessions = container.get(SessionService);
  const jobs: BackgroundJob[] = [
    { name: 'log-retention', intervalMs: 60 * 60 * 1000, run: () => clientLogs.applyRetention() },
    { name: 'purge-ended-records', intervalMs: 60 * 60 * 1000, runAtStart: true, run: () => purge.purge() },
    // Reads already show expiry; the sweep gives the hold back soon after (server.md 4.6).
    { name: 'challenge-expiry', intervalMs: 5_000, run: () => challengeJobs.expireChallenges() },
    { name: 'game-follow-up', intervalMs: 15_000, run: () => challengeJobs.followGames() },
    { name: 'online-schedule', intervalMs: 60_000, runAtStart: true, run: () => challengeJobs.applyOnlineSchedules() },
    { name: 'session-request-expiry', intervalMs: 10 * 60_000, runAtStart: true, run: () => sessions.expireRequests() },
    { name: 'session-payout', intervalMs: 10 * 60_000, runAtStart: true, run: () => sessions.payOutDue() },
  ];
  // Bound only in the development profile with demo data (config/modules/use-cases.ts).
  if (container.isBound(DemoPresence)) {
    const demoPresence = container.get(DemoPresence);
    jobs.push({ name: 'demo-presence', intervalMs: DEMO_PRESENCE_INTERVAL_MS, runAtStart: true, run: () => demoPresence.run() });
    const demoResponder = container.get(DemoResponder);
    jobs.push({ name: 'demo-responder', intervalMs: DEMO_RESPONDER_INTERVAL_MS, run: () => demoResponder.run() });
  }
  return jobs;
}

/** Runs each job on its timer; a run is skipped while the previous one is still going. Returns a stopper. */
export function startBackgroundJobs(container: Container, jobs = backgroundJobs(container)): () => void {
  const logger = container.get<AppLogger>(AppLogger);
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job.run();
      } catch (error) {
        logger.error({ job: job.name, err: String(error) }, 'background job failed');
      } finally {
        running = false;
      }
    };
    if (job.runAtStart) void tick();
    const timer = setInterval(() => void tick(), job.intervalMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
