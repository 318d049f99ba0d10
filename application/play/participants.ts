import type { OpponentProfile } from '../../domain/opponents';
import type { User } from '../../domain/user';
import type { UserRepository } from '../ports/users';

/** What a list of challenges or sessions needs to know about the people in it. */
export interface Participants {
  /** Anyone in the list, for their name. */
  people: Map<number, OpponentProfile | User>;
  /** The titled players asked, as opponents (a player demoted since is still shown as the opponent they were). */
  opponents: Map<number, OpponentProfile>;
}

/**
 * Resolves everyone named in `pairs` from what the caller already has (the viewer, the roster the poll loaded),
 * reading only the rest, once per person. The 1 Hz poll lists a viewer's challenges and sessions this way, so
 * a list costs no per-row query for the people in it.
 */
export async function resolveParticipants(
  users: UserRepository,
  viewer: User,
  roster: OpponentProfile[],
  pairs: { sourceUserId: number; targetUserId: number }[],
): Promise<Participants> {
  const opponents = new Map<number, OpponentProfile>(roster.map((p) => [p.id, p]));
  const people = new Map<number, OpponentProfile | User>(opponents);
  people.set(viewer.id, viewer);
  for (const pair of pairs) {
    for (const id of [pair.sourceUserId, pair.targetUserId]) {
      let person = people.get(id);
      if (!person) {
        const user = await users.findById(id);
        if (!user) continue;
        people.set(id, user);
        person = user;
      }
      // The target is shown as an opponent even when not on the roster (the viewer themselves, or demoted since).
      if (id === pair.targetUserId && !opponents.has(id)) opponents.set(id, person);
    }
  }
  return { people, opponents };
}
