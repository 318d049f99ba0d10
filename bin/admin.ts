import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/env';
import { openDatabase, type Database } from '../adapters/persistence/typeorm/database';
import { buildContainer } from '../config/container';
import { AdminUserService } from '../application/admin/admin-users';
import { isAppError } from '../domain/errors';
import { checkLedger } from './admin-ledger';
import { backgroundJobs } from '../config/background-jobs';

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  create-admin <email> <password>   create an admin account, or promote an existing user (prints its id)
  check-ledger                      verify that all ledger accounts sum to zero and each cached balance matches
  run-jobs                          run every background job once (expiry, game follow-up, schedules...), e.g. from cron
`;

export interface AdminOutput {
  out(line: string): void;
  err(line: string): void;
}

type Env = Record<string, string | undefined>;

async function withDatabase<T>(env: Env, work: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig(env);
  const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 2 });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

/** The operator's command line; returns the exit code. */
export async function runAdmin(argv: string[], env: Env, output: AdminOutput): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'create-admin': {
        const [email, password] = args;
        if (!email || !password || args.length !== 2) {
          output.err(USAGE);
          return 2;
        }
        return await withDatabase(env, async (database) => {
          const { container } = buildContainer({ config: loadConfig({ ...env, LOG_LEVEL: 'silent' }), database });
          const { user, created } = await container.get(AdminUserService).createAdmin({ email, password });
          output.out(`${created ? 'Created' : 'Promoted'} admin ${user.email} with id ${user.id}`);
          return 0;
        });
      }
      case 'check-ledger':
        return await withDatabase(env, async (database) => {
          const report = await checkLedger(database);
          if (report.ok) {
            output.out('Ledger is consistent: all accounts sum to zero and every cached balance matches.');
            return 0;
          }
          output.err(`Ledger is NOT consistent:\n${report.problems.map((p) => `  - ${p}`).join('\n')}`);
          return 1;
        });
      case 'run-jobs':
        return await withDatabase(env, async (database) => {
          const { container } = buildContainer({ config: loadConfig({ ...env, LOG_LEVEL: 'silent' }), database });
          for (const job of backgroundJobs(container)) output.out(`${job.name}: ${JSON.stringify((await job.run()) ?? null)}`);
          return 0;
        });
      default:
        output.err(USAGE);
        return 2;
    }
  } catch (error) {
    if (error instanceof ConfigError) output.err(error.message);
    else if (isAppError(error)) {
      const issues = error.details.issues?.map((i) => `${i.path}: ${i.message}`).join('; ');
      output.err(`Refused: ${issues ?? error.message}`);
    } else output.err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (require.main === module) {
  void runAdmin(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then((code) => process.exit(code));
}
