import { UserRepository } from '../../application/ports/users';
import { describeEachDialect } from '../support/databases';
import { signUp, startTestServer, type TestServer } from '../support/http';

interface ListedOpponent {
  user_id: number;
  price_per_min: number;
  online: boolean;
}

/**
 * With the production snapshot lifetime (1 s), a change made through this server shows in the very next poll,
 * not up to a second later: a person who saves a price, an admin who promotes a player, a titled player whose
 * first poll brings them online. Each step polls right after the change, well inside the lifetime.
 */
describeEachDialect('get_app_state shows changes made on this server at once (snapshot lifetime 1 s)', (dialect) => {
  let server: TestServer;
  let users: UserRepository;
  let adminToken: string;
  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { OPPONENTS_SNAPSHOT_MS: '1000' } });
    users = server.container.get<UserRepository>(UserRepository);
    const admin = await signUp(server, 'own-changes-admin@example.com');
    await users.setRole(admin.user.id as number, 'admin', null);
    adminToken = admin.token;
  });
  afterAll(async () => server.close());

  const listed = async (): Promise<ListedOpponent[]> => {
    const result = await server.call('/api/get_app_state');
    expect(result.status).toBe(200);
    return result.body.opponents as ListedOpponent[];
  };

  it('a promotion, a price, the first poll (online) and a new price each show in the next poll', async () => {
    const player = await signUp(server, 'own-changes-pro@example.com');
    const id = player.user.id as number;
    expect((await listed()).some((o) => o.user_id === id)).toBe(false); // the snapshot is now fresh

    const promoted = await server.call('/api/admin/set_role', { token: adminToken, body: { user_id: id, role: 'pro', title: 'IM' } });
    expect(promoted.status).toBe(200);
    expect((await listed()).some((o) => o.user_id === id)).toBe(false); // no price yet: not listed

    const priced = await server.call('/api/update_profile', { token: player.token, body: { pricePerMin: 2.25, online: true, lichessUsername: 'own_changes_pro' } });
    expect(priced.status).toBe(200);
    const afterPrice = (await listed()).find((o) => o.user_id === id);
    expect(afterPrice).toMatchObject({ price_per_min: 2.25, online: false }); // listed; not seen yet

    expect((await server.call('/api/get_app_state', { token: player.token })).status).toBe(200);
    expect((await listed()).find((o) => o.user_id === id)).toMatchObject({ online: true });

    await server.call('/api/update_profile', { token: player.token, body: { pricePerMin: 3 } });
    expect((await listed()).find((o) => o.user_id === id)).toMatchObject({ price_per_min: 3, online: true });
  });
});
