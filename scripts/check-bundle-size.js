#!/usr/bin/env node
/**
 * Performance budget: the JavaScript a visitor downloads for the landing route, gzipped, must stay at or under
 * 150 KB. Counts the entry script and its modulepreloads from web/dist/index.html, plus the lazily loaded
 * landing page chunk and its static imports (from Vite's manifest), each file once. Prints every size.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const BUDGET_BYTES = 150 * 1024;
const dist = path.resolve(__dirname, '..', 'web', 'dist');
const LANDING_SRC = 'src/pages/landing/LandingPage.tsx';

function fail(message) {
  console.error(`check-bundle-size: ${message}`);
  process.exit(1);
}

const indexPath = path.join(dist, 'index.html');
if (!fs.existsSync(indexPath)) fail(`${indexPath} is missing; run "npm run build:web" first`);
const html = fs.readFileSync(indexPath, 'utf8');

const files = new Set();
for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) files.add(match[1]);
for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) files.add(match[1]);
if (files.size === 0) fail('no module script found in web/dist/index.html');

// The landing page is lazy-loaded by the router, so index.html does not name it: follow the manifest.
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (fs.existsSync(manifestPath)) {
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const landingKey = Object.keys(manifest).find((key) => key.endsWith(LANDING_SRC));
  if (!landingKey) fail(`${LANDING_SRC} is not in the manifest`);
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(landingKey);
} else {
  console.warn('check-bundle-size: no manifest; counting index.html scripts only');
}

let total = 0;
const rows = [];
for (const url of files) {
  const file = path.join(dist, url.replace(/^\//, ''));
  if (!fs.existsSync(file)) fail(`${url} is referenced but missing from web/dist`);
  const raw = fs.readFileSync(file);
  const gz = zlib.gzipSync(raw, { level: 9 }).length;
  total += gz;
  rows.push([url, raw.length, gz]);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const [url, raw, gz] of rows.sort((a, b) => b[2] - a[2])) {
  console.log(`${kb(gz).padStart(9)} gzip  ${kb(raw).padStart(9)} raw  ${url}`);
}
console.log(`${kb(total).padStart(9)} gzip total for the landing route (budget ${kb(BUDGET_BYTES)})`);
if (total > BUDGET_BYTES) fail(`over budget by ${kb(total - BUDGET_BYTES)}`);
