import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webRoot, '..');
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * The service worker precaches every file of the build (all route chunks, styles, fonts), so the app shell opens
 * any page offline, not only the ones visited. The list goes into /asset-manifest.json; the build's version is
 * written into sw.js, so each deploy changes the worker's bytes and the browser installs it (and its new list).
 */
function precacheManifest(): Plugin {
  let outDir = '';
  let files: string[] = [];
  return {
    name: 'precache-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      files = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
        .map((name) => `/${name}`)
        .sort();
    },
    writeBundle() {
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      fs.writeFileSync(path.join(outDir, 'asset-manifest.json'), JSON.stringify({ version, files }));
      const swPath = path.join(outDir, 'sw.js');
      const sw = fs.readFileSync(swPath, 'utf8');
      if (!sw.includes('__BUILD_VERSION__')) throw new Error('sw.js lost its __BUILD_VERSION__ placeholder');
      fs.writeFileSync(swPath, sw.replaceAll('__BUILD_VERSION__', version));
    },
  };
}

// The web app lives in web/ and imports a few shared modules from ../domain and ../content,
// so the dev server must be allowed to read the repository root.
export default defineConfig({
  root: webRoot,
  plugins: [react(), precacheManifest()],
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
});
