import { parseSync, type Plugin } from 'vite';

/** The shared package's sources (not its tests). */
const SHARED_SOURCE = /[\\/]packages[\\/]shared[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Whether an expression calls anything when it is evaluated (function bodies run later and do not count). */
function callsWhenEvaluated(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(callsWhenEvaluated);
  if (!isNode(node)) return false;
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return false;
  if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression') return true;
  return Object.entries(node).some(([key, value]) => key !== 'typeAnnotation' && typeof value === 'object' && callsWhenEvaluated(value));
}

/**
 * Wraps each module-level `const` of the shared package that is built by calls (a zod schema,
 * `z.strictObject({ … })`, `base.extend(…)`, `dbText(64)`) in an immediately called arrow function
 * marked pure, so the bundler drops the ones a page never reads, and with them zod itself. The
 * shared package holds limits, paths, messages and schemas: nothing in it runs for its effects
 * at load time. Without this every page downloaded every schema of every area (docs/decisions/0016).
 */
export function annotateShared(code: string, filename = 'shared.ts'): string {
  const { program } = parseSync(filename, code) as unknown as { program: { body: Node[] } };
  const edits: { at: number; text: string }[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (!declaration || declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init || !callsWhenEvaluated(init)) continue;
      edits.push({ at: init.start, text: '/* @__PURE__ */ (() => (' }, { at: init.end, text: '))()' });
    }
  }
  let out = code;
  for (const edit of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at);
  return out;
}

export function pureShared(): Plugin {
  return {
    name: 'field-portal:pure-shared',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!SHARED_SOURCE.test(file)) return null;
      return { code: annotateShared(code, file), map: null };
    },
  };
}
