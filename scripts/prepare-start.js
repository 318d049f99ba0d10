#!/usr/bin/env node
// `npm start`: compile the server (incremental, fast when nothing changed) and build the web app when no
// build exists yet, so `npm ci && npm start` works on a fresh clone with no other step.
const { execSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });

run('npx tsc -p tsconfig.build.json');
if (!existsSync(join(root, 'web', 'dist', 'index.html'))) {
  console.log('No web build found: building the web app once (npm run build:web)...');
  run('npx vite build --config web/vite.config.ts');
}
