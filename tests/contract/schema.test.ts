import { Container } from 'inversify';
import { Database } from '../../adapters/persistence/typeorm/database';
import { ENTITIES, PasswordResetEntity, UserEntity } from '../../adapters/persistence/typeorm/entities';
import * as repositories from '../../adapters/persistence/typeorm/repositories';
import { openDatabase } from '../../adapters/persistence/typeorm/database';
import { describeEachDialect, openTestDatabase, postgresAvailableSync, ciRequiresServices, resetTables, type TestDatabase } from '../support/databases';
import { typeOrmHarness, minutesAfter, T0, type Harness } from './harness';

interface ColumnShape {
  nullable: boolean;
  /** INTEGER or TEXT: Postgres booleans are SQLite 0/1 integers, timestamptz is SQLite UTC text. */
  family: 'INTEGER' | 'TEXT';
}
type SchemaShape = Record<string, Record<string, ColumnShape>>;

async function schemaOf(database: Database): Promise<{ tables: SchemaShape; indexes: string[] }> {
  return database.withManager(async (m) => {
    const tables: SchemaShape = {};
    if (database.dialect === 'postgres') {
      const cols: { table_name: string; column_name: string; is_nullable: string; data_type: string }[] = await m.query(
        `SELECT table_name, column_name, is_nullable, data_type FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name <> 'migrations'`,
      );
      for (const c of cols) {
        const family = ['bigint', 'integer', 'boolean'].includes(c.data_type) ? 'INTEGER' : 'TEXT';
        (tables[c.table_name] ??= {})[c.column_name] = { nullable: c.is_nullable === 'YES', family };
      }
      const idx: { indexname: string }[] = await m.query(`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE 'ix\\_%'`);
      return { tables, indexes: idx.map((i) => i.indexname).sort() };
    }
    const names: { name: string }[] = await m.query(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('migrations', 'sqlite_sequence')`,
    );
    for (const { name } of names) {
      const cols: { name: string; type: string; notnull: number; pk: number }[] = await m.query(`PRAGMA table_info("${name}")`);
      for (const c of cols) {
        tables[name] = tables[name] ?? {};
        (tables[name] as Record<string, ColumnShape>)[c.name] = {
          nullable: c.notnull === 0 && c.pk === 0,
          family: c.type.toUpperCase() === 'INTEGER' ? 'INTEGER' : 'TEXT',
        };
      }
    }
    const idx: { name: string }[] = await m.query(`SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'ix\\_%' ESCAPE '\\'`);
    return { tables, indexes: idx.map((i) => i.name).sort() };
  });
}

const bothAvailable = postgresAvailableSync() || ciRequiresServices();
if (!bothAvailable) console.warn('Skipping the SQLite/Postgres schema comparison: Postgres does not answer');
(bothAvailable ? describe : describe.skip)('migrations [sqlite vs postgres]', () => {
  it('produce the same tables, columns, nullability, type families and indexes on both dialects', async () => {
    const sqlite = await openTestDatabase('sqlite');
    const postgres = await openTestDatabase('postgres');
    try {
      const [a, b] = [await schemaOf(sqlite.database), await schemaOf(postgres.database)];
      expect(Object.keys(a.tables)).toEqual(
        expect.arrayContaining(['audit_log', 'auth_tokens', 'client_logs', 'contact_messages', 'oauth_attempts', 'password_resets', 'users']),
      );
      expect(a.tables).toEqual(b.tables);
      expect(a.indexes).toEqual(b.indexes);
      expect(a.indexes).toEqual(expect.arrayContaining(['ix_users_role_online', 'ix_client_logs_received_at', 'ix_auth_tokens_user_id']));
      expect(sqlite.migrations).toEqual(postgres.migrations);
    } finally {
      await sqlite.cleanup();
      await postgres.cleanup();
    }
  });
});

describeEachDialect('schema rules', (dialect) => {
  let db: TestDatabase;
  let h: Harness;
  beforeAll(async () => {
    db = await openTestDatabase(dialect);
    h = typeOrmHarness(db.database);
  });
  beforeEach(async () => resetTables(db.database));
  afterAll(async () => db?.cleanup());

  const exec = (sql: string) => db.database.withManager((m) => m.query(sql));
  const user = () => h.users.create({ email: 'u@example.com', username: 'u', passwordHash: null, timezone: null });

  it('applying the migrations again (also from a second connection) applies nothing', async () => {
    expect(db.migrations.slice(0, 2)).toEqual(['FoundationSchema1763800000000', 'RecordsSchema1763800001000']);
    expect(await db.database.migrate()).toEqual([]);
    const again = await openDatabase({ url: db.url, poolSize: 1 });
    try {
      expect(await again.migrate()).toEqual([]);
    } finally {
      await again.close();
    }
  });

  it('rejects negative credits, a negative price, an unknown role or title, and a half-set schedule', async () => {
    const u = await user();
    await expect(exec(`UPDATE users SET credits_cents = -1 WHERE id = ${u.id}`)).rejects.toThrow();
    await expect(exec(`UPDATE users SET price_per_min_cents = -5 WHERE id = ${u.id}`)).rejects.toThrow();
    await expect(exec(`UPDATE users SET role = 'owner' WHERE id = ${u.id}`)).rejects.toThrow();
    await expect(exec(`UPDATE users SET title = 'XX' WHERE id = ${u.id}`)).rejects.toThrow();
    await expect(exec(`UPDATE users SET online_schedule_from = '08:00' WHERE id = ${u.id}`)).rejects.toThrow();
    await exec(`UPDATE users SET credits_cents = 0 WHERE id = ${u.id}`);
    expect((await h.users.findById(u.id))?.creditsCents).toBe(0);
  });

  it('a token or reset for an unknown user is refused (foreign keys are enforced)', async () => {
    await expect(h.tokens.create({ tokenHash: 'x', userId: 999, createdAt: T0, expiresAt: T0 })).rejects.toThrow();
    await expect(h.resets.create({ tokenHash: 'x', userId: 999, createdAt: T0, expiresAt: T0 })).rejects.toThrow();
  });

  it('deleting a user cascades to tokens and resets and keeps contact messages without the user', async () => {
    const u = await user();
    await h.tokens.create({ tokenHash: 't', userId: u.id, createdAt: T0, expiresAt: minutesAfter(T0, 5) });
    await h.resets.create({ tokenHash: 'r', userId: u.id, createdAt: T0, expiresAt: minutesAfter(T0, 5) });
    await h.contacts.add({ name: 'n', email: 'e@x', lichess: '', chesscom: '', message: 'm', userId: u.id, createdAt: T0 });
    await exec(`DELETE FROM users WHERE id = ${u.id}`);
    expect(await h.tokens.find('t')).toBeNull();
    expect(await h.resets.consume('r', T0)).toBeNull();
    expect((await h.contacts.list(5))[0]?.userId).toBeNull();
  });

  it('every entity reads the migrated tables, and entity-written timestamps compare like repository-written ones', async () => {
    const u = await user();
    await h.contacts.add({ name: 'n', email: 'e@x', lichess: '', chesscom: '', message: 'm', userId: u.id, createdAt: T0 });
    await h.logs.addMany([{ uuid: 'l', level: 'warn', message: 'm', context: '{}', timestamp: T0, userId: u.id, appLoadUuid: 'a', receivedAt: T0 }]);
    await h.audit.add({ actorUserId: u.id, action: 'a', targetUserId: null, details: '{}', at: T0 });
    await h.oauth.create({ state: 's', codeVerifier: 'v', nonce: 'n', timezone: null, createdAt: T0, expiresAt: minutesAfter(T0, 1) });
    // Each entity's columns match its migrated table: a find that names a missing column would throw.
    for (const entity of ENTITIES) {
      const rows = await db.database.withManager((m) => m.getRepository(entity).find({ take: 5 }));
      expect(Array.isArray(rows)).toBe(true);
    }
    const viaEntity = await db.database.withManager((m) => m.getRepository(UserEntity).findOneByOrFail({ id: u.id }));
    expect(viaEntity).toMatchObject({ id: u.id, email: 'u@example.com', createdAt: u.createdAt, online: false, availableForScheduledChallenges: true });
    await db.database.withManager((m) =>
      m.getRepository(PasswordResetEntity).insert({ tokenHash: 'ent', userId: u.id, createdAt: T0, expiresAt: minutesAfter(T0, 60), usedAt: null }),
    );
    expect(await h.resets.consume('ent', minutesAfter(T0, 60))).toBeNull();
    expect(await h.resets.consume('ent', minutesAfter(T0, 59))).toBe(u.id);
  });

  it('every TypeORM repository resolves from an inversify container given only the Database', async () => {
    const container = new Container();
    container.bind(Database).toConstantValue(db.database);
    for (const repository of Object.values(repositories)) {
      container.bind(repository).toSelf();
      expect(container.get(repository)).toBeInstanceOf(repository);
    }
  });
});
