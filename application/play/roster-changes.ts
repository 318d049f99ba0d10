import { injectable } from 'inversify';

/**
 * Counts, in this process, the committed changes to what the opponents list shows: a profile saved, a role
 * set, a titled player coming into presence, the online schedule turning someone off. The shared opponents
 * snapshot is rebuilt at the next poll when the count moved, so a person sees their own change at once (a price
 * just saved, a player just promoted) instead of up to a snapshot lifetime later. Changes made by another
 * process still show within the lifetime. Call `changed()` after the change is committed, never inside a unit
 * of work: a rebuild between the call and the commit would read the old row and keep it.
 */
@injectable()
export class RosterChanges {
  private count = 0;

  get version(): number {
    return this.count;
  }

  changed(): void {
    this.count += 1;
  }
}
