import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROUTE_META, DEFAULT_ROUTE_META } from '../../content/route-meta';
import { escapeHtml } from '../../adapters/http/spa/index-html';
import { startTestServer, type TestServer } from '../support/http';

// Every route a visitor (or a crawler) can open without signing in.
const PUBLIC_ROUTES = ['/', '/landing', '/play', '/schedule', '/about', '/privacy', '/contact', '/players', '/login',
  '/signup', '/reset_password', '/set_password'];

const REPO = resolve(__dirname, '../..');
let server: TestServer;
let distDir: string;

beforeAll(async () => {
  // A web build stand-in: the real index.html template and the real social image, so the test needs no Vite build.
  distDir = mkdtempSync(join(tmpdir(), 'tcm-seo-'));
  copyFileSync(join(REPO, 'web/index.html'), join(distDir, 'index.html'));
  copyFileSync(join(REPO, 'web/public/og-image.png'), join(distDir, 'og-image.png'));
  server = await startTestServer({ dialect: 'memory', webDistDir: distDir });
});

afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

function one(html: string, pattern: RegExp): string {
  const matches = [...html.matchAll(new RegExp(pattern.source, 'g'))];
  expect(matches).toHaveLength(1);
  return matches[0]![1]!;
}

async function page(path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.text();
}

describe('server-rendered head of each public route', () => {
  it.each(PUBLIC_ROUTES)('%s carries its own title, description and Open Graph tags', async (route) => {
    const html = await page(route);
    const meta = ROUTE_META[route]!;
    expect(one(html, /<title>([^<]*)<\/title>/)).toBe(escapeHtml(meta.title));
    expect(one(html, /<meta name="description" content="([^"]*)">/)).toBe(escapeHtml(meta.description));
    expect(one(html, /<meta property="og:title" content="([^"]*)">/)).toBe(escapeHtml(meta.title));
    expect(one(html, /<meta property="og:description" content="([^"]*)">/)).toBe(escapeHtml(meta.description));
    expect(one(html, /<meta property="og:url" content="([^"]*)">/)).toBe(`${server.config.PUBLIC_URL}${route === '/' ? '/' : route}`);
    expect(one(html, /<meta property="og:image" content="([^"]*)">/)).toBe(`${server.config.PUBLIC_URL}/og-image.png`);
    // The app itself is still there.
    expect(html).toContain('<div id="root"></div>');
  });

  it('gives the marketing pages distinct titles (a crawler sees different pages)', async () => {
    const titles = await Promise.all(['/', '/about', '/players', '/privacy', '/contact'].map(async (r) => one(await page(r), /<title>([^<]*)<\/title>/)));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('serves the social image named by og:image', async () => {
    const response = await fetch(`${server.url}/og-image.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('gives an unknown page the default meta about playing titled chess players', async () => {
    const html = await page('/no-such-page');
    expect(one(html, /<title>([^<]*)<\/title>/)).toBe(escapeHtml(DEFAULT_ROUTE_META.title));
  });

  it('keeps a percent-encoded hostile path encoded: no markup reaches the head', async () => {
    const html = await page('/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toMatch(/content="[^"]*"><script/);
  });
});
