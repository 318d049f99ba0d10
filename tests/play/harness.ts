import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Container } from 'inversify';
import { loadConfig } from '../../config/env';
import { buildContainer } from '../../config/container';
import { FixedClock } from '../../adapters/system/FixedClock';
import { SequenceRandom } from '../../adapters/system/SequenceRandom';
import { outsideUnitOfWork } from '../../adapters/system/outside-unit-of-work';
import { ChessSite, type CreatedGame, type GameStatus, type NewGame } from '../../application/ports/challenges';
import { Clock, Random, UnitOfWork } from '../../application/ports/system';
import { UserRepository } from '../../application/ports/users';
import { CreditsService } from '../../application/credits/credits-service';
import { LedgerConsistency } from '../../application/credits/consistency';
import { ChallengeService } from '../../application/play/challenge-service';
import { ChallengeJobs } from '../../application/play/challenge-jobs';
import type { Database } from '../../adapters/persistence/typeorm/database';
import { AppError } from '../../domain/errors';
import type { GameProgress } from '../../domain/challenges';
import type { User } from '../../domain/user';

/** A chess site the test drives: games it created, their progress, and a switch to fail creation. */
export class ScriptedChessSite implements ChessSite {
  games = new Map<string, { game: NewGame; progress: GameProgress }>();
  failCreate = false;
  failStatus = false;
  private next = 0;

  async createGame(game: NewGame): Promise<CreatedGame> {
    if (this.failCreate) throw new AppError('chess_site', 'scripted failure');
    const gameId = `G${String(++this.next).padStart(7, '0')}`;
    this.games.set(gameId, { game, progress: 'waiting' });
    return { gameId, whiteUrl: `https://chess.test/${gameId}?color=white`, blackUrl: `https://chess.test/${gameId}?color=black` };
  }

  async gameStatus(gameId: string): Promise<GameStatus> {
    if (this.failStatus) throw new AppError('chess_site', 'scripted failure');
    const found = this.games.get(gameId);
    return { progress: found?.progress ?? 'waiting', status: found?.progress ?? 'notFound', winner: null };
  }

  end(gameId: string, progress: GameProgress): void {
    const found = this.games.get(gameId);
    if (found) found.progress = progress;
  }
}

export interface PlayHarness {
  container: Container;
  clock: FixedClock;
  site: ScriptedChessSite;
  users: UserRepository;
  credits: CreditsService;
  service: ChallengeService;
  jobs: ChallengeJobs;
  consistency: LedgerConsistency;
  /** A titled player: pro, priced, online, seen now. */
  pro(pricePerMinCents?: number, range?: { min: number; max: number }): Promise<User>;
  /** A regular player with `cents` of credits. */
  amateur(cents: number): Promise<User>;
  /** Re-reads a user (the services take the caller's current row, as the HTTP edge does). */
  fresh(user: User): Promise<User>;
  balance(account: string): Promise<number>;
}

/** The play use cases wired by the real container: in memory (database null), or on a real database. */
export function playHarness(database: Database | null = null): PlayHarness {
  const config = loadConfig({ APP_PROFILE: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'tcm-play-')), BACKGROUND_JOBS: 'off' });
  const clock = new FixedClock({ start: '2026-01-15T12:00:00Z' });
  const site = new ScriptedChessSite();
  const { container } = buildContainer({
    config,
    database,
    override: (c) => {
      c.rebindSync<Clock>(Clock).toConstantValue(clock);
      c.rebindSync<Random>(Random).toConstantValue(new SequenceRandom([0, 1]));
      c.rebindSync<ChessSite>(ChessSite).toDynamicValue((ctx) => outsideUnitOfWork(site, ctx.get<UnitOfWork>(UnitOfWork), 'ChessSite'));
    },
  });
  const users = container.get<UserRepository>(UserRepository);
  const credits = container.get(CreditsService);
  let n = 0;
  const h: PlayHarness = {
    container,
    clock,
    site,
    users,
    credits,
    service: container.get(ChallengeService),
    jobs: container.get(ChallengeJobs),
    consistency: container.get(LedgerConsistency),
    async pro(pricePerMinCents = 100, range = { min: 1, max: 120 }) {
      n += 1;
      const user = await users.create({ email: `pro${n}@example.com`, username: `pro${n}`, passwordHash: null, timezone: 'UTC' });
      await users.setRole(user.id, 'pro', 'IM');
      await users.updateProfile(user.id, { online: true, pricePerMinCents, minsPerSideMin: range.min, minsPerSideMax: range.max, lichessUsername: `pro${n}` });
      await users.markSeen(user.id, clock.now(), 0);
      return (await users.findById(user.id))!;
    },
    async amateur(cents) {
      n += 1;
      const user = await users.create({ email: `am${n}@example.com`, username: `am${n}`, passwordHash: null, timezone: 'UTC' });
      if (cents > 0) {
        await credits.transfer(
          { from: 'platform:adjustments', to: `user:${user.id}:available`, amountCents: cents, reason: 'admin_adjustment', description: 'test', reference: null },
          `fund:${user.id}`,
        );
      }
      return (await users.findById(user.id))!;
    },
    async fresh(user) {
      return (await users.findById(user.id))!;
    },
    balance: (account) => credits.balance(account),
  };
  return h;
}
