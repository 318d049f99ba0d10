/**
 * The public marketing pages in a real browser against the real server: every section and link, the FAQ
 * accordion (one open at a time, keyboard operable), the roster and its portraits, the privacy policy's
 * required sections, and no uncaught page errors.
 */
import type { Page } from 'playwright-core';
import { ROUTE_META } from '../../content/route-meta';
import { FEATURED_PLAYERS, TITLED_PLAYERS } from '../../content/titled-players';
import { api, describeE2E, startE2E, type E2E, type Opened } from './support';

let e2e: E2E;
let current: Opened | null = null;

beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);

afterEach(async () => {
  // Closes the page and fails the test if it threw an uncaught error at any point.
  const opened = current;
  current = null;
  await opened?.finish();
});

afterAll(async () => {
  await e2e?.close();
});

/** Opens a path at the given width and waits for the lazily loaded page to render its heading. */
async function visit(path: string, width = 1280): Promise<{ page: Page; errors: string[] }> {
  current = await e2e.open({ width });
  await current.goto(path);
  await current.page.locator('main h1').waitFor();
  return { page: current.page, errors: current.errors };
}

async function hrefOf(page: Page, name: string | RegExp, scope = 'main'): Promise<string[]> {
  return page.locator(scope).getByRole('link', { name, exact: typeof name === 'string' }).evaluateAll((links) =>
    links.map((a) => new URL((a as HTMLAnchorElement).href).pathname + new URL((a as HTMLAnchorElement).href).hash),
  );
}

describeE2E('landing page', () => {
  it('has the hero, why-play, three-step how-it-works, featured players, call to action and FAQ', async () => {
    const { page, errors } = await visit('/landing');
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1 }).waitFor();
    for (const heading of ['The fastest way to find out what you are missing', 'Three steps to your first game',
      'Meet some of your future opponents', 'Your next opponent is online now', 'Frequently asked questions']) {
      await expect(main.getByRole('heading', { level: 2, name: heading }).count()).resolves.toBe(1);
    }
    const steps = await main.locator('#how-it-works ol > li h3').allTextContents();
    expect(steps).toEqual(['Sign up and add credits', 'Choose time control and opponent', 'Challenge']);
    expect(await page.title()).toBe(ROUTE_META['/landing']!.title);
    expect(errors).toEqual([]);
  });

  it('states the five marketing claims where a visitor reads them', async () => {
    const { page, errors } = await visit('/landing');
    const cards = await page.locator('#why-play li h3').allTextContents();
    expect(cards).toEqual(['Verified players', 'Custom matches', 'No scheduling needed', 'Games saved on the chess sites',
      'Suitable for all levels']);
    expect(errors).toEqual([]);
  });

  it("links 'Play now' to /play, 'See All' to /players and the extra CTA to /signup", async () => {
    const { page, errors } = await visit('/landing');
    expect(await hrefOf(page, 'Play now')).toEqual(['/play', '/play']);
    expect(await hrefOf(page, 'See All')).toEqual(['/players']);
    expect(await hrefOf(page, 'Create a free account')).toEqual(['/signup']);
    await page.locator('main').getByRole('link', { name: 'See All' }).click();
    await page.waitForURL('**/players');
    await page.getByRole('heading', { level: 1, name: 'Our titled players' }).waitFor();
    await page.goBack();
    await page.locator('main').getByRole('link', { name: 'Play now' }).first().click();
    await page.waitForURL('**/play');
    expect(errors).toEqual([]);
  });

  it('shows exactly the first six players of the roster, in order, with loaded portraits', async () => {
    const { page, errors } = await visit('/landing');
    const featured = page.getByTestId('featured-players');
    const names = await featured.locator('article h3').allTextContents();
    expect(names).toEqual(FEATURED_PLAYERS.map((p) => `${p.title} ${p.firstName} ${p.lastName}`));
    // naturalWidth is 0 until an image has loaded: wait for all six, or the check races the network.
    await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid="featured-players"] img')).every((img) => (img as HTMLImageElement).complete));
    const images = await featured.locator('img').evaluateAll((imgs) =>
      imgs.map((img) => ({ alt: (img as HTMLImageElement).alt, width: (img as HTMLImageElement).naturalWidth })),
    );
    expect(images).toHaveLength(6);
    for (const image of images) {
      expect(image.alt).toMatch(/^Portrait of /);
      expect(image.width).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
  });

  it('has the footer links About, Contact, Privacy and two social links', async () => {
    const { page, errors } = await visit('/landing');
    const footer = page.locator('footer');
    expect(await hrefOf(page, 'About', 'footer')).toEqual(['/about']);
    expect(await hrefOf(page, 'Contact', 'footer')).toEqual(['/contact']);
    expect(await hrefOf(page, 'Privacy', 'footer')).toEqual(['/privacy']);
    const external = await footer.locator('a[href^="http"]').count();
    expect(external).toBe(2);
    expect(errors).toEqual([]);
  });
});

