/**
 * Fewer, larger shared chunks, with no page loading a byte more (docs/decisions/0031).
 *
 * The bundler splits shared code by the exact set of entries and lazy chunks that reach each
 * module, so a module used by the layout and one page sits apart from one used by the layout and
 * another page, although both are downloaded by every page of the console: the layout's load was
 * 68 files, each gzipped on its own, without the dictionary the others share. Here the shared
 * chunks of a first build are grouped by the set of LOADS they are part of instead, where a load
 * is a lazy chunk with everything that is always loaded before it: the lazy chunks on every way to
 * it (their dominators) and, for a page of the console's menu, the layout it is shown in. Chunks in
 * exactly the same loads become one chunk, so every load downloads exactly the modules it
 * downloaded before, in fewer files.
 *
 * Two chunks are in the same loads when, for every lazy chunk, both or neither are reached from
 * something always loaded with it; grouping by that key never joins what one load needs to what it
 * does not, and as a chunk's key only grows along its imports, the groups import each other
 * without cycles.
 */
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { sharedChunkName } from './chunk-names.ts';

/** A node of the graph the grouping walks (a chunk of the first build): what it imports, statically and lazily. */
export interface GraphModule {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  isEntry: boolean;
}

export interface LoadKeyOptions {
  /** The console's HTML entry module (its pages are shown in the layout). */
  isConsoleEntry: (id: string) => boolean;
  /** The layout every page of the console's menu is shown in. */
  isLayout: (id: string) => boolean;
  /** Lazy chunks of the console shown outside the layout (sign-in, landing, status pages, client libraries). */
  isOutsideLayout: (id: string) => boolean;
}

/**
 * For every node reachable from the entries, the key of the loads it is part of: nodes with the
 * same key are downloaded by exactly the same loads.
 */
export function loadKeys(getModule: (id: string) => GraphModule | null, entries: readonly string[], options: LoadKeyOptions): Map<string, string> {
  // Roots: the entries and every lazily imported module; each one's static closure.
  const closures = new Map<string, Set<string>>();
  const rootOrder: string[] = [];
  const closureOf = (root: string) => {
    let closure = closures.get(root);
    if (closure) return closure;
    closure = new Set<string>();
    closures.set(root, closure);
    rootOrder.push(root);
    const stack = [root];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (closure.has(id)) continue;
      const info = getModule(id);
      if (!info) continue;
      closure.add(id);
      for (const next of info.importedIds) if (!closure.has(next)) stack.push(next);
    }
    return closure;
  };
  // Which roots import each lazy root (a root that statically holds the module importing it).
  const parents = new Map<string, Set<string>>();
  const queue = [...entries];
  for (const entry of entries) closureOf(entry);
  while (queue.length > 0) {
    const root = queue.shift()!;
    for (const id of closureOf(root)) {
      for (const lazy of getModule(id)?.dynamicallyImportedIds ?? []) {
        if (!getModule(lazy)) continue;
        if (!parents.has(lazy)) parents.set(lazy, new Set());
        parents.get(lazy)!.add(root);
        if (!closures.has(lazy)) {
          closureOf(lazy);
          queue.push(lazy);
        }
      }
    }
  }
  const entrySet = new Set(entries);
  const roots = rootOrder;
  const index = new Map(roots.map((r, i) => [r, i]));
  // The console's layout: a lazy root of the console entry.
  const layout = roots.find((r) => options.isLayout(r));
  // A page of the menu: a lazy root imported from the console entry's own code that is neither the layout nor outside it.
  const consoleEntry = entries.find((e) => options.isConsoleEntry(e));
  const isPage = (root: string) =>
    consoleEntry !== undefined && root !== layout && !entrySet.has(root) && !options.isOutsideLayout(root) && (parents.get(root)?.has(consoleEntry) ?? false);

  // What is always loaded with each root: itself, what every root importing it has always loaded
  // (iterated to a fixed point, as dominators are), and the layout's for a page of the menu.
  const all = new Set(roots);
  const always = new Map<string, Set<string>>(roots.map((r) => [r, entrySet.has(r) ? new Set([r]) : new Set(all)]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const root of roots) {
      if (entrySet.has(root)) continue;
      let meet: string[] | null = null;
      for (const parent of parents.get(root) ?? []) {
        const theirs = always.get(parent)!;
        meet = meet === null ? [...theirs] : meet.filter((r) => theirs.has(r));
      }
      const next = new Set<string>(meet ?? []);
      next.add(root);
      if (layout && isPage(root)) for (const r of always.get(layout)!) next.add(r);
      const before = always.get(root)!;
      if (next.size !== before.size || [...next].some((r) => !before.has(r))) {
        always.set(root, next);
        changed = true;
      }
    }
  }

  // The roots that reach each module statically.
  const reachedBy = new Map<string, number[]>();
  for (const root of roots) {
    for (const id of closures.get(root)!) {
      if (!reachedBy.has(id)) reachedBy.set(id, []);
      reachedBy.get(id)!.push(index.get(root)!);
    }
  }
  // A module is part of the load of root L when a root that reaches it is always loaded with L.
  const alwaysIdx = roots.map((r) => [...always.get(r)!].map((x) => index.get(x)!));
  const keys = new Map<string, string>();
  const memo = new Map<string, string>();
  for (const [id, reaching] of reachedBy) {
    const signature = reaching.join(',');
    let key = memo.get(signature);
    if (key === undefined) {
      const reach = new Set(reaching);
      const loads: number[] = [];
      alwaysIdx.forEach((before, load) => {
        if (before.some((r) => reach.has(r))) loads.push(load);
      });
      key = loads.join(',');
      memo.set(signature, key);
    }
    keys.set(id, key);
  }
  return keys;
}

