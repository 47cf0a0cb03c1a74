import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * No import cycle, type imports included. import-x/no-cycle skips `import type` (TypeScript erases
 * it, so it cannot fail at run time), but a cycle through a type still ties the files together:
 * neither can be read, moved or split off alone (docs/decisions/0069). The graph of a source folder
 * (the nearest `src` above the file) is read once per lint run with TypeScript's own import scanner:
 * static, type-only, re-exports and `import()` alike. `aliases` maps an import prefix to a folder
 * (the web's `@/`).
 */
const graphs = new Map();

function sourceRoot(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('src');
  return at < 0 ? undefined : parts.slice(0, at + 1).join(path.sep);
}

function sourceFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function resolveImport(from, spec, aliases) {
  let base;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else {
    const alias = Object.keys(aliases).find((prefix) => spec.startsWith(prefix));
    if (alias === undefined) return undefined;
    base = path.join(aliases[alias], spec.slice(alias.length));
  }
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** The files of each cycle of `root` (Tarjan's strongly connected components), by file. */
function cyclesOf(root, aliases) {
  const cached = graphs.get(root);
  if (cached) return cached;
  const edges = new Map();
  for (const file of sourceFiles(root)) {
    const scanned = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const imported of scanned.importedFiles) {
      const target = resolveImport(file, imported.fileName, aliases);
      if (target && target.startsWith(`${root}${path.sep}`)) targets.add(target);
    }
    edges.set(file, targets);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycleOf = new Map();
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const members = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.push(member);
    } while (member !== file);
    if (members.length > 1 || edges.get(file)?.has(file)) for (const m of members) cycleOf.set(m, { members: new Set(members), edges });
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  graphs.set(root, cycleOf);
  return cycleOf;
}

/** One way round the cycle from `file` back to it (breadth first, inside the cycle). */
function wayRound(file, { members, edges }) {
  const cameFrom = new Map();
  const queue = [file];
  while (queue.length > 0) {
    const at = queue.shift();
    for (const target of edges.get(at) ?? []) {
      if (!members.has(target)) continue;
      if (target === file) {
        const way = [file];
        for (let step = at; step !== file; step = cameFrom.get(step)) way.splice(1, 0, step);
        return [...way, file];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, at);
        queue.push(target);
      }
    }
  }
  return [file, file];
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle, type imports and lazy imports included' },
    messages: { cycle: 'This file is in an import cycle (type imports included): {{way}}. Move what both need into a file of its own.' },
    schema: [{ type: 'object', properties: { aliases: { type: 'object', additionalProperties: { type: 'string' } } }, additionalProperties: false }],
  },
  create(context) {
    const file = context.filename;
    const root = sourceRoot(file);
    if (root === undefined) return {};
    const aliases = context.options[0]?.aliases ?? {};
    return {
      Program(node) {
        const cycle = cyclesOf(root, aliases).get(file);
        if (!cycle) return;
        const way = wayRound(file, cycle)
          .map((step) => path.relative(root, step).split(path.sep).join('/'))
          .join(' → ');
        context.report({ node, messageId: 'cycle', data: { way } });
      },
    };
  },
};
