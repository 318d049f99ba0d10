'use strict';
/**
 * Builds web/public/openings.json (opening name -> FEN) from content/openings/openings-source.json by playing
 * every move list with chess.js. Plain CommonJS so it runs with `node` alone (no TypeScript build needed):
 *   npm run content:openings
 * The generated file is committed; content/openings/openings.test.ts fails when it is stale.
 */
const fs = require('node:fs');
const path = require('node:path');
const { Chess } = require('chess.js');

const ROOT = path.resolve(__dirname, '..');
const SOURCE_PATH = path.join(ROOT, 'content', 'openings', 'openings-source.json');
const OUTPUT_PATH = path.join(ROOT, 'web', 'public', 'openings.json');

/** "Sicilian Defense: Najdorf Variation" -> "Sicilian Defense"; a name without a colon is its own family. */
function familyOf(name) {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(0, colon).trim();
}

/**
 * FEN after playing `moves` (space-separated SAN) from the standard start. Each token must be exactly the SAN
 * chess.js would write (check marks included), so the source stays canonical and typos cannot slip through.
 */
function fenAfter(name, moves) {
  const chess = new Chess();
  const tokens = moves.trim().split(/\s+/);
  tokens.forEach((san, index) => {
    let played;
    try {
      played = chess.move(san, { strict: true });
    } catch {
      played = null;
    }
    if (!played || played.san !== san) {
      throw new Error(`Opening "${name}": illegal or non-canonical move "${san}" (half-move ${index + 1})`);
    }
  });
  return chess.fen();
}

/** Checks the source shape and naming rules; throws with the offending name on the first problem. */
function validateSource(entries) {
  if (!Array.isArray(entries)) throw new Error('Openings source must be a JSON array');
  const names = new Set();
  for (const entry of entries) {
    if (!entry || typeof entry.name !== 'string' || typeof entry.moves !== 'string') {
      throw new Error(`Openings source entry is not {name, moves}: ${JSON.stringify(entry)}`);
    }
    if (entry.name.trim() !== entry.name || entry.name === '') throw new Error(`Opening name is blank or padded: "${entry.name}"`);
    if (entry.moves.trim() === '') throw new Error(`Opening "${entry.name}" has no moves`);
    if (names.has(entry.name)) throw new Error(`Opening "${entry.name}" is listed twice`);
    names.add(entry.name);
  }
  for (const { name } of entries) {
    const family = familyOf(name);
    if (family !== name && !names.has(family)) {
      throw new Error(`Opening line "${name}" has no parent entry "${family}"`);
    }
  }
}

/**
 * name -> FEN, grouped by opening: each family appears where it is first mentioned, the parent first and
 * then its lines in source order (the web picker relies on that order to nest lines under their opening).
 */
function computeOpenings(entries) {
  validateSource(entries);
  const families = new Map();
  for (const entry of entries) {
    const family = familyOf(entry.name);
    if (!families.has(family)) families.set(family, []);
    if (entry.name === family) families.get(family).unshift(entry);
    else families.get(family).push(entry);
  }
  const result = {};
  for (const members of families.values()) {
    for (const { name, moves } of members) result[name] = fenAfter(name, moves);
  }
  return result;
}

function renderOpenings(openings) {
  return `${JSON.stringify(openings, null, 2)}\n`;
}

function readSource(sourcePath = SOURCE_PATH) {
  return JSON.parse(fs.readFileSync(sourcePath, 'utf8'));
}

function main() {
  const openings = computeOpenings(readSource());
  fs.mkdirSync(path.dirname(OUTPUT_PATH), { recursive: true });
  fs.writeFileSync(OUTPUT_PATH, renderOpenings(openings));
  console.log(`Wrote ${Object.keys(openings).length} openings to ${path.relative(ROOT, OUTPUT_PATH)}`);
}

if (require.main === module) main();

module.exports = {
  SOURCE_PATH,
  OUTPUT_PATH,
  familyOf,
  fenAfter,
  validateSource,
  computeOpenings,
  renderOpenings,
  readSource,
};
