import 'reflect-metadata';
import type { Server } from 'node:http';
import { ConfigError, devStandIns, isLoopbackHost, loadConfig } from '../config/env';
import { openDatabase } from '../adapters/persistence/typeorm/database';
import { buildContainer } from '../config/container';
import { createApp } from '../adapters/http/app';
import { AppLogger } from '../application/ports/system';
import { seedDemoData } from '../config/demo-data';
import { startBackgroundJobs } from '../config/background-jobs';

/** Starts the whole product: configuration, database (migrated), container, demo data, jobs and HTTP. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, poolSize: config.DB_POOL_SIZE });
  const applied = await database.migrate();
  const { container, routes } = buildContainer({ config, database });
  const logger = container.get<AppLogger>(AppLogger);
  if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
  if (config.APP_PROFILE === 'development' && config.DEMO_DATA === 'on') {
    const seeded = await seedDemoData(container);
    if (seeded) logger.info({}, 'demo data seeded');
  }
  const app = createApp(container, {
    routes,
    webDistDir: config.WEB_DIST_DIR,
    publicUrl: config.PUBLIC_URL,
    trustProxy: config.TRUST_PROXY === 'on',
    proxyHops: config.PROXY_HOPS,
  });
  const stopJobs = config.BACKGROUND_JOBS === 'on' ? startBackgroundJobs(container) : () => undefined;
  const server: Server = app.listen(config.PORT, config.HOST, () => {
    logger.info({ url: config.PUBLIC_URL, port: config.PORT, profile: config.APP_PROFILE }, 'listening');
  });
  // Long polls are not used; keep-alive sockets must not hold a shutdown open for long.
  server.keepAliveTimeout = 5000;
  const standIns = devStandIns(config);
  if (standIns.length > 0 && !isLoopbackHost(config.HOST)) {
    logger.warn(
      { host: config.HOST, standIns },
      `WARNING: HOST=${config.HOST} makes the development stand-ins reachable from other machines: ${standIns.join(', ')}. Use them on a trusted network only.`,
    );
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stopJobs();
    server.close(() => {
      void database.close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Server failed to start: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
