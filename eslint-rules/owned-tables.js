import path from 'node:path';
import { areaOf } from './module-face.js';
import { TABLE_OWNERS } from './table-owners.js';

/**
 * A module names only its own tables (docs/decisions/0046): neither a drizzle table object of
 * another module imported from db/schema, nor another module's table after from / join / into /
 * update / delete from / truncate in a `sql` template. Options: { allow: [{ file, tables, reason }] },
 * `file` relative to apps/server/src/modules, each a named exception with its reason.
 */
const ownerOf = new Map(Object.entries(TABLE_OWNERS).flatMap(([owner, tables]) => tables.map((t) => [t, owner])));
const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
const ownerOfObject = new Map([...ownerOf].map(([t, owner]) => [camel(t), { table: t, owner }]));
const SQL_NAMES = /\b(?:from|join|into|update|truncate)\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi;
const SCHEMA = `${path.sep}db${path.sep}schema`;

export default {
  meta: {
    type: 'problem',
    docs: { description: "A server module names only its own tables; another module's rows go through that module's face" },
    messages: {
      foreignTable: 'The {{table}} table belongs to the {{owner}} module: reach its rows through modules/{{owner}}/index.ts',
    },
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'array',
            items: {
              type: 'object',
              properties: { file: { type: 'string' }, tables: { type: 'array', items: { type: 'string' } }, reason: { type: 'string', minLength: 10 } },
              required: ['file', 'tables', 'reason'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.filename;
    const here = areaOf(file);
    if (!here) return {};
    const inModule = file
      .slice(file.indexOf(`${path.sep}modules${path.sep}`) + 9)
      .split(path.sep)
      .join('/');
    const allowed = new Set((context.options[0]?.allow ?? []).filter((a) => a.file === inModule).flatMap((a) => a.tables));
    const report = (node, table, owner) => {
      if (owner === here || allowed.has(table)) return;
      context.report({ node, messageId: 'foreignTable', data: { table, owner } });
    };
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !path.resolve(path.dirname(file), source).includes(SCHEMA)) return;
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier' || spec.importKind === 'type') continue;
          const found = ownerOfObject.get(spec.imported.name);
          if (found) report(spec, found.table, found.owner);
        }
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag;
        const isSql =
          (tag.type === 'Identifier' && tag.name === 'sql') ||
          (tag.type === 'MemberExpression' && tag.object.type === 'Identifier' && tag.object.name === 'sql');
        if (!isSql) return;
        const text = node.quasi.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ');
        for (const match of text.matchAll(SQL_NAMES)) {
          const table = match[1].toLowerCase();
          const owner = ownerOf.get(table);
          if (owner) report(node, table, owner);
        }
      },
    };
  },
};
