import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/errors';
import { emailIssues, passwordIssues } from '../../domain/accounts';
import type { Role, Title } from '../../domain/limits';
import { normalizeEmail, usernameFromEmail, type User } from '../../domain/user';
import { UserRepository } from '../ports/users';
import { AuditLogRepository } from '../ports/records';
import { Clock, PasswordHasher, UnitOfWork } from '../ports/system';
import { RosterChanges } from '../play/roster-changes';

/** Admin work on users; every change is written to the audit log in the same unit of work. */
@injectable()
export class AdminUserService {
  constructor(
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(AuditLogRepository) private readonly audit: AuditLogRepository,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(Clock) private readonly clock: Clock,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(RosterChanges) private readonly rosterChanges: RosterChanges,
  ) {}

  search(query: string, limit = 50): Promise<User[]> {
    return this.users.search({ query: query.trim(), limit });
  }

  /** Makes a user regular, pro (a verified titled player, with a title) or admin. */
  async setRole(actor: User, input: { userId: number; role: Role; title: Title | null | undefined }): Promise<User> {
    if (input.role === 'pro' && !input.title) {
      const target = await this.users.findById(input.userId);
      if (!target) throw new AppError('not_found', 'User not found');
      if (!target.title) throw AppError.validation([{ path: 'title', message: 'A titled player needs a title' }]);
    }
    if (actor.id === input.userId && input.role !== 'admin') {
      throw new AppError('forbidden', 'Admins cannot remove their own admin role');
    }
    const changed = await this.unitOfWork.run(async () => {
      const before = await this.users.findById(input.userId);
      if (!before) throw new AppError('not_found', 'User not found');
      const title = input.title === undefined ? before.title : input.title;
      const after = await this.users.setRole(input.userId, input.role, title);
      await this.audit.add({
        actorUserId: actor.id,
        action: 'set_role',
        targetUserId: input.userId,
        details: JSON.stringify({ from: { role: before.role, title: before.title }, to: { role: after.role, title: after.title } }),
        at: this.clock.now(),
      });
      return after;
    });
    // Committed: a player promoted, demoted or retitled shows (or goes) at the next poll.
    this.rosterChanges.changed();
    return changed;
  }

  /**
   * The first admin, from the command line: creates the user or promotes an existing one. An existing
   * user's password is left as it is (the operator may not be its owner).
   */
  async createAdmin(input: { email: string; password: string }): Promise<{ user: User; created: boolean }> {
    const issues = [...emailIssues(input.email), ...passwordIssues(input.password)];
    if (issues.length > 0) throw AppError.validation(issues);
    const email = normalizeEmail(input.email);
    const passwordHash = await this.hasher.hash(input.password);
    return this.unitOfWork.run(async () => {
      const existing = await this.users.findByEmail(email);
      const created = !existing;
      const base = existing ?? (await this.users.create({ email, username: usernameFromEmail(email), passwordHash, timezone: null }));
      const user = await this.users.setRole(base.id, 'admin', base.title);
      await this.audit.add({
        actorUserId: null,
        action: created ? 'create_admin' : 'promote_admin',
        targetUserId: user.id,
        details: JSON.stringify({ via: 'cli' }),
        at: this.clock.now(),
      });
      return { user, created };
    });
  }
}