describeE2E('landing FAQ accordion', () => {
  const QUESTIONS = ['Can I save and analyze my games?', 'I am a beginner. Is this for me?', 'What do I need to play?',
    'What if I lose?'];

  async function expanded(page: Page): Promise<string[]> {
    return page.locator('#faq button[aria-controls]').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-expanded') ?? ''));
  }

  it('has the four questions, opens one answer at a time, and closes it again', async () => {
    const { page, errors } = await visit('/landing');
    const buttons = page.locator('#faq button[aria-controls]');
    expect(await buttons.allTextContents()).toEqual(QUESTIONS);
    expect(await expanded(page)).toEqual(['false', 'false', 'false', 'false']);
    await buttons.nth(0).click();
    expect(await expanded(page)).toEqual(['true', 'false', 'false', 'false']);
    const firstPanel = page.locator(`#${await buttons.nth(0).getAttribute('aria-controls')}`);
    expect(await firstPanel.isVisible()).toBe(true);
    await buttons.nth(3).click();
    expect(await expanded(page)).toEqual(['false', 'false', 'false', 'true']);
    expect(await firstPanel.isVisible()).toBe(false);
    expect(await page.locator('#faq [role="region"]:visible').count()).toBe(1);
    await buttons.nth(3).click();
    expect(await expanded(page)).toEqual(['false', 'false', 'false', 'false']);
    expect(errors).toEqual([]);
  });

  it('is operable by keyboard alone: Tab reaches a question, Enter/Space toggle, arrows move', async () => {
    const { page, errors } = await visit('/landing');
    const buttons = page.locator('#faq button[aria-controls]');
    // Tab from the element before the FAQ until a question has focus, as a keyboard user would.
    await page.locator('#faq-heading').evaluate((el) => {
      (el as HTMLElement).tabIndex = -1;
      (el as HTMLElement).focus();
    });
    await page.keyboard.press('Tab');
    expect(await buttons.nth(0).evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await expanded(page)).toEqual(['true', 'false', 'false', 'false']);
    await page.keyboard.press('ArrowDown');
    expect(await buttons.nth(1).evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await expanded(page)).toEqual(['false', 'true', 'false', 'false']);
    await page.keyboard.press('End');
    expect(await buttons.nth(3).evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await expanded(page)).toEqual(['false', 'false', 'false', 'true']);
    expect(errors).toEqual([]);
  });
});

