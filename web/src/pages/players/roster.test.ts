import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { FEATURED_PLAYERS, TITLED_PLAYERS, portraitAlt } from '../../../../content/titled-players';
import { LIMITS, TITLES, isScheduleTime } from '../../../../domain/limits';

const PUBLIC_PLAYERS = path.resolve(__dirname, '../../../public/players');

describe('titled players roster (marketing cards and demo seed)', () => {
  it('has 25 players with unique slugs, names and chess-site usernames', () => {
    expect(TITLED_PLAYERS).toHaveLength(25);
    expect(new Set(TITLED_PLAYERS.map((p) => p.slug)).size).toBe(25);
    expect(new Set(TITLED_PLAYERS.map((p) => `${p.firstName} ${p.lastName}`)).size).toBe(25);
    expect(new Set(TITLED_PLAYERS.map((p) => p.lichessUsername.toLowerCase())).size).toBe(25);
  });

  it('spreads titles across all eight FIDE titles', () => {
    expect(new Set(TITLED_PLAYERS.map((p) => p.title))).toEqual(new Set(TITLES));
  });

  it('gives every card a bio and at least two achievements', () => {
    for (const p of TITLED_PLAYERS) {
      expect(p.bio.length).toBeGreaterThan(80);
      expect(p.achievements.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('uses slugs that are URL- and file-safe and chess-site usernames the site would accept', () => {
    for (const p of TITLED_PLAYERS) {
      expect(p.slug).toMatch(/^[a-z]+(-[a-z]+)+$/);
      expect(p.lichessUsername).toMatch(/^[A-Za-z0-9_-]{2,20}$/);
    }
  });

  it('keeps seed fields within the product limits (price, time controls, ratings, schedule)', () => {
    for (const p of TITLED_PLAYERS) {
      expect(Number.isInteger(p.pricePerMinCents)).toBe(true);
      expect(p.pricePerMinCents).toBeGreaterThanOrEqual(LIMITS.pricePerMinCents.min);
      expect(p.pricePerMinCents).toBeLessThanOrEqual(LIMITS.pricePerMinCents.max);
      expect(p.minsPerSideMin).toBeGreaterThanOrEqual(LIMITS.minsPerSide.min);
      expect(p.minsPerSideMax).toBeLessThanOrEqual(LIMITS.minsPerSide.max);
      expect(p.minsPerSideMin).toBeLessThanOrEqual(p.minsPerSideMax);
      for (const r of [p.lichessBulletRating, p.lichessBlitzRating, p.lichessRapidRating]) {
        expect(r).toBeGreaterThan(LIMITS.rating.min);
        expect(r).toBeLessThanOrEqual(LIMITS.rating.max);
      }
      if (p.onlineSchedule) {
        expect(isScheduleTime(p.onlineSchedule.from)).toBe(true);
        expect(isScheduleTime(p.onlineSchedule.to)).toBe(true);
      }
    }
  });

  it('keeps about eight players online in the demo', () => {
    const online = TITLED_PLAYERS.filter((p) => p.demoOnline).length;
    expect(online).toBeGreaterThanOrEqual(6);
    expect(online).toBeLessThanOrEqual(10);
  });

  it('features exactly the first six players, in roster order', () => {
    expect(FEATURED_PLAYERS.map((p) => p.slug)).toEqual(TITLED_PLAYERS.slice(0, 6).map((p) => p.slug));
  });

  it('has a generated SVG portrait for every player, titled with the player name', () => {
    for (const p of TITLED_PLAYERS) {
      const file = path.join(PUBLIC_PLAYERS, p.portrait);
      expect(existsSync(file)).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain(`<title>${p.title} `);
      expect(svg).not.toMatch(/>\s+</); // minified
    }
  });

  it('describes each portrait by who is pictured', () => {
    expect(portraitAlt(TITLED_PLAYERS[0]!)).toBe('Portrait of GM Mateo Ferrandis from Spain');
  });
});
