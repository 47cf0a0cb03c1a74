// Bundles the server into dist/main.mjs (and the build step that snapshots the demo database): one file starts far faster than hundreds of modules.
import { build } from 'esbuild';

await build({
  // backup: the `npm run backup` / `npm run restore` command (docs/decisions/0039).
  // graph-worker: the recompute's worker thread (docs/decisions/0032), loaded by its file name.
  entryPoints: { main: 'src/main.ts', 'build-template': 'src/db/build-template.ts', 'graph-worker': 'src/modules/intelligence/graph-worker.ts', backup: 'src/ops/cli.ts' },
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
  // Packages that load files of their own (WASM, native addons, static assets) stay outside.
  external: ['@electric-sql/pglite', '@node-rs/argon2', '@node-rs/jieba', 'pg-native', '@fastify/swagger-ui', '@e965/xlsx'],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
