/** Keeps the hexagon honest: the domain is pure, the application never reaches for an adapter. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ may import only its own files and chess.js: no frameworks, adapters, config or Node APIs.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { pathNot: ['^domain/', 'node_modules/chess\\.js'] },
    },
    {
      name: 'application-uses-ports-only',
      comment: 'application/ imports domain/, content/ data and its own ports; never adapters, config or web.',
      severity: 'error',
      from: { path: '^application/' },
      to: { path: ['^adapters/', '^config/', '^web/', '^bin/'] },
    },
    {
      name: 'adapters-point-inward',
      comment: 'adapters/ never import the composition root (config/) or the binaries.',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: ['^config/(?!env)', '^bin/'] },
    },
    {
      name: 'web-talks-http-only',
      comment: 'The web client shares pure limits and texts only; it never imports server code.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: ['^application/', '^adapters/', '^config/', '^bin/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.test\\.tsx?$|/test/)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    moduleSystems: ['cjs', 'es6'],
  },
};
