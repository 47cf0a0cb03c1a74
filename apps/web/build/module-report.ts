import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Per output script: each module it holds, with its rendered length and the gzip size of its code alone. */
export type ModuleReport = Record<string, Record<string, { rendered: number; gzip: number }>>;

/** Where the build writes its module report, beside Vite's manifest. */
export const MODULE_REPORT = path.join('.vite', 'modules.json');

/**
 * Writes which modules make up each script of the build (`dist/.vite/modules.json`), so the budget
 * check can say what a load is made of (`npm run budgets -w apps/web -- --explain <page>`).
 */
export function moduleReport(): Plugin {
  let outDir = 'dist';
  let root = '.';
  const report: ModuleReport = {};
  // Module ids relative to the web's folder, so the report names no folder of the machine that built it.
  const relative = (id: string) => (path.isAbsolute(id) ? path.relative(root, id).split(path.sep).join('/') : id);
  return {
    name: 'field-portal:module-report',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const modules: ModuleReport[string] = {};
        for (const [id, rendered] of Object.entries(chunk.modules)) {
          if (rendered.renderedLength === 0) continue;
          modules[relative(id)] = { rendered: rendered.renderedLength, gzip: zlib.gzipSync(rendered.code ?? '', { level: 6 }).length };
        }
        report[chunk.fileName] = modules;
      }
    },
    closeBundle() {
      fs.mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      fs.writeFileSync(path.join(outDir, MODULE_REPORT), JSON.stringify(report));
    },
  };
}
