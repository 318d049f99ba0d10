import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/env';
import { openDatabase, type Database } from '../adapters/persistence/typeorm/database';
import { buildContainer } from '../config/container';
import { AdminUserService } from '../application/admin/admin-users';
import { isAppError } from '../domain/errors';
import { checkLedger } from './admin-ledger';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  create-admin <email> <password>   create an admin account, or promote an existing user (prints its id)
  check-ledger                      verify that all ledger accounts sum to zero and each cached balance matches
`;

async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 2 });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'create-admin': {
      const [email, password] = args;
      if (!email || !password) {
        process.stderr.write(USAGE);
        return 2;
      }
      return withDatabase(async (database) => {
        const { container } = buildContainer({ config: loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), database });
        const { user, created } = await container.get(AdminUserService).createAdmin({ email, password });
        process.stdout.write(`${created ? 'Created' : 'Promoted'} admin ${user.email} with id ${user.id}\n`);
        return 0;
      });
    }
    case 'check-ledger':
      return withDatabase(async (database) => {
        const report = await checkLedger(database);
        if (report.ok) {
          process.stdout.write('Ledger is consistent: all accounts sum to zero and every cached balance matches.\n');
          return 0;
        }
        process.stderr.write(`Ledger is NOT consistent:\n${report.problems.map((p) => `  - ${p}`).join('\n')}\n`);
        return 1;
      });
    default:
      process.stderr.write(USAGE);
      return 2;
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else if (isAppError(error)) process.stderr.write(`Refused: ${error.message}\n`);
    else process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
