import type { Container } from 'inversify';
import { AppLogger } from '../application/ports/system';
import { ClientLogService } from '../application/support/client-log-service';

export interface BackgroundJob {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

/** The periodic jobs of server.md section 10. Each is idempotent, so every server process may run them. */
export function backgroundJobs(container: Container): BackgroundJob[] {
  const clientLogs = container.get(ClientLogService);
  return [{ name: 'log-retention', intervalMs: 60 * 60 * 1000, run: () => clientLogs.applyRetention() }];
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
    const timer = setInterval(() => void tick(), job.intervalMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
