import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles, SRC } from './web-sources.ts';
import { tableWithoutRadioSelection } from './table-without-radio-selection.ts';

/** Props only a table's row selection has: an object with `type: 'radio'` and one of these selects rows by radio. */
const SELECTION_PROPS = new Set(['selectedRowKeys', 'defaultSelectedRowKeys', 'onSelect', 'getCheckboxProps', 'columnWidth', 'preserveSelectedRowKeys', 'hideSelectAll']);

const nameOf = (node: ts.Node, source: ts.SourceFile) =>
  (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node) || ts.isJsxAttribute(node)) && node.name ? node.name.getText(source) : '';

const isRadioType = (p: ts.ObjectLiteralElementLike, source: ts.SourceFile) =>
  ts.isPropertyAssignment(p) && nameOf(p, source) === 'type' && ts.isStringLiteralLike(p.initializer) && p.initializer.text === 'radio';

/** `file:line` of every row selection by radio in the web's sources: given as `rowSelection`, or an object with selection props. */
function radioSelections(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node) && node.properties.some((p) => isRadioType(p, source))) {
        const parent = node.parent;
        const given = (ts.isJsxExpression(parent) && nameOf(parent.parent, source) === 'rowSelection') || nameOf(parent, source) === 'rowSelection';
        if (given || node.properties.some((p) => SELECTION_PROPS.has(nameOf(p, source)))) found.push(`${path.relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('antd Table without row selection by radio (build/table-without-radio-selection.ts)', () => {
  it('no table of the portal selects rows by radio', () => {
    expect(radioSelections(sourceFiles(SRC))).toEqual([]);
  });

  it('finds a row selection by radio, given inline or as an object of selection props, and not a question of type radio', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'table-radio-'));
    const file = path.join(dir, 'Screen.tsx');
    fs.writeFileSync(
      file,
      [
        "const selection = { type: 'radio', selectedRowKeys: [], onChange: () => undefined };",
        "const question = { type: 'radio', title: 'Which?', options: [] };",
        "export const S = () => <Table rowSelection={{ type: 'radio' }} />;",
        "const props = { rowSelection: { type: 'radio' } };",
      ].join('\n'),
    );
    try {
      expect(radioSelections([file]).map((u) => u.replace(/^.*Screen/, 'Screen'))).toEqual(['Screen.tsx:1', 'Screen.tsx:3', 'Screen.tsx:4']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("replaces the selection hook's Radio import with a stand-in that says why, and refuses a hook that no longer imports it so", () => {
    const plugin = tableWithoutRadioSelection();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const hook = "import Checkbox from '../../checkbox';\nimport Radio from '../../radio';\nexport const cell = () => Radio;";
    const out = transform(hook, '/repo/node_modules/antd/es/table/hooks/useSelection.js');
    expect(out?.code).not.toContain("from '../../radio'");
    expect(out?.code).toContain("import Checkbox from '../../checkbox';");
    const Radio = new Function(`${out!.code.replace(/^import .*$/m, '').replace('export const cell', 'const cell')}\nreturn cell();`)() as () => unknown;
    expect(() => Radio()).toThrow('Row selection by radio is left out of this build');
    expect(transform(hook, '/repo/node_modules/antd/es/table/InternalTable.js')).toBeNull();
    expect(() => transform("import Radio from 'antd/es/radio';", '/repo/node_modules/antd/es/table/hooks/useSelection.js')).toThrow('review build/table-without-radio-selection.ts');
  });
});
