import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Container } from 'inversify';
import { TITLED_PLAYERS } from '../content/titled-players';
import { ImageStore } from '../application/ports/services';
import { UserRepository } from '../application/ports/users';
import { AppLogger, Clock, PasswordHasher, UnitOfWork } from '../application/ports/system';
import { grantDemoCredits } from './modules/credits';

export const DEMO_REGULAR_EMAIL = 'demo@titledchess.example';
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_REGULAR_CREDITS_CENTS = 100_00;

/** Where a seeded titled player can be signed into (to try the titled player's side of the demo). */
export function demoPlayerEmail(slug: string): string {
  return `${slug}@demo.titledchess.example`;
}

/**
 * Seeds the development profile once: the 25 roster players as titled (pro) accounts with their prices,
 * time-control ranges and portraits, and one regular account with credits. Returns false when the demo
 * data was already there (the demo account is the marker).
 */
export async function seedDemoData(container: Container, portraitsDir = join(process.cwd(), 'web', 'public', 'players')): Promise<boolean> {
  const users = container.get<UserRepository>(UserRepository);
  const hasher = container.get<PasswordHasher>(PasswordHasher);
  const images = container.get<ImageStore>(ImageStore);
  const clock = container.get<Clock>(Clock);
  const unitOfWork = container.get<UnitOfWork>(UnitOfWork);
  const logger = container.get<AppLogger>(AppLogger);
  if (await users.findByEmail(DEMO_REGULAR_EMAIL)) return false;

  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  for (const player of TITLED_PLAYERS) {
    if (await users.findByEmail(demoPlayerEmail(player.slug))) continue;
    let profileFilename: string | null = null;
    try {
      const svg = await readFile(join(portraitsDir, player.portrait));
      const png = await sharp(svg).resize(256, 256).png().toBuffer();
      profileFilename = (await images.save(png)).filename;
    } catch (error) {
      logger.warn({ player: player.slug, err: String(error) }, 'demo portrait not stored');
    }
    await unitOfWork.run(async () => {
      const user = await users.create({
        email: demoPlayerEmail(player.slug),
        username: player.lichessUsername,
        passwordHash,
        timezone: 'UTC',
      });
      await users.setRole(user.id, 'pro', player.title);
      await users.updateProfile(user.id, {
        firstName: player.firstName,
        lastName: player.lastName,
        lichessUsername: player.lichessUsername,
        lichessBulletRating: player.lichessBulletRating,
        lichessBlitzRating: player.lichessBlitzRating,
        lichessRapidRating: player.lichessRapidRating,
        pricePerMinCents: player.pricePerMinCents,
        minsPerSideMin: player.minsPerSideMin,
        minsPerSideMax: player.minsPerSideMax,
        onlineSchedule: player.onlineSchedule,
        providesPostgameAnalysis: player.providesPostgameAnalysis,
        availableForScheduledChallenges: player.availableForScheduledChallenges,
        online: player.demoOnline,
        onlineChangedAt: clock.now(),
      });
      if (profileFilename) await users.setProfileFilename(user.id, profileFilename);
    });
  }

  const demo = await unitOfWork.run(async () => {
    const user = await users.create({ email: DEMO_REGULAR_EMAIL, username: 'demo', passwordHash, timezone: 'Europe/Zagreb' });
    return users.updateProfile(user.id, { firstName: 'Demo', lastName: 'Player', lichessUsername: 'DemoAmateur' });
  });
  await grantDemoCredits(container, demo.id, DEMO_REGULAR_CREDITS_CENTS);
  return true;
}
