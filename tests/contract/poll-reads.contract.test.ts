import type { NewChallenge } from '../../application/ports/challenges';
import type { PollReads, ViewerPollQuery } from '../../application/ports/poll';
import { SeparatePollReads } from '../../application/play/separate-poll-reads';
import { TypeOrmPollReads } from '../../adapters/persistence/typeorm/repositories';
import { describeContract, minutesAfter, T0, type Harness } from './harness';

/** The store's PollReads as the container binds it: one statement on Postgres, the separate reads elsewhere. */
function pollReads(h: Harness): PollReads {
  return h.database ? new TypeOrmPollReads(h.database) : new SeparatePollReads(h.tokens, h.challenges, h.sessions);
}

function challenge(sourceUserId: number, targetUserId: number, priceCents: number, startingFen: string | null = null): NewChallenge {
  return { sourceUserId, targetUserId, pricePerMinCents: priceCents / 10, priceCents, minsPerSide: 10, incrementSecs: 2, playAs: 'white', startingFen, startingPositionType: startingFen ? 'position_of_the_week' : null };
}

let holds = 0;

/**
 * The poll's one read must give exactly what the three repositories give, field for field (dates, numbers,
 * booleans, nulls, text with quotes and non-Latin letters), whatever the store makes of it (JSON on Postgres).
 */
