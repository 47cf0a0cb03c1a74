// Bundles the server into dist/main.mjs (and the build step that snapshots the demo database): one file starts far faster than hundreds of modules.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { build } from 'esbuild';

/** The portal's version and commit, shown by /metrics as portal_build_info (docs/decisions/0038). */
function buildInfo() {
  const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // Built outside a git checkout (a source archive): the commit is not known.
  }
  return { version, commit: commit || 'unknown' };
}

await build({
  // backup: the `npm run backup` / `npm run restore` command (docs/decisions/0039).
  // graph-worker: the recompute's worker thread (docs/decisions/0032), loaded by its file name.
  entryPoints: {
    main: 'src/main.ts',
    'build-template': 'src/seed/build-template.ts',
    'graph-worker': 'src/modules/intelligence/graph-worker.ts',
    backup: 'src/ops/cli.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Libraries loaded on first use (import()) go into chunks of their own, compiled only when needed.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  // Stack traces need the mappings only; without the sources' text the maps load four times faster at start.
  sourcesContent: false,
  logLevel: 'warning',
  define: { __PORTAL_BUILD__: JSON.stringify(buildInfo()) },
  // Packages that load files of their own (WASM, native addons, static assets) stay outside.
  external: ['@electric-sql/pglite', '@node-rs/argon2', '@node-rs/jieba', 'pg-native', '@fastify/swagger-ui', '@e965/xlsx'],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
