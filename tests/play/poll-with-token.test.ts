import { AppStateService } from '../../application/play/app-state-service';
import { SessionService as LoginSessions } from '../../application/accounts/sessions';
import { AuthTokenRepository } from '../../application/ports/users';
import { hashToken } from '../../application/accounts/token-hash';
import { playHarness, type PlayHarness } from './harness';

const GAME = { minsPerSide: 10, incrementInSecs: 0, playAs: 'random' as const, startingFen: null, startingPositionType: null };

/** The signed-in poll reads the session and the viewer's part together; it must check the token as HttpAuth does. */
describe('AppStateService.pollWithToken on the in-memory adapters', () => {
  let h: PlayHarness;
  let appState: AppStateService;
  let logins: LoginSessions;
  beforeEach(() => {
    h = playHarness();
    appState = h.container.get(AppStateService);
    logins = h.container.get(LoginSessions);
  });

  it('gives the viewer, their challenges (sent and received) and sessions, with names from the roster', async () => {
    const pro = await h.pro(150);
    const me = await h.amateur(5000);
    const token = await logins.issue(me.id);
    await h.service.send(me, { targetIds: [pro.id], config: GAME });
    const roster = await appState.roster();
    const polled = await appState.pollWithToken(token, roster.profiles);
    expect(polled.user.id).toBe(me.id);
    expect(polled.tokenHash).toBe(hashToken(token));
    expect(polled.challenges.map((c) => [c.record.targetUserId, c.status])).toEqual([[pro.id, 'pending']]);
    expect(polled.scheduledChallenges).toEqual([]);
    // The pro sees the same challenge from their side.
    const theirs = await appState.pollWithToken(await logins.issue(pro.id), roster.profiles);
    expect(theirs.challenges.map((c) => c.record.sourceUserId)).toEqual([me.id]);
  });

  it('an unknown, revoked or expired token is ERR_TOKEN_EXPIRED, like every other call', async () => {
    const me = await h.amateur(0);
    await expect(appState.pollWithToken('not-a-token', [])).rejects.toMatchObject({ kind: 'token_expired' });
    const revoked = await logins.issue(me.id);
    await logins.revoke(hashToken(revoked));
    await expect(appState.pollWithToken(revoked, [])).rejects.toMatchObject({ kind: 'token_expired' });
    const old = await logins.issue(me.id);
    h.clock.advanceMinutes(60 * 24 * 365);
    await expect(appState.pollWithToken(old, [])).rejects.toMatchObject({ kind: 'token_expired' });
  });

  it('marks the viewer seen (at most once per interval) and renews a sliding session like authenticate', async () => {
    const me = await h.amateur(0);
    const token = await logins.issue(me.id);
    const tokens = h.container.get<AuthTokenRepository>(AuthTokenRepository);
    const issuedExpiry = (await tokens.find(hashToken(token)))!.expiresAt;
    h.clock.advanceMinutes(24 * 60);
    await appState.pollWithToken(token, []);
    expect((await h.fresh(me)).lastSeenAt).toEqual(h.clock.now());
    expect((await tokens.find(hashToken(token)))!.expiresAt.getTime()).toBeGreaterThan(issuedExpiry.getTime());
  });
});
