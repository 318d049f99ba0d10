#!/usr/bin/env node
/**
 * `npm run dev`: the hot-reloading developer setup.
 *  - the server compiled by `tsc --watch` and restarted by `node --watch` on dist/bin/server.js (port 3000),
 *  - the Vite dev server for the web app (port 5173), proxying /api and /dev to the server.
 * Ctrl+C stops all three.
 */
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const env = { ...process.env, APP_PROFILE: process.env.APP_PROFILE ?? 'development', PORT: process.env.PORT ?? '3000' };
const children = [];

function run(label, command, args) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => `[${label}] ${line}`)
      .join('\n');
  child.stdout.on('data', (c) => console.log(prefix(c)));
  child.stderr.on('data', (c) => console.error(prefix(c)));
  child.on('exit', (code, signal) => {
    console.log(`[${label}] exited (${signal ?? code})`);
    if (!stopping) stop(code ?? 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// One full compile first, so node --watch has a server to start.
console.log('[dev] compiling the server…');
const first = spawnSync(bin('tsc'), ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) console.warn('[dev] the first compile reported errors; watching anyway');

run('tsc', bin('tsc'), ['-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput']);
run('server', process.execPath, ['--watch', path.join('dist', 'bin', 'server.js')]);
run('web', bin('vite'), ['--config', path.join('web', 'vite.config.ts')]);
console.log(`[dev] API on http://localhost:${env.PORT}, web app on http://localhost:5173`);
