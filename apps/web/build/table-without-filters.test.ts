import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles, SRC } from './web-sources.ts';
import { COLUMN_FILTER_PROPS, tableWithoutFilters } from './table-without-filters.ts';

const FILTER_PROPS = new Set<string>(COLUMN_FILTER_PROPS);

const nameOf = (node: ts.ObjectLiteralElementLike | ts.JsxAttributeLike, source: ts.SourceFile) =>
  (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node) || ts.isMethodDeclaration(node) || ts.isJsxAttribute(node)) && node.name ? node.name.getText(source) : '';

/**
 * `file:line prop` for every table column of the web's sources given a filter prop: an object
 * literal or a `<Column>`/`<Table.Column>` with one. `filters` counts where the object looks like a
 * column (it has `title` or `dataIndex`): other objects of the portal have `filters` of their own.
 */
function columnFilterUses(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const report = (node: ts.Node, name: string) => found.push(`${path.relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${name}`);
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        const names = node.properties.map((p) => nameOf(p, source));
        const columnLike = names.includes('title') || names.includes('dataIndex');
        for (const [i, name] of names.entries()) if (FILTER_PROPS.has(name) && (name !== 'filters' || columnLike)) report(node.properties[i]!, name);
      }
      if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && /(^|\.)Column$/.test(node.tagName.getText(source))) {
        for (const attribute of node.attributes.properties) if (FILTER_PROPS.has(nameOf(attribute, source))) report(attribute, nameOf(attribute, source));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('antd Table without column filters (build/table-without-filters.ts)', () => {
  it('no table column of the portal has a filter dropdown', () => {
    expect(columnFilterUses(sourceFiles(SRC))).toEqual([]);
  });

  it('finds a column given filters, in a columns array or as a <Table.Column>', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'table-filters-'));
    const file = path.join(dir, 'Screen.tsx');
    fs.writeFileSync(
      file,
      [
        "const columns = [{ title: 'A', dataIndex: 'a', filters: [{ text: 'x', value: 'x' }], onFilter: () => true }];",
        "const state = { filters: { a: 1 } };",
        'export const S = () => <Table columns={columns}><Table.Column title="B" filterDropdown={() => null} /></Table>;',
      ].join('\n'),
    );
    try {
      expect(columnFilterUses([file]).map((u) => u.replace(/^.*Screen/, 'Screen'))).toEqual(['Screen.tsx:1 filters', 'Screen.tsx:1 onFilter', 'Screen.tsx:3 filterDropdown']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("replaces the table's filter dropdown import, keeps flattenKeys, and refuses a table that no longer imports it so", () => {
    const plugin = tableWithoutFilters();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const useFilter = "import FilterDropdown, { flattenKeys } from './FilterDropdown';\nexport { flattenKeys };";
    const out = transform(useFilter, '/repo/node_modules/antd/es/table/hooks/useFilter/index.js');
    expect(out?.code).not.toContain("from './FilterDropdown'");
    expect(out?.code).toContain('Table column filters are left out of this build');
    const flattenKeys = new Function(`${out!.code.replace('export { flattenKeys };', '')}\nreturn flattenKeys;`)() as (f: unknown) => unknown[];
    expect(flattenKeys([{ value: 'a', children: [{ value: 'b' }, { value: 'c', children: [{ value: 'd' }] }] }, { value: 'e' }])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(transform(useFilter, '/repo/node_modules/antd/es/table/InternalTable.js')).toBeNull();
    expect(() => transform("import FilterDropdown from './FilterDropdown';", '/repo/node_modules/antd/es/table/hooks/useFilter/index.js')).toThrow('review build/table-without-filters.ts');
  });
});
