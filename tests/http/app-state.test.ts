import { CreditsService } from '../../application/credits/credits-service';
import { UserRepository } from '../../application/ports/users';
import type { ProfilePatch } from '../../domain/user';
import { describeEachDialect } from '../support/databases';
import { signUp, startTestServer, type TestServer } from '../support/http';

/** The spec's Opponent fields, exactly (spec section 3). */
const OPPONENT_KEYS = [
  'available_for_scheduled_challenges',
  'first_name',
  'last_name',
  'lichess_blitz_rating',
  'lichess_bullet_rating',
  'lichess_rapid_rating',
  'mins_per_side_max',
  'mins_per_side_min',
  'online',
  'postgame_analysis_price',
  'price_per_min',
  'profile_filename',
  'provides_postgame_analysis',
  'title',
  'user_id',
  'username',
];

type OpponentJson = Record<string, unknown> & { user_id: number; online: boolean };

function opponentsOf(body: Record<string, unknown>): OpponentJson[] {
  return body.opponents as OpponentJson[];
}

function find(body: Record<string, unknown>, userId: number): OpponentJson | undefined {
  return opponentsOf(body).find((o) => o.user_id === userId);
}

describeEachDialect('play reads over HTTP (get_app_state, get_schedule_data)', (dialect) => {
  let server: TestServer;
  let users: UserRepository;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    users = server.container.get<UserRepository>(UserRepository);
  });
  afterAll(async () => server.close());

  /** A titled player made the way an admin would (role pro), signed in, with a profile. */
  async function pro(patch: ProfilePatch = {}, seenSecondsAgo: number | null = 10): Promise<{ id: number; token: string; email: string }> {
    counter += 1;
    const email = `pro${counter}@example.com`;
    const { token, user } = await signUp(server, email);
    const id = user.id as number;
    await users.setRole(id, 'pro', 'IM');
    await users.updateProfile(id, { firstName: `First${counter}`, lastName: `Last${counter}`, online: true, pricePerMinCents: 200, ...patch });
    if (seenSecondsAgo !== null) await users.markSeen(id, new Date(server.clock.now().getTime() - seenSecondsAgo * 1000), 0);
    return { id, token, email };
  }

  async function regular(): Promise<{ id: number; token: string; email: string }> {
    counter += 1;
    const email = `regular${counter}@example.com`;
    const { token, user } = await signUp(server, email);
    return { id: user.id as number, token, email };
  }

  describe('GET /api/get_app_state', () => {
    it('a visitor gets every opponent with exactly the spec fields in US$, user null, empty challenge lists, revalidated every time', async () => {
      const judit = await pro({
        title: 'GM',
        firstName: 'Judit',
        lastName: 'Polgar',
        pricePerMinCents: 450,
        minsPerSideMin: 3,
        minsPerSideMax: 60,
        lichessBulletRating: 2700,
        lichessBlitzRating: 2710,
        lichessRapidRating: 2720,
        providesPostgameAnalysis: true,
        availableForScheduledChallenges: false,
      });
      await users.setRole(judit.id, 'pro', 'GM');
      await users.setProfileFilename(judit.id, 'judit.png');
      const result = await server.call('/api/get_app_state?t=1700000000000');
      expect(result.status).toBe(200);
      expect(result.headers.get('cache-control')).toBe('no-cache');
      expect(result.body).toMatchObject({ success: true, user: null, challenges: [], scheduled_challenges: [] });
      expect(find(result.body, judit.id)).toEqual({
        username: expect.any(String),
        user_id: judit.id,
        price_per_min: 4.5,
        online: true,
        mins_per_side_min: 3,
        mins_per_side_max: 60,
        profile_filename: 'judit.png',
        title: 'GM',
        first_name: 'Judit',
        last_name: 'Polgar',
        lichess_bullet_rating: 2700,
        lichess_blitz_rating: 2710,
        lichess_rapid_rating: 2720,
        provides_postgame_analysis: true,
        postgame_analysis_price: 67.5,
        available_for_scheduled_challenges: false,
      });
    });

    it('a signed-in regular gets their own user and the opponents; regulars and admins are never opponents', async () => {
      const player = await pro();
      const me = await regular();
      const admin = await regular();
      await users.setRole(admin.id, 'admin', null);
      const result = await server.call('/api/get_app_state', { token: me.token });
      expect(result.status).toBe(200);
      expect(result.body.user).toMatchObject({ id: me.id, email: me.email, role: 'regular' });
      expect(find(result.body, player.id)).toBeDefined();
      expect(find(result.body, me.id)).toBeUndefined();
      expect(find(result.body, admin.id)).toBeUndefined();
    });

    it('a signed-in pro does not see themselves but sees the other pros', async () => {
      const me = await pro();
      const other = await pro();
      const result = await server.call('/api/get_app_state', { token: `Bearer ${me.token}` });
      expect((result.body.user as { id: number }).id).toBe(me.id);
      expect(find(result.body, me.id)).toBeUndefined();
      expect(find(result.body, other.id)).toBeDefined();
    });

    it('lists opponents in a stable order (by user id)', async () => {
      await pro();
      await pro();
      const ids = opponentsOf((await server.call('/api/get_app_state')).body).map((o) => o.user_id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(opponentsOf((await server.call('/api/get_app_state')).body).map((o) => o.user_id)).toEqual(ids);
    });

    it('online is derived: toggle on and seen 10 s ago is true; seen 91 s ago, never seen, or toggle off is false', async () => {
      const fresh = await pro({}, 10);
      const edge = await pro({}, 90);
      const stale = await pro({}, 91);
      const never = await pro({}, null);
      const off = await pro({ online: false }, 0);
      const body = (await server.call('/api/get_app_state')).body;
      expect(find(body, fresh.id)?.online).toBe(true);
      expect(find(body, edge.id)?.online).toBe(true);
      expect(find(body, stale.id)?.online).toBe(false);
      expect(find(body, never.id)?.online).toBe(false);
      expect(find(body, off.id)?.online).toBe(false);
    });

    it("a pro's own polling keeps them available; 91 s without a poll makes them unavailable to others", async () => {
      const me = await pro({}, null);
      expect(find((await server.call('/api/get_app_state')).body, me.id)?.online).toBe(false);
      await server.call('/api/get_app_state', { token: me.token });
      expect(find((await server.call('/api/get_app_state')).body, me.id)?.online).toBe(true);
      server.clock.advanceSeconds(90);
      expect(find((await server.call('/api/get_app_state')).body, me.id)?.online).toBe(true);
      server.clock.advanceSeconds(1);
      expect(find((await server.call('/api/get_app_state')).body, me.id)?.online).toBe(false);
      await server.call('/api/get_app_state', { token: me.token });
      expect(find((await server.call('/api/get_app_state')).body, me.id)?.online).toBe(true);
    });

    it('no opponent carries an e-mail or any field beyond the spec list', async () => {
      const one = await pro();
      const viewer = await regular();
      const result = await server.call('/api/get_app_state', { token: viewer.token });
      const opponents = opponentsOf(result.body);
      expect(opponents.length).toBeGreaterThan(0);
      for (const opponent of opponents) expect(Object.keys(opponent).sort()).toEqual(OPPONENT_KEYS);
      expect(JSON.stringify(opponents)).not.toContain(one.email);
      expect(JSON.stringify(opponents)).not.toContain('@');
    });

    it('postgame_analysis_price is 15 x price_per_min when offered and null when not', async () => {
      const offers = await pro({ providesPostgameAnalysis: true, pricePerMinCents: 10 });
      const declines = await pro({ providesPostgameAnalysis: false, pricePerMinCents: 500 });
      const body = (await server.call('/api/get_app_state')).body;
      expect(find(body, offers.id)).toMatchObject({ price_per_min: 0.1, postgame_analysis_price: 1.5 });
      expect(find(body, declines.id)).toMatchObject({ price_per_min: 5, postgame_analysis_price: null });
    });

    it('polling twice within 15 s writes last_seen_at once; a poll after 15 s writes again', async () => {
      const me = await regular();
      const first = server.clock.now();
      await server.call('/api/get_app_state', { token: me.token });
      expect((await users.findById(me.id))?.lastSeenAt).toEqual(first);
      server.clock.advanceSeconds(5);
      await server.call('/api/get_app_state', { token: me.token });
      server.clock.advanceSeconds(10);
      await server.call('/api/get_app_state', { token: me.token });
      expect((await users.findById(me.id))?.lastSeenAt).toEqual(first);
      server.clock.advanceSeconds(1);
      await server.call('/api/get_app_state', { token: me.token });
      expect((await users.findById(me.id))?.lastSeenAt).toEqual(server.clock.now());
    });

    it('does not even try the presence write while the session user was seen within 15 s', async () => {
      const me = await regular();
      await server.call('/api/get_app_state', { token: me.token });
      const markSeen = jest.spyOn(users, 'markSeen');
      try {
        server.clock.advanceSeconds(14);
        await server.call('/api/get_app_state', { token: me.token });
        expect(markSeen).not.toHaveBeenCalled();
        server.clock.advanceSeconds(1);
        await server.call('/api/get_app_state', { token: me.token });
        expect(markSeen).toHaveBeenCalledTimes(1);
      } finally {
        markSeen.mockRestore();
      }
    });

    it('a visitor poll marks nobody seen', async () => {
      const player = await pro({}, null);
      await server.call('/api/get_app_state');
      expect((await users.findById(player.id))?.lastSeenAt).toBeNull();
    });

    it('reads the titled players with one repository call, whatever their number (no per-opponent queries)', async () => {
      await pro();
      await pro();
      const me = await regular();
      const list = jest.spyOn(users, 'listTitledPlayers');
      const byId = jest.spyOn(users, 'findById');
      try {
        const result = await server.call('/api/get_app_state', { token: me.token });
        expect(opponentsOf(result.body).length).toBeGreaterThanOrEqual(2);
        expect(list).toHaveBeenCalledTimes(1);
        // No user look-up at all: the session's user comes with its token in one joined read (HttpAuth).
        expect(byId).toHaveBeenCalledTimes(0);
      } finally {
        list.mockRestore();
        byId.mockRestore();
      }
    });

    it('a viewer with a live challenge and an open session costs no per-person look-up: names come from the roster', async () => {
      const coach = await pro({ pricePerMinCents: 100, providesPostgameAnalysis: false });
      const me = await regular();
      await server.container.get(CreditsService).transfer(
        { from: 'platform:adjustments', to: `user:${me.id}:available`, amountCents: 10_000, reason: 'admin_adjustment', description: 't', reference: null },
        `hot-path:${me.id}`,
      );
      await server.call('/api/send_challenges', { token: me.token, body: { target_user_ids: [coach.id], minsPerSide: 10, incrementInSecs: 0, playAs: 'white' } });
      const booked = await server.call('/api/schedule_game', {
        token: me.token,
        body: { opponentId: coach.id, lichessProfile: 'hotpath', minsPerSide: 10, timezone: 'UTC', availableTimes: 'any', details: '', analysisRequested: false },
      });
      expect(booked.status).toBe(200);
      const byId = jest.spyOn(users, 'findById');
      try {
        const result = await server.call('/api/get_app_state', { token: me.token });
        expect((result.body.challenges as unknown[]).length).toBe(1);
        expect((result.body.scheduled_challenges as unknown[]).length).toBe(1);
        expect(byId).toHaveBeenCalledTimes(0);
      } finally {
        byId.mockRestore();
      }
    });

    it('an unknown or revoked token answers 401 ERR_TOKEN_EXPIRED instead of a visitor view', async () => {
      const unknown = await server.call('/api/get_app_state', { token: 'not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toMatchObject({ success: false, error: 'ERR_TOKEN_EXPIRED' });
      const me = await regular();
      expect((await server.call('/api/logout', { method: 'POST', token: me.token })).status).toBe(200);
      const revoked = await server.call('/api/get_app_state', { token: me.token });
      expect(revoked.status).toBe(401);
      expect(revoked.body.error).toBe('ERR_TOKEN_EXPIRED');
    });
  });

  describe('GET /api/get_schedule_data', () => {
    it('lists only players available for scheduled sessions, with empty scheduled_challenges and no-store', async () => {
      const yes = await pro({ availableForScheduledChallenges: true });
      const no = await pro({ availableForScheduledChallenges: false });
      const result = await server.call('/api/get_schedule_data?t=5');
      expect(result.status).toBe(200);
      expect(result.headers.get('cache-control')).toBe('no-store');
      expect(result.body).toMatchObject({ success: true, scheduled_challenges: [] });
      expect(find(result.body, yes.id)).toBeDefined();
      expect(find(result.body, no.id)).toBeUndefined();
      expect(opponentsOf(result.body).every((o) => o.available_for_scheduled_challenges === true)).toBe(true);
      for (const opponent of opponentsOf(result.body)) expect(Object.keys(opponent).sort()).toEqual(OPPONENT_KEYS);
    });

    it('lists a player available for sessions even while they are offline (sessions are booked ahead)', async () => {
      const away = await pro({ online: false, availableForScheduledChallenges: true }, null);
      expect(find((await server.call('/api/get_schedule_data')).body, away.id)).toMatchObject({ online: false });
    });

    it('a signed-in pro does not see themselves; a bad token is 401 ERR_TOKEN_EXPIRED', async () => {
      const me = await pro();
      expect(find((await server.call('/api/get_schedule_data', { token: me.token })).body, me.id)).toBeUndefined();
      const bad = await server.call('/api/get_schedule_data', { token: 'bogus-token-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' });
      expect(bad.status).toBe(401);
      expect(bad.body.error).toBe('ERR_TOKEN_EXPIRED');
    });
  });
});
