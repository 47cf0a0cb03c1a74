/**
 * The bundle budgets, enforced: prints every load of the web build next to its budget and exits
 * with 1 when one is over (scripts/test.sh runs it after the build). Run: npm run budgets -w apps/web
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CEILINGS_KB, headlineLoads, LAYOUT_MODULE, measureLoads, pageLoads, type Manifest, type MeasuredLoad } from './bundle-budgets.js';
import { explain } from './explain-load.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/**
 * Every load of the build in `dist`, measured as the server sends it to a browser that accepts
 * gzip: a script's precompressed `.gz` copy (gzip level 9, build/precompress.ts), or the script as it
 * is when it has none (too small to gain from one).
 */
export function measureBuild(dist = WEB_DIST): MeasuredLoad[] {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${path.relative(process.cwd(), manifestFile)} is missing: run npm run build first`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const sizes = new Map<string, number>();
  const gzipBytes = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      const compressed = path.join(dist, `${file}.gz`);
      size = fs.existsSync(compressed) ? fs.statSync(compressed).size : fs.statSync(path.join(dist, file)).size;
      sizes.set(file, size);
    }
    return size;
  };
  // The module report (build/module-report.ts) says which scripts hold the web's own code.
  const modulesFile = path.join(dist, '.vite', 'modules.json');
  const modules = fs.existsSync(modulesFile) ? (JSON.parse(fs.readFileSync(modulesFile, 'utf8')) as Record<string, Record<string, unknown>>) : {};
  const holdsSource = (file: string) => Object.keys(modules[file] ?? {}).some((id) => id.startsWith('src/'));
  return measureLoads(pageLoads(manifest, holdsSource), gzipBytes);
}

const kb = (n: number) => `${n.toFixed(1).padStart(6)} KB`;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  /* eslint-disable no-console -- a command-line report */
  const measured = measureBuild();
  const explainAt = process.argv.indexOf('--explain');
  if (explainAt > 0) {
    explain(WEB_DIST, measured, process.argv[explainAt + 1] ?? '', `index.html → ${LAYOUT_MODULE}`);
    process.exit(0);
  }
  const width = Math.max(...measured.map((l) => l.name.length));
  console.log(`JavaScript of each page load, gzip (budget in brackets): ${measured.length} loads`);
  for (const load of measured) {
    if (load.kind === 'onUse') {
      console.log(`  use  ${load.name.padEnd(width)} ${kb(load.gzipKb)} [loaded when used, not on opening] ${load.files.length} files`);
      continue;
    }
    const verdict = load.ok ? 'ok  ' : load.held ? 'over' : 'OVER';
    const ceiling = load.held ? ` (held at ${CEILINGS_KB[load.kind]} KB until it is brought within)` : '';
    console.log(`  ${verdict} ${load.name.padEnd(width)} ${kb(load.gzipKb)} [${load.budgetKb} KB]${ceiling} ${load.files.length} files`);
  }
  const { login, phone } = headlineLoads(measured);
  console.log(`login route ${kb(login.gzipKb)} of ${login.budgetKb} KB; phone feed ${kb(phone.gzipKb)} of ${phone.budgetKb} KB`);
  const held = measured.filter((l) => l.held);
  if (held.length > 0) console.log(`${held.length} load(s) over budget, none grown past the size held (docs/decisions/0016)`);
  const broken = measured.filter((l) => !l.ok && !l.held);
  if (broken.length > 0) {
    console.error(`${broken.length} page load(s) over budget: ${broken.map((l) => l.name).join('; ')}`);
    process.exit(1);
  }
}
