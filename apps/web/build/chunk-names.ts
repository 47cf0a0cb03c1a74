import fs from 'node:fs';

/** What a module belongs to: its npm package, or the web's own folder (features/<area>, lib/<part>, app). */
export function ownerOf(moduleId: string): string {
  const id = moduleId.replace(/\\/g, '/').replace(/^\0/, '').split('?')[0]!;
  const pkg = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg) return pkg[1]!.replace(/^@/, '').replace(/\//g, '-');
  if (id.includes('/packages/shared/')) return 'shared';
  const src = /\/apps\/web\/src\/(features|lib)\/([^/.]+)/.exec(id);
  if (src) return src[2]!;
  if (id.includes('/apps/web/src/')) return 'app';
  return 'runtime';
}

const sizeOf = (moduleId: string) => {
  try {
    return fs.statSync(moduleId.split('?')[0]!).size;
  } catch {
    return 0;
  }
};

/**
 * The name of a shared chunk after what it holds: its largest owner, and the second when that
 * holds a good part too (`react-dom+antd`, `echarts+zrender`, `e965-xlsx`), so a file's name says
 * which library a page pulls in (the bundler's own choice names it after any one module, such as a
 * locale). Pages and entries keep the names of their modules.
 */
export function sharedChunkName(moduleIds: readonly string[]): string {
  const weight = new Map<string, number>();
  for (const id of moduleIds) weight.set(ownerOf(id), (weight.get(ownerOf(id)) ?? 0) + Math.max(1, sizeOf(id)));
  const ranked = [...weight.entries()].sort((a, b) => b[1] - a[1]);
  const total = ranked.reduce((sum, [, w]) => sum + w, 0);
  const [first, second] = ranked;
  if (!first) return 'chunk';
  return second && second[1] >= total * 0.25 ? `${first[0]}+${second[0]}` : first[0];
}

export function chunkFileNames(chunk: { isDynamicEntry: boolean; facadeModuleId: string | null; moduleIds: string[]; name: string }): string {
  if (chunk.isDynamicEntry && chunk.facadeModuleId) {
    // A library loaded on use (the OAuth client on a single sign-on) is named after its package, not its `index` module.
    return chunk.facadeModuleId.includes('/node_modules/') ? `assets/${ownerOf(chunk.facadeModuleId)}-[hash].js` : 'assets/[name]-[hash].js';
  }
  return `assets/${sharedChunkName(chunk.moduleIds)}-[hash].js`;
}
