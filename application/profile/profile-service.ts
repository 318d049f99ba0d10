import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/errors';
import { isProLike, type ProfilePatch, type User } from '../../domain/user';
import { profilePatchIssues, proOnlyFieldsIn } from '../../domain/profile';
import { UserRepository } from '../ports/users';
import { Clock } from '../ports/system';
import { ImageStore } from '../ports/services';
import { RosterChanges } from '../play/roster-changes';

/** Loading and editing one's own profile, including the profile image. */
@injectable()
export class ProfileService {
  constructor(
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(ImageStore) private readonly images: ImageStore,
    @inject(Clock) private readonly clock: Clock,
    @inject(RosterChanges) private readonly rosterChanges: RosterChanges,
  ) {}

  async load(userId: number): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('not_found', 'User not found');
    return user;
  }

  /**
   * Applies the caller's own edits. A regular user sending titled-player fields is refused (403) rather than
   * silently ignored, so a client bug cannot pass unnoticed. Going online or offline by hand records when,
   * which the online-schedule job respects (server.md 4.7).
   */
  async update(actor: User, patch: ProfilePatch): Promise<User> {
    if (!isProLike(actor.role)) {
      const forbidden = proOnlyFieldsIn(patch);
      if (forbidden.length > 0) {
        throw new AppError('forbidden', `Only titled players can change: ${forbidden.join(', ')}`);
      }
    }
    // The title is verified and set by an admin (admin/set_role); a titled player sees it, but cannot change it.
    if (actor.role === 'pro' && patch.title !== undefined && patch.title !== actor.title) {
      throw new AppError('forbidden', 'Your title is set by an admin when your profile is verified');
    }
    const issues = profilePatchIssues(actor, patch);
    if (issues.length > 0) throw AppError.validation(issues);
    const onlineChanged = patch.online !== undefined && patch.online !== actor.online;
    const user = await this.users.updateProfile(actor.id, {
      ...patch,
      ...(onlineChanged ? { onlineChangedAt: this.clock.now() } : {}),
    });
    if (user.role === 'pro') this.rosterChanges.changed();
    return user;
  }

  async saveImage(actor: User, bytes: Buffer): Promise<User> {
    const stored = await this.images.save(bytes);
    const user = await this.users.setProfileFilename(actor.id, stored.filename);
    if (user.role === 'pro') this.rosterChanges.changed();
    return user;
  }
}