describeE2E('players page', () => {
  it('lists all 25 players with name, title, bio, achievements and a loaded portrait with alt text', async () => {
    const { page, errors } = await visit('/players');
    const cards = page.getByTestId('players-roster').locator('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(TITLED_PLAYERS.length);
    const rendered = await cards.evaluateAll((articles) =>
      articles.map((a) => ({
        name: a.querySelector('h2')?.textContent ?? '',
        bio: a.querySelector('.player-card__bio')?.textContent ?? '',
        achievements: a.querySelectorAll('.player-card__achievements li').length,
      })),
    );
    expect(rendered.map((r) => r.name)).toEqual(TITLED_PLAYERS.map((p) => `${p.title} ${p.firstName} ${p.lastName}`));
    TITLED_PLAYERS.forEach((p, i) => {
      expect(rendered[i]!.bio).toBe(p.bio);
      expect(rendered[i]!.achievements).toBe(p.achievements.length);
    });
    // Every image on the page has loaded (no broken image) and says who it shows.
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    const images = await page.locator('main img').evaluateAll((imgs) =>
      imgs.map((img) => ({ alt: (img as HTMLImageElement).alt, width: (img as HTMLImageElement).naturalWidth })),
    );
    expect(images).toHaveLength(25);
    expect(images.filter((i) => i.width === 0)).toEqual([]);
    expect(new Set(images.map((i) => i.alt)).size).toBe(25);
    for (const image of images) expect(image.alt).toMatch(/^Portrait of (GM|IM|FM|CM|WGM|WIM|WFM|WCM) /);
    expect(errors).toEqual([]);
  });

  it("has the 'Join as titled player' section with its three steps, linking to /contact", async () => {
    const { page, errors } = await visit('/players');
    const join = page.locator('#join');
    await join.getByRole('heading', { level: 2, name: 'Join as titled player' }).waitFor();
    expect(await join.locator('ol > li h3').allTextContents()).toEqual([
      'Sign up on the chess site and get your profile verified',
      'Contact us to become a member',
      'Set your rate in USD per minute',
    ]);
    await join.getByRole('link', { name: 'Contact us to join' }).click();
    await page.waitForURL('**/contact');
    expect(errors).toEqual([]);
  });
});

describeE2E('roster and demo opponents', () => {
  // Needs GET /api/get_app_state (the play screen's endpoint); the demo seed (config/demo-data.ts) reads the roster.
  it('offers every player on /players as an opponent in the development demo (one source of truth)', async () => {
    const state = await api<{ opponents: { title: string; first_name: string; last_name: string }[] }>(e2e, '/api/get_app_state');
    expect(state.success).toBe(true);
    const opponents = new Set(state.opponents.map((o) => `${o.title} ${o.first_name} ${o.last_name}`));
    for (const p of TITLED_PLAYERS) expect(opponents).toContain(`${p.title} ${p.firstName} ${p.lastName}`);
  });
});

describeE2E('about page', () => {
  it("has the mission, six benefit cards, why it was built, and 'Join us' to /signup", async () => {
    const { page, errors } = await visit('/about');
    const main = page.locator('main');
    await main.getByRole('heading', { level: 2, name: 'Our mission' }).waitFor();
    await main.getByRole('heading', { level: 2, name: 'Why we built it' }).waitFor();
    expect(await main.locator('.about-benefits h3').allTextContents()).toEqual(['Play anytime, anywhere',
      'Global access', 'Instant improvement', 'Fair matching', 'Share the fun', 'Simple and reliable']);
    expect(await main.locator('.about-benefits').textContent()).toContain('title, rating and style');
    expect(await hrefOf(page, 'Join us')).toEqual(['/signup']);
    await main.getByRole('link', { name: 'Join us' }).click();
    await page.waitForURL('**/signup');
    expect(errors).toEqual([]);
  });
});

describeE2E('privacy page', () => {
  const SECTIONS = ['Interpretation and definitions', 'Personal data we collect', 'Cookies and tracking technologies',
    'Retention of your personal data', 'Transfer of your personal data', 'Delete your personal data',
    'Disclosure of your personal data', 'Security of your personal data', 'Changes to this Privacy Policy', 'Contact us'];

  it('is dated January 04, 2025 and has each required section as a heading', async () => {
    const { page, errors } = await visit('/privacy');
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await main.textContent()).toContain('Last updated: January 04, 2025');
    const headings = await main.locator('h2').allTextContents();
    for (const section of SECTIONS) expect(headings).toContain(section);
    expect(errors).toEqual([]);
  });

  it('states the facts of the spec in the right sections', async () => {
    const { page, errors } = await visit('/privacy');
    const section = async (id: string) => (await page.locator(`section:has(> h2#${id})`).textContent()) ?? '';
    await page.locator('h2#definitions').waitFor();
    expect(await section('definitions')).toMatch(/registered in Zagreb, Croatia/);
    expect(await section('definitions')).toMatch(/Service\s*refers to the Website/);
    const collected = await section('data-collected');
    for (const item of ['E-mail address', 'First name and last name', 'Usage Data']) expect(collected).toContain(item);
    const cookies = await section('cookies');
    for (const word of ['persistent', 'session', 'essential', 'accepted the use of cookies', 'Functionality cookies']) {
      expect(cookies).toContain(word);
    }
    expect(await section('deletion')).toMatch(/account settings/);
    expect(await section('deletion')).toContain('support@titledchess.example');
    expect(await section('changes')).toMatch(/by e-mail and\/or by\s+a prominent notice on our Service/);
    const contact = page.locator('section:has(> h2#contact)');
    expect(await contact.locator('a[href="mailto:support@titledchess.example"]').count()).toBe(1);
    await contact.getByRole('link', { name: '/contact' }).click();
    await page.waitForURL('**/contact');
    expect(errors).toEqual([]);
  });
});

describeE2E('marketing pages on a 375 px phone', () => {
  it.each(['/landing', '/players', '/about', '/privacy'])('%s fits the screen without sideways scrolling', async (path) => {
    const { page, errors } = await visit(path, 375);
    await page.locator('main h1').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.title()).toBe(ROUTE_META[path]!.title);
    expect(errors).toEqual([]);
  });
});
