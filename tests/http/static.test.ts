import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../support/http';

/** Serving the built web app: cache rules, the SPA fallback with per-route meta, and no way out of the folder. */
describe('serving the web app', () => {
  let server: TestServer;
  let parent: string;
  let dist: string;
  const template = (asset: string) =>
    `<!doctype html><html><head><title>x</title></head><body><script type="module" src="/assets/${asset}"></script></body></html>`;

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'tcm-dist-'));
    dist = join(parent, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    // A file just outside the served folder: no request may reach it.
    writeFileSync(join(parent, 'secret.txt'), 'TOP-SECRET');
    writeFileSync(join(dist, 'index.html'), template('index-aaa.js'));
    writeFileSync(join(dist, 'assets', 'index-aaa.js'), 'console.log(1);');
    writeFileSync(join(dist, 'openings.json'), '{}');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    server = await startTestServer({ webDistDir: dist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and makes the service worker revalidate', async () => {
    const asset = await fetch(`${server.url}/assets/index-aaa.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers any app route with index.html carrying that route title, never cached', async () => {
    const page = await fetch(`${server.url}/settings`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    expect(html).toContain('/assets/index-aaa.js');
    expect(html).not.toContain('<title>x</title>');
  });

  it('serves a new build at once, without a restart', async () => {
    writeFileSync(join(dist, 'index.html'), template('index-bbb.js'));
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dist, 'index.html'), later, later);
    expect(await (await fetch(`${server.url}/players`)).text()).toContain('/assets/index-bbb.js');
  });

  it.each(['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/assets/%2e%2e%2f%2e%2e%2fsecret.txt', '/..%5csecret.txt'])(
    'does not serve %s from outside the build',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('TOP-SECRET');
    },
  );

  it('answers a missing file with an extension with 404, not the page', async () => {
    expect((await fetch(`${server.url}/missing.js`)).status).toBe(404);
  });

  it('keeps unknown API paths in the JSON envelope', async () => {
    const response = await server.call('/api/nothing_here');
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('ERR_NOT_FOUND');
  });
});
