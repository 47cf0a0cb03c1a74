import type { Plugin } from 'vite';

export interface ReplaceImport {
  /** The plugin's file in build/ without `.ts`, named after what the build leaves out. */
  name: string;
  /** The dependency module whose import is replaced, by its path. */
  module: RegExp;
  /** What the module is, for the build's error when it changes ("antd's Card"). */
  what: string;
  /** The import statement replaced, exactly as the module has it. */
  importLine: string;
  /** The code put in its place: a stand-in that says why the part is left out, or a small helper. */
  replacement: string;
}

/**
 * A build plugin that replaces one import of one dependency module with the portal's own code, so a
 * part every page would download with the module (antd's Card and its tabs, its Table and its
 * filter dropdown …) stays out of the build where no screen uses it (docs/decisions/0031). The
 * build fails when the module no longer has that import, so an upgrade is reviewed rather than
 * silently left with the part.
 */
export function replaceImport({ name, module, what, importLine, replacement }: ReplaceImport): Plugin {
  return {
    name: `field-portal:${name}`,
    apply: 'build',
    transform(code, id) {
      if (!module.test(id.split('?')[0]!)) return null;
      if (!code.includes(importLine)) throw new Error(`${what} no longer imports "${importLine}": review build/${name}.ts`);
      return { code: code.replace(importLine, replacement), map: null };
    },
  };
}

/** A stand-in for a left-out component: throws, saying where it is left out and what to do instead. */
export const throwingStandIn = (binding: string, message: string, name: string, instead: string) =>
  `const ${binding} = () => { throw new Error('${message} (apps/web/build/${name}.ts): ${instead}'); };`;
