import { ROUTE_META, routeMeta, DEFAULT_ROUTE_META } from '../../../content/route-meta';
import { escapeHtml, renderIndexHtml } from './index-html';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Vite placeholder</title>
    <meta name="description" content="placeholder description" />
    <meta property="og:title" content="old og" />
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const PUBLIC_URL = 'https://titledchess.example';

function count(html: string, needle: RegExp): number {
  return html.match(needle)?.length ?? 0;
}

function attr(html: string, selector: RegExp): string | undefined {
  return html.match(selector)?.[1];
}

describe('renderIndexHtml', () => {
  it('gives each route of the table its own title and description', () => {
    for (const [path, meta] of Object.entries(ROUTE_META)) {
      const html = renderIndexHtml(TEMPLATE, path, PUBLIC_URL);
      expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(escapeHtml(meta.title));
      expect(attr(html, /<meta name="description" content="([^"]*)">/)).toBe(escapeHtml(meta.description));
    }
  });

  it('replaces the template title, description and og tags instead of duplicating them', () => {
    const html = renderIndexHtml(TEMPLATE, '/about', PUBLIC_URL);
    expect(count(html, /<title>/g)).toBe(1);
    expect(count(html, /name="description"/g)).toBe(1);
    expect(count(html, /property="og:title"/g)).toBe(1);
    expect(html).not.toContain('Vite placeholder');
    expect(html).not.toContain('old og');
    expect(html).toContain('<meta charset="UTF-8" />');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('is idempotent: rendering an already rendered page gives the same page', () => {
    const once = renderIndexHtml(TEMPLATE, '/players', PUBLIC_URL);
    expect(renderIndexHtml(once, '/players', PUBLIC_URL)).toBe(once);
  });

  it('sets Open Graph title, description, an absolute image URL and the page URL', () => {
    const html = renderIndexHtml(TEMPLATE, '/players', `${PUBLIC_URL}/`);
    const meta = ROUTE_META['/players']!;
    expect(attr(html, /property="og:title" content="([^"]*)"/)).toBe(escapeHtml(meta.title));
    expect(attr(html, /property="og:description" content="([^"]*)"/)).toBe(escapeHtml(meta.description));
    expect(attr(html, /property="og:image" content="([^"]*)"/)).toBe('https://titledchess.example/og-image.png');
    expect(attr(html, /property="og:url" content="([^"]*)"/)).toBe('https://titledchess.example/players');
    expect(attr(html, /rel="canonical" href="([^"]*)"/)).toBe('https://titledchess.example/players');
  });

  it('drops the query string and trailing slash from og:url and still finds the route', () => {
    const html = renderIndexHtml(TEMPLATE, '/about/?utm_source=x#team', PUBLIC_URL);
    expect(attr(html, /property="og:url" content="([^"]*)"/)).toBe('https://titledchess.example/about');
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(escapeHtml(ROUTE_META['/about']!.title));
  });

  it('gives unknown paths the default meta, which is about playing titled chess players', () => {
    const html = renderIndexHtml(TEMPLATE, '/no-such-page', PUBLIC_URL);
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(escapeHtml(DEFAULT_ROUTE_META.title));
    expect(DEFAULT_ROUTE_META.title.toLowerCase()).toContain('titled chess players');
  });

  it('escapes markup in the path so a crafted URL cannot inject tags', () => {
    const html = renderIndexHtml(TEMPLATE, '/x"><script>alert(1)</script>', PUBLIC_URL);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    expect(count(html, /<script/g)).toBe(1);
  });

  it('collapses repeated slashes so og:url cannot become a protocol-relative foreign host', () => {
    const html = renderIndexHtml(TEMPLATE, '//evil.example/path', PUBLIC_URL);
    expect(attr(html, /property="og:url" content="([^"]*)"/)).toBe('https://titledchess.example/evil.example/path');
  });

  it('does not treat $-patterns in the text as replacement patterns', () => {
    const html = renderIndexHtml(TEMPLATE, "/$&$1$'", PUBLIC_URL);
    expect(html).toContain('https://titledchess.example/$&amp;$1$&#39;');
    expect(count(html, /<\/head>/g)).toBe(1);
  });

  it('still injects the head when the template has no </head>', () => {
    expect(renderIndexHtml('<html><head><body></body></html>', '/', PUBLIC_URL)).toMatch(/<head>\n\s+<title>/);
    expect(renderIndexHtml('<div id="root"></div>', '/', PUBLIC_URL)).toMatch(/^<title>/);
  });
});

describe('routeMeta', () => {
  const ROUTES = ['/', '/play', '/schedule', '/landing', '/about', '/privacy', '/contact', '/players', '/login',
    '/signup', '/reset_password', '/set_password', '/settings', '/topup', '/admin'];

  it('covers every route of the spec with a non-empty title and description', () => {
    for (const route of ROUTES) {
      expect(ROUTE_META[route]?.title).toBeTruthy();
      expect(ROUTE_META[route]?.description).toBeTruthy();
    }
  });

  it('gives every route except the / and /landing pair a distinct title and description', () => {
    const others = ROUTES.filter((r) => r !== '/landing');
    expect(new Set(others.map((r) => routeMeta(r).title)).size).toBe(others.length);
    expect(new Set(others.map((r) => routeMeta(r).description)).size).toBe(others.length);
  });

  it('keeps descriptions within the length search results show (50..170 characters)', () => {
    for (const route of ROUTES) {
      const { description } = routeMeta(route);
      expect(description.length).toBeGreaterThanOrEqual(50);
      expect(description.length).toBeLessThanOrEqual(170);
    }
  });

  it('ignores a query string, a hash and a trailing slash', () => {
    expect(routeMeta('/players/?page=2#top')).toBe(ROUTE_META['/players']);
  });

  it('does not answer with Object.prototype members for odd paths', () => {
    expect(routeMeta('constructor')).toBe(DEFAULT_ROUTE_META);
    expect(routeMeta('/__proto__')).toBe(DEFAULT_ROUTE_META);
  });
});
