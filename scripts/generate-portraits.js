#!/usr/bin/env node
/**
 * Generates the marketing images from the roster in content/titled-players.ts:
 *  - web/public/players/<slug>.svg: one avatar per fictional player (no photos of anyone real). Colours come
 *    from a hash of the name, so a player's portrait never changes between runs; initials plus a chess motif
 *    (a checkered band and a pawn silhouette) keep them recognisable and on-brand. Output is minified.
 *  - web/public/og-image.png (1200x630): the social preview image named by og:image, rendered with sharp.
 * Run: node scripts/generate-portraits.js  (commit the generated files).
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..');
const PLAYERS_DIR = path.join(ROOT, 'web/public/players');
const OG_IMAGE = path.join(ROOT, 'web/public/og-image.png');

/** Loads the TypeScript roster without a build step (its only import is type-only and vanishes). */
function loadRoster() {
  const file = path.join(ROOT, 'content/titled-players.ts');
  const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const mod = new Module(file);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  mod._compile(outputText, file);
  return mod.exports.TITLED_PLAYERS;
}

/** FNV-1a 32-bit: small, stable across Node versions. */
function hash(text) {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function escapeXml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]);
}

/** hsl -> #rrggbb (hex works in every SVG renderer, including librsvg behind sharp). */
function hslHex(h, s, l) {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    const v = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255).toString(16).padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** Two hues and a darkness derived from the name; lightness stays low enough for white initials (AA). */
function palette(name) {
  const h = hash(name);
  const hue = h % 360;
  const hue2 = (hue + 25 + ((h >>> 9) % 70)) % 360;
  const sat = 42 + ((h >>> 17) % 20);
  return {
    from: hslHex(hue, sat, 34),
    to: hslHex(hue2, sat, 22),
    motif: (h >>> 5) % 2 === 0 ? 'left' : 'right',
  };
}

/** A pawn silhouette at (x, y) top-left, scale s (path drawn in a 40x56 box). */
function pawn(x, y, s, opacity) {
  return (
    `<g transform="translate(${x} ${y}) scale(${s})" fill="#fff" opacity="${opacity}">` +
    '<circle cx="20" cy="10" r="9"/>' +
    '<path d="M13 21h14l-2 4c4 5 6 13 7 21H8c1-8 3-16 7-21z"/>' +
    '<rect x="3" y="47" width="34" height="8" rx="2"/></g>'
  );
}

/**
 * A 256x256 avatar: gradient, a band of checker squares along the bottom, a small faint pawn in the corner above
 * it, big initials in the middle. No title pill: the title is shown as a readable badge next to the name, and the
 * pawn sits clear of the letters (it used to overlap two-letter initials).
 */
function portraitSvg(player) {
  const name = `${player.firstName} ${player.lastName}`;
  const { from, to, motif } = palette(name);
  const initials = escapeXml(
    (Array.from(player.firstName)[0] + Array.from(player.lastName)[0]).toUpperCase(),
  );
  const squares = [];
  for (let i = 0; i < 8; i++) {
    for (let row = 0; row < 2; row++) {
      if ((i + row) % 2 === 0) squares.push(`<rect x="${i * 32}" y="${224 - row * 32}" width="32" height="32"/>`);
    }
  }
  const pawnX = motif === 'left' ? 14 : 214;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">' +
    `<title>${escapeXml(`${player.title} ${name}`)}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    '<rect width="256" height="256" fill="url(#g)"/>' +
    `<g fill="#fff" opacity=".08">${squares.join('')}</g>` +
    pawn(pawnX, 14, 0.7, 0.18) +
    '<text x="128" y="158" text-anchor="middle" font-family="Inter,system-ui,Segoe UI,Helvetica,Arial,sans-serif" ' +
    `font-size="96" font-weight="700" fill="#fff" letter-spacing="2">${initials}</text>` +
    '</svg>'
  );
}

/** The 1200x630 social card: brand, promise, and a corner of a chessboard. */
function ogSvg() {
  const squares = [];
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 8; c++) {
      const fill = (r + c) % 2 === 0 ? '#e3f2ec' : '#166a4c';
      squares.push(`<rect x="${760 + c * 60}" y="${75 + r * 60}" width="60" height="60" fill="${fill}"/>`);
    }
  }
  const font = 'DejaVu Sans,Inter,Helvetica,Arial,sans-serif';
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">' +
    '<rect width="1200" height="630" fill="#111827"/>' +
    `<g opacity=".9">${squares.join('')}</g>` +
    '<rect x="760" y="75" width="480" height="480" fill="url(#fade)"/>' +
    '<defs><linearGradient id="fade" x1="0" x2="1"><stop offset="0" stop-color="#111827"/>' +
    '<stop offset=".6" stop-color="#111827" stop-opacity="0"/></linearGradient></defs>' +
    `<text x="72" y="150" font-family="${font}" font-size="34" font-weight="700" fill="#c9932b">TITLED CHESS</text>` +
    `<text font-family="${font}" font-size="64" font-weight="700" fill="#f9fafb">` +
    '<tspan x="72" y="265">Play titled chess</tspan><tspan x="72" y="345">players online</tspan></text>' +
    `<text font-family="${font}" font-size="30" fill="#cbd5e1">` +
    '<tspan x="72" y="430">Verified GMs, IMs and FMs. Pay per minute,</tspan>' +
    '<tspan x="72" y="472">play on Lichess, no scheduling needed.</tspan></text>' +
    '</svg>'
  );
}

async function main() {
  const roster = loadRoster();
  fs.mkdirSync(PLAYERS_DIR, { recursive: true });
  for (const player of roster) {
    fs.writeFileSync(path.join(PLAYERS_DIR, player.portrait), portraitSvg(player));
  }
  const sharp = require('sharp');
  await sharp(Buffer.from(ogSvg())).png({ compressionLevel: 9, palette: true }).toFile(OG_IMAGE);
  console.log(`wrote ${roster.length} portraits to ${path.relative(ROOT, PLAYERS_DIR)} and ${path.relative(ROOT, OG_IMAGE)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
