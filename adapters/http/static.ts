import { readFileSync, statSync, createReadStream, type Stats } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { Middleware } from 'koa';
import { renderIndexHtml } from './spa/index-html';
import type { HttpState } from './types';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
};

/** No file of the built app has a longer path; longer ones are answered without touching the disk. */
const MAX_FILE_PATH = 1024;

/** The file's stat, or null when it is missing or cannot be a file (too long, a file used as a folder...). */
function fileStat(file: string): Stats | null {
  try {
    return statSync(file, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

export interface StaticOptions {
  /** The built web app (web/dist). */
  root: string;
  publicUrl: string;
}

/**
 * Serves the built web app. Files under /assets/ carry content hashes and are cached for a year; everything
 * else revalidates. Any other GET that is not an API or dev path gets index.html (the SPA fallback) with the
 * route's own title, description and Open Graph tags, so crawlers and link previews see them.
 */
export function serveWebApp(options: StaticOptions): Middleware<HttpState> {
  const root = resolve(options.root);
  const indexPath = join(root, 'index.html');
  // Re-read index.html when a new build replaced it: a running server must never point at old asset names.
  let template: { html: string; mtimeMs: number } | null = null;
  const loadTemplate = (): string | null => {
    const stat = statSync(indexPath, { throwIfNoEntry: false });
    if (!stat) return null;
    if (!template || template.mtimeMs !== stat.mtimeMs) template = { html: readFileSync(indexPath, 'utf8'), mtimeMs: stat.mtimeMs };
    return template.html;
  };

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path.startsWith('/dev/')) {
      return next();
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    if (!decoded.includes('\0') && decoded !== '/' && decoded !== '/index.html') {
      const file = resolve(root, `.${decoded}`);
      if (file.startsWith(root + sep) && decoded.length <= MAX_FILE_PATH) {
        const stat = fileStat(file);
        if (stat?.isFile()) {
          ctx.type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
          ctx.length = stat.size;
          ctx.set(
            'Cache-Control',
            decoded.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : decoded === '/sw.js' ? 'no-cache' : 'public, max-age=3600',
          );
          ctx.body = createReadStream(file);
          return;
        }
      }
      // A missing file with an extension is a real 404, not a page.
      if (extname(decoded) !== '') return next();
    }
    const html = loadTemplate();
    if (html === null) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'The web app is not built yet: run `npm run build:web`.';
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = renderIndexHtml(html, ctx.path, options.publicUrl);
  };
}
