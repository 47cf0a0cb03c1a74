import path from 'node:path';

/**
 * A server module is entered through its public face: code outside apps/server/src/modules/<area>/
 * may import from that folder only its index (docs/decisions/0046). Tests keep deep imports.
 */
const MODULES = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;

/** The area of a file under the server's modules folder, or undefined. */
export function areaOf(file) {
  const at = file.indexOf(MODULES);
  if (at < 0) return undefined;
  return file.slice(at + MODULES.length).split(path.sep)[0];
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Import another server module only through its index.ts (its public face)' },
    messages: {
      pastFace: "'{{source}}' reaches past the face of the {{area}} module: import '{{face}}' and export what is needed from modules/{{area}}/index.ts",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = areaOf(file);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const targetArea = areaOf(target);
      if (!targetArea || targetArea === here) return;
      const inside = target
        .slice(target.indexOf(MODULES) + MODULES.length)
        .split(path.sep)
        .slice(1)
        .join('/');
      if (/^index(\.js|\.ts)?$/.test(inside)) return;
      const faceDir = target.slice(0, target.indexOf(MODULES) + MODULES.length) + targetArea;
      let face = path.relative(path.dirname(file), path.join(faceDir, 'index.js')).split(path.sep).join('/');
      if (!face.startsWith('.')) face = `./${face}`;
      context.report({ node, messageId: 'pastFace', data: { source, area: targetArea, face } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