describeContract('PollReads', (h: () => Harness) => {
  async function world() {
    const make = async (slug: string) => (await h().users.create({ email: `${slug}@example.com`, username: slug, passwordHash: null, timezone: 'Europe/Zagreb' })).id;
    const viewer = await make('poll-viewer');
    const pro = await make('poll-pro');
    const other = await make('poll-other');
    await h().tokens.create({ tokenHash: 'hash-viewer', userId: viewer, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    await h().tokens.create({ tokenHash: 'hash-other', userId: other, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    const hold = async (userId: number, cents: number) => {
      const id = `poll-hold-${++holds}`;
      await h().ledger.createHold({ id, userId, amountCents: cents, status: 'open', capturedCents: 0, reference: null, createdAt: T0, settledAt: null });
      return id;
    };
    // Sent by the viewer (one accepted with a game, one old and finished), and received from another user.
    const sent = await h().challenges.createBatch({ id: `poll-batch-${holds}`, sourceUserId: viewer, holdId: await hold(viewer, 3000), holdCents: 3000, createdAt: T0 }, [
      challenge(viewer, pro, 1500, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'),
      challenge(viewer, other, 3000),
    ]);
    await h().challenges.changeStatus(sent[0]!.id, 'pending', 'accepted', minutesAfter(T0, 1));
    await h().challenges.setGame(sent[0]!.id, { gameId: 'AbCd1234', sourceColor: 'white', sourceUrl: 'https://lichess.org/AbCd1234/white', targetUrl: 'https://lichess.org/AbCd1234/black' }, minutesAfter(T0, 1));
    await h().challenges.changeStatus(sent[1]!.id, 'pending', 'rejected', minutesAfter(T0, 1));
    await h().challenges.createBatch({ id: `poll-batch-in-${holds}`, sourceUserId: other, holdId: await hold(other, 900), holdCents: 900, createdAt: minutesAfter(T0, 3) }, [
      challenge(other, viewer, 900),
    ]);
    const session = await h().sessions.create(
      {
        sourceUserId: viewer,
        targetUserId: pro,
        pricePerMinCents: 150,
        priceCents: 6750,
        analysisRequested: true,
        minsPerSide: 15,
        timezone: 'Europe/Zagreb',
        availableTimes: 'Evenings "after 6", Łódź time 😀',
        details: 'Sicilian \\ Najdorf',
        lichessProfile: 'poll-viewer',
        holdId: await hold(viewer, 6750),
      },
      minutesAfter(T0, 4),
    );
    await h().sessions.changeStatus(session.id, ['pending_schedule'], 'scheduled', minutesAfter(T0, 5), { scheduledAt: minutesAfter(T0, 1440), videoCallUrl: 'https://meet.example/x', bumpInvite: true });
    await h().sessions.create(
      { sourceUserId: other, targetUserId: viewer, pricePerMinCents: 100, priceCents: 4500, analysisRequested: false, minsPerSide: 10, timezone: 'UTC', availableTimes: 'any', details: '', lichessProfile: 'o', holdId: await hold(other, 4500) },
      minutesAfter(T0, 6),
    );
    return { viewer, other };
  }

  const query = (tokenHash: string, challengeLimit = 50, sessionLimit = 200): ViewerPollQuery => ({ tokenHash, challengesEndedSince: minutesAfter(T0, 1.5), challengeLimit, sessionLimit });

  it('gives the session, its user and both lists exactly as findSession and the two listForUser reads', async () => {
    const { viewer } = await world();
    const read = await pollReads(h()).forToken(query('hash-viewer'));
    expect(read.session).toEqual(await h().tokens.findSession('hash-viewer'));
    expect(read.challenges).toEqual(await h().challenges.listForUser(viewer, minutesAfter(T0, 1.5), 50));
    expect(read.sessions).toEqual(await h().sessions.listForUser(viewer, 200));
    // The lists hold what the poll shows: the accepted game and the one received (newest first); the rejected one
    // changed before `challengesEndedSince` is left out; both sessions, newest first.
    expect(read.challenges.map((c) => c.status)).toEqual(['pending', 'accepted']);
    expect(read.challenges[1]).toMatchObject({ gameId: 'AbCd1234', sourceColor: 'white', incrementSecs: 2, startingPositionType: 'position_of_the_week', acceptedAt: minutesAfter(T0, 1) });
    expect(read.sessions.map((s) => s.status)).toEqual(['pending_schedule', 'scheduled']);
    expect(read.sessions[1]).toMatchObject({ availableTimes: 'Evenings "after 6", Łódź time 😀', details: 'Sicilian \\ Najdorf', analysisRequested: true, scheduledAt: minutesAfter(T0, 1440), inviteSequence: 1 });
  });

  it('honours the limits, newest first', async () => {
    const { viewer } = await world();
    const read = await pollReads(h()).forToken(query('hash-viewer', 1, 1));
    expect(read.challenges).toEqual(await h().challenges.listForUser(viewer, minutesAfter(T0, 1.5), 1));
    expect(read.challenges).toHaveLength(1);
    expect(read.sessions).toEqual(await h().sessions.listForUser(viewer, 1));
    expect(read.sessions).toHaveLength(1);
  });

  it('an unknown token is no session and no lists; a user with nothing has empty lists', async () => {
    await world();
    expect(await pollReads(h()).forToken(query('hash-nobody'))).toEqual({ session: null, challenges: [], sessions: [] });
    const lonely = await h().users.create({ email: 'lonely@example.com', username: 'lonely', passwordHash: null, timezone: null });
    await h().tokens.create({ tokenHash: 'hash-lonely', userId: lonely.id, createdAt: T0, expiresAt: minutesAfter(T0, 60) });
    const read = await pollReads(h()).forToken(query('hash-lonely'));
    expect(read.session?.user.id).toBe(lonely.id);
    expect(read).toMatchObject({ challenges: [], sessions: [] });
  });

  it('polls made at once (one statement on Postgres) each get their own answer, in any mix', async () => {
    const { viewer, other } = await world();
    const reads = pollReads(h());
    const answers = await Promise.all([
      reads.forToken(query('hash-viewer')),
      reads.forToken(query('hash-nobody')),
      reads.forToken(query('hash-other')),
      reads.forToken(query('hash-viewer')),
      reads.forToken({ ...query('hash-other'), challengesEndedSince: T0 }),
    ]);
    expect(answers[0]).toEqual({ session: await h().tokens.findSession('hash-viewer'), challenges: await h().challenges.listForUser(viewer, minutesAfter(T0, 1.5), 50), sessions: await h().sessions.listForUser(viewer, 200) });
    expect(answers[1]).toEqual({ session: null, challenges: [], sessions: [] });
    expect(answers[2]).toEqual({ session: await h().tokens.findSession('hash-other'), challenges: await h().challenges.listForUser(other, minutesAfter(T0, 1.5), 50), sessions: await h().sessions.listForUser(other, 200) });
    expect(answers[3]).toEqual(answers[0]);
    // Each poll's own `challengesEndedSince`: from T0 the rejected challenge to `other` is listed again.
    expect(answers[4]!.challenges).toEqual(await h().challenges.listForUser(other, T0, 50));
    expect(answers[4]!.challenges.length).toBeGreaterThan(answers[2]!.challenges.length);
  });

  it('a revoked or expired session is still returned as stored (the caller decides), with its record', async () => {
    await world();
    await h().tokens.revoke('hash-other', minutesAfter(T0, 10));
    const read = await pollReads(h()).forToken(query('hash-other'));
    expect(read.session?.record).toEqual((await h().tokens.findSession('hash-other'))?.record);
    expect(read.session?.record.revokedAt).toEqual(minutesAfter(T0, 10));
  });
});
