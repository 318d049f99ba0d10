import { setTimeout as sleep } from 'node:timers/promises';
import { InMemoryUnitOfWork, InMemoryUserRepository } from '../../adapters/persistence/in-memory';
import { describeEachDialect, openTestDatabase, resetTables, type TestDatabase } from '../support/databases';
import { typeOrmHarness, minutesAfter, T0, type Harness } from './harness';

class Boom extends Error {}

describeEachDialect('TypeOrmUnitOfWork', (dialect) => {
  let db: TestDatabase;
  let h: Harness;
  beforeAll(async () => {
    db = await openTestDatabase(dialect);
    h = typeOrmHarness(db.database);
  });
  beforeEach(async () => resetTables(db.database));
  afterAll(async () => db?.cleanup());

  const newUser = (email: string) => ({ email, username: email.split('@')[0] ?? 'u', passwordHash: null, timezone: null });

  it('a unit that throws midway leaves nothing written', async () => {
    await expect(
      h.unitOfWork.run(async () => {
        const user = await h.users.create(newUser('atomic@example.com'));
        await h.tokens.create({ tokenHash: 'tok', userId: user.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
        await h.users.updateProfile(user.id, { firstName: 'Half' });
        throw new Boom('midway');
      }),
    ).rejects.toBeInstanceOf(Boom);
    expect(await h.users.findByEmail('atomic@example.com')).toBeNull();
    expect(await h.tokens.find('tok')).toBeNull();
  });

  it('a nested run joins the outer unit and rolls back with it', async () => {
    await expect(
      h.unitOfWork.run(async () => {
        await h.unitOfWork.run(async () => h.users.create(newUser('inner@example.com')));
        await h.users.create(newUser('outer@example.com'));
        throw new Boom('after inner');
      }),
    ).rejects.toBeInstanceOf(Boom);
    expect(await h.users.findByEmail('inner@example.com')).toBeNull();
    expect(await h.users.findByEmail('outer@example.com')).toBeNull();
  });

  it('a unit that succeeds commits everything and returns its value', async () => {
    const id = await h.unitOfWork.run(async () => {
      const user = await h.users.create(newUser('ok@example.com'));
      await h.tokens.create({ tokenHash: 'tok-ok', userId: user.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
      return user.id;
    });
    expect((await h.users.findByEmail('ok@example.com'))?.id).toBe(id);
    expect((await h.tokens.find('tok-ok'))?.userId).toBe(id);
  });

  it('a duplicate e-mail inside a unit raises user_exists and rolls the unit back', async () => {
    await h.users.create(newUser('taken@example.com'));
    await expect(
      h.unitOfWork.run(async () => {
        await h.users.create(newUser('fresh@example.com'));
        await h.users.create(newUser('taken@example.com'));
      }),
    ).rejects.toMatchObject({ kind: 'user_exists' });
    expect(await h.users.findByEmail('fresh@example.com')).toBeNull();
  });

  it('a statement outside any unit is not rolled back by a concurrent failing unit', async () => {
    const failing = h.unitOfWork.run(async () => {
      await h.users.create(newUser('doomed@example.com'));
      await sleep(30);
      throw new Boom('late failure');
    });
    const outside = h.users.create(newUser('bystander@example.com'));
    await expect(failing).rejects.toBeInstanceOf(Boom);
    await outside;
    expect(await h.users.findByEmail('bystander@example.com')).not.toBeNull();
    expect(await h.users.findByEmail('doomed@example.com')).toBeNull();
  });

  if (dialect === 'sqlite') {
    it('20 overlapping read-then-write transactions all land (the SQLite mutex serialises them)', async () => {
      const user = await h.users.create(newUser('counter@example.com'));
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          db.database.transaction(async (manager) => {
            const rows: { credits_cents: number }[] = await manager.query('SELECT credits_cents FROM users WHERE id = ?', [user.id]);
            await sleep(i % 3); // yield so that, without the mutex, the transactions would interleave
            await manager.query('UPDATE users SET credits_cents = ? WHERE id = ?', [(rows[0]?.credits_cents ?? 0) + 1, user.id]);
          }),
        ),
      );
      expect((await h.users.findById(user.id))?.creditsCents).toBe(20);
    });
  }
});

describe('InMemoryUnitOfWork', () => {
  it('serialises overlapping runs: one finishes before the next starts', async () => {
    const unit = new InMemoryUnitOfWork();
    const events: string[] = [];
    await Promise.all(
      [0, 1, 2].map((i) =>
        unit.run(async () => {
          events.push(`start${i}`);
          await sleep(5);
          events.push(`end${i}`);
        }),
      ),
    );
    expect(events).toEqual(['start0', 'end0', 'start1', 'end1', 'start2', 'end2']);
  });

  it('a nested run joins the outer one instead of waiting for it (no deadlock)', async () => {
    const unit = new InMemoryUnitOfWork();
    await expect(unit.run(() => unit.run(async () => 42))).resolves.toBe(42);
  });

  it('rolls back the enlisted stores when a run throws, like a SQL transaction', async () => {
    const users = new InMemoryUserRepository();
    const unit = new InMemoryUnitOfWork().enlist(users);
    await users.create({ email: 'before@example.com', username: 'before', passwordHash: null, timezone: null });
    await expect(
      unit.run(async () => {
        await users.create({ email: 'gone@example.com', username: 'gone', passwordHash: null, timezone: null });
        throw new Boom('midway');
      }),
    ).rejects.toBeInstanceOf(Boom);
    expect(await users.findByEmail('gone@example.com')).toBeNull();
    expect(await users.findByEmail('before@example.com')).not.toBeNull();
    // The id sequence rolled back too, as the next insert shows.
    const next = await users.create({ email: 'next@example.com', username: 'next', passwordHash: null, timezone: null });
    expect(next.id).toBe(2);
  });

  it('keeps the writes of a run that succeeds, and of stores not enlisted', async () => {
    const enlisted = new InMemoryUserRepository();
    const loose = new InMemoryUserRepository();
    const unit = new InMemoryUnitOfWork().enlist(enlisted);
    await unit.run(async () => {
      await enlisted.create({ email: 'kept@example.com', username: 'kept', passwordHash: null, timezone: null });
    });
    await expect(
      unit.run(async () => {
        await loose.create({ email: 'loose@example.com', username: 'loose', passwordHash: null, timezone: null });
        throw new Boom('x');
      }),
    ).rejects.toBeInstanceOf(Boom);
    expect(await enlisted.findByEmail('kept@example.com')).not.toBeNull();
    expect(await loose.findByEmail('loose@example.com')).not.toBeNull();
  });

  it('a failed run releases the lock for the next one', async () => {
    const unit = new InMemoryUnitOfWork();
    await expect(unit.run(async () => Promise.reject(new Boom('x')))).rejects.toBeInstanceOf(Boom);
    await expect(unit.run(async () => 'next')).resolves.toBe('next');
  });
});
