import { inject, injectable } from 'inversify';
import { TITLED_PLAYERS } from '../content/titled-players';
import { AuthTokenRepository, UserRepository } from '../application/ports/users';
import { Clock } from '../application/ports/system';
import { PRESENCE_WRITE_INTERVAL_MS } from '../domain/opponents';
import { RosterChanges } from '../application/play/roster-changes';
import { demoPlayerEmail } from './demo-data';

/** Often enough to stay well inside the 90 s presence timeout, rare enough to cost nothing. */
export const DEMO_PRESENCE_INTERVAL_MS = 30_000;

/**
 * The presence half of the development profile's demo responder (server.md 11): the seeded roster players
 * marked `demoOnline` are kept online and seen, so a newcomer always finds someone to challenge; DemoResponder
 * answers their challenges. Only bound in the development profile with demo data
 * (config/modules/use-cases.ts); never in test or production.
 *
 * These players are kept online on purpose: if the online-schedule job turns one off, the next run puts them back
 * online. Other roster players are untouched, and so is a demo player someone is signed in as (playerIds).
 */
@injectable()
export class DemoPresence {
  /** Roster slug -> user id, filled as the seeded accounts are found (the seed runs before the first tick). */
  private readonly ids = new Map<string, number>();

  constructor(
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(RosterChanges) private readonly rosterChanges: RosterChanges,
    @inject(AuthTokenRepository) private readonly tokens: AuthTokenRepository,
  ) {}

  /** One pass; returns how many players it kept present. Idempotent, safe on several processes at once. */
  async run(): Promise<number> {
    const now = this.clock.now();
    const wanted = new Set(await this.playerIds());
    // One query for the current state; only players still titled (an admin may have demoted one) are kept.
    const players = (await this.users.listTitledPlayers()).filter((p) => wanted.has(p.id));
    for (const player of players) {
      if (!player.online) await this.users.updateProfile(player.id, { online: true, onlineChangedAt: now });
      await this.users.markSeen(player.id, now, PRESENCE_WRITE_INTERVAL_MS);
    }
    // Every 30 s: one extra rebuild of the opponents list, so a player put back online shows at once.
    if (players.length > 0) this.rosterChanges.changed();
    return players.length;
  }

  /**
   * The user ids of the roster players the demo plays now (resolved on first use). A demo player someone is signed
   * in as is theirs until they log out or the session ends: not kept online (their own page's polls and toggle
   * decide, as for any titled player) and not answered for, so a person trying the titled player's side is never
   * raced by the responder to their own challenges.
   */
  async playerIds(): Promise<number[]> {
    await this.resolveIds();
    const ids = [...this.ids.values()];
    const people = new Set(await this.tokens.usersSignedIn(ids, this.clock.now()));
    return ids.filter((id) => !people.has(id));
  }

  private async resolveIds(): Promise<void> {
    for (const player of TITLED_PLAYERS) {
      if (!player.demoOnline || this.ids.has(player.slug)) continue;
      const user = await this.users.findByEmail(demoPlayerEmail(player.slug));
      if (user) this.ids.set(player.slug, user.id);
    }
  }
}