/** A script of a build, as the bundler's output describes it. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
  dynamicImports: readonly string[];
}

export interface GroupOptions {
  /** The layout every page of the console's menu is shown in (a module path relative to the web's folder). */
  layoutModule: string;
  /** Path prefixes of the console's lazy chunks shown outside the layout. */
  outside: readonly string[];
  /**
   * HTML entries whose scripts, and all they load, stay as the bundler builds them: the phone
   * page, a few files already, whose budget is the tightest.
   */
  asBuilt: readonly string[];
}

/**
 * From a build's scripts, the group of every module of a shared chunk (one that is no entry and
 * loads no page by itself): chunks in exactly the same loads get the same group. The modules of
 * entries and lazy chunks stay where the bundler put them.
 */
export function groupsOfBuild(chunks: readonly BuiltChunk[], relative: (id: string) => string, options: GroupOptions): Map<string, string> {
  const { layoutModule, outside, asBuilt } = options;
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  // The scripts of the entries left as the bundler builds them, and of everything they load.
  const kept = new Set<string>();
  const keep = (file: string) => {
    if (kept.has(file) || !byFile.has(file)) return;
    kept.add(file);
    for (const next of [...byFile.get(file)!.imports, ...byFile.get(file)!.dynamicImports]) keep(next);
  };
  for (const chunk of chunks) if (chunk.isEntry && chunk.facadeModuleId && asBuilt.includes(relative(chunk.facadeModuleId))) keep(chunk.fileName);
  const facade = (file: string) => {
    const id = byFile.get(file)?.facadeModuleId;
    return id ? relative(id) : '';
  };
  const entries = chunks.filter((c) => c.isEntry).map((c) => c.fileName).sort();
  const keys = loadKeys(
    (file) => {
      const chunk = byFile.get(file);
      return chunk ? { importedIds: chunk.imports, dynamicallyImportedIds: chunk.dynamicImports, isEntry: chunk.isEntry } : null;
    },
    entries,
    {
      isConsoleEntry: (file) => facade(file) === 'index.html',
      isLayout: (file) => facade(file) === layoutModule,
      isOutsideLayout: (file) => outside.some((prefix) => facade(file).startsWith(prefix)),
    },
  );
  const modulesByKey = new Map<string, string[]>();
  for (const chunk of chunks) {
    if (chunk.isEntry || chunk.isDynamicEntry || kept.has(chunk.fileName)) continue;
    const key = keys.get(chunk.fileName);
    if (key === undefined) continue;
    if (!modulesByKey.has(key)) modulesByKey.set(key, []);
    modulesByKey.get(key)!.push(...chunk.moduleIds);
  }
  // Each group named after what it holds (its style sheet takes the name); one name per group, as
  // the bundler joins groups of the same name: `antd`, `antd~2`, … in a stable order.
  const groups = new Map<string, string>();
  const taken = new Map<string, number>();
  for (const key of [...modulesByKey.keys()].sort()) {
    const ids = modulesByKey.get(key)!;
    const base = sharedChunkName(ids);
    const n = (taken.get(base) ?? 0) + 1;
    taken.set(base, n);
    for (const id of ids) groups.set(id, n === 1 ? base : `${base}~${n}`);
  }
  return groups;
}

/** Set in the first of the two passes, so that pass builds as the bundler would by itself. */
const FIRST_PASS = 'FIELD_PORTAL_CHUNK_FIRST_PASS';

/** Whether this build is the first pass, held in memory: plugins that write files beside the build skip it. */
export const isFirstPass = () => Boolean(process.env[FIRST_PASS]);

/**
 * Builds twice: first as the bundler would, in memory, to see which shared chunks each load
 * downloads once tree shaking is done; then for real, with one group per set of loads
 * (`output.codeSplitting`). The module graph alone cannot say it: through a package's index
 * (antd's), every page would seem to reach every component.
 */
export function chunkGroups(options: GroupOptions): Plugin {
  return {
    name: 'field-portal:chunk-groups',
    apply: (_config, env) => env.command === 'build' && !process.env[FIRST_PASS],
    async config(config) {
      const root = config.root ? path.resolve(config.root) : process.cwd();
      const relative = (id: string) => path.relative(root, id.split('?')[0]!).split(path.sep).join('/');
      process.env[FIRST_PASS] = '1';
      let outputs;
      try {
        outputs = await build({ root, mode: config.mode, logLevel: 'silent', build: { write: false, manifest: false } });
      } finally {
        delete process.env[FIRST_PASS];
      }
      const chunks = (Array.isArray(outputs) ? outputs : [outputs]).flatMap((o) => ('output' in o ? o.output : [])).filter((o) => o.type === 'chunk');
      const groups = groupsOfBuild(chunks as unknown as BuiltChunk[], relative, options);
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // A group must not take its modules' imports along: those are in other loads.
                includeDependenciesRecursively: false,
                groups: [{ name: (id: string) => groups.get(id) ?? null }],
              },
            },
          },
        },
      };
    },
  };
}
