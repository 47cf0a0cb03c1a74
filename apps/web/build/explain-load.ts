/**
 * What a load of the web build is made of: `npm run budgets -w apps/web -- --explain <part of a load's name>`
 * prints, per package (antd and ECharts per component), the estimated gzip it adds to the load,
 * and what it adds over the console layout when the load is a page inside it. Estimates: each
 * script's gzip size shared among its modules after the gzip size of each module's code alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { MeasuredLoad } from './bundle-budgets.js';
import { MODULE_REPORT, type ModuleReport } from './module-report.js';

/** A module's group: its package, antd's and ECharts' components one by one, the web's own folders. */
export function groupOf(moduleId: string): string {
  const id = moduleId.replace(/\\/g, '/').replace(/^\0/, '').split('?')[0]!;
  const antd = /\/node_modules\/antd\/es\/([^/]+)/.exec(id);
  if (antd) return `antd/${antd[1]}`;
  const echarts = /\/node_modules\/echarts\/lib\/([^/]+)(?:\/([^/.]+))?/.exec(id);
  if (echarts) return `echarts/${echarts[1]}${echarts[2] && !echarts[2].startsWith('install') ? `/${echarts[2]}` : ''}`;
  const pkg = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg) return pkg[1]!;
  const shared = /\/packages\/shared\/src\/(.+)$/.exec(id);
  if (shared) return `shared/${shared[1]}`;
  const src = /(?:^|\/apps\/web\/)src\/(.+)$/.exec(id);
  if (src) return `src/${src[1]!.split('/').slice(0, 3).join('/')}`;
  return id;
}

/** Estimated gzip bytes of each group in the given scripts. */
export function groupSizes(files: readonly string[], report: ModuleReport, gzipOfFile: (file: string) => number): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const file of files) {
    const modules = report[file];
    if (!modules) continue;
    const alone = Object.values(modules).reduce((sum, m) => sum + m.gzip, 0);
    const scale = alone > 0 ? gzipOfFile(file) / alone : 0;
    for (const [id, m] of Object.entries(modules)) sizes.set(groupOf(id), (sizes.get(groupOf(id)) ?? 0) + m.gzip * scale);
  }
  return sizes;
}

export function explain(dist: string, measured: readonly MeasuredLoad[], pattern: string, layoutName: string): void {
  /* eslint-disable no-console -- a command-line report */
  const report = JSON.parse(fs.readFileSync(path.join(dist, MODULE_REPORT), 'utf8')) as ModuleReport;
  const gzipOfFile = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const layout = measured.find((l) => l.name === layoutName);
  for (const load of measured.filter((l) => l.name.includes(pattern))) {
    const inLayout = layout && load !== layout && layout.files.every((f) => load.files.includes(f));
    const own = inLayout ? load.files.filter((f) => !layout.files.includes(f)) : load.files;
    const sizes = [...groupSizes(own, report, gzipOfFile).entries()].sort((a, b) => b[1] - a[1]);
    const over = own === load.files ? '' : `, ${(own.reduce((s, f) => s + gzipOfFile(f), 0) / 1024).toFixed(1)} KB over the layout`;
    console.log(`${load.name}: ${load.gzipKb.toFixed(1)} KB${over}`);
    for (const [group, bytes] of sizes) if (bytes >= 512) console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${group}`);
  }
}
