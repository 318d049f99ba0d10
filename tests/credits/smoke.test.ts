import 'reflect-metadata';
import { openTestDatabase } from '../support/databases';
import { TypeOrmLedgerRepository } from '../../adapters/persistence/typeorm/ledger/TypeOrmLedgerRepository';
import { TypeOrmUnitOfWork } from '../../adapters/persistence/typeorm/TypeOrmUnitOfWork';
import { CreditsService } from '../../application/credits/credits-service';
import { checkLedger } from '../../bin/admin-ledger';
import { insertUser, cachedCredits } from './support';

test.each(['sqlite', 'postgres'] as const)('smoke %s', async (dialect) => {
  const db = await openTestDatabase(dialect);
  try {
    const ledger = new TypeOrmLedgerRepository(db.database);
    let n = 0;
    const credits = new CreditsService(ledger, new TypeOrmUnitOfWork(db.database), { now: () => new Date() }, { uuid: () => `h${++n}`, token: () => 'x' });
    const u = await insertUser(db.database, 1);
    await credits.transfer({ from: 'platform:adjustments', to: `user:${u}:available`, amountCents: 1000, reason: 'admin_adjustment', description: 'x', reference: null }, 'k1');
    const hold = await credits.hold(u, 700, 'k2');
    await credits.capture(hold.id, 500, 'k3');
    expect(await cachedCredits(db.database, u)).toBe(500);
    expect(await checkLedger(db.database)).toEqual({ ok: true, problems: [] });
  } finally {
    await db.cleanup();
  }
});
