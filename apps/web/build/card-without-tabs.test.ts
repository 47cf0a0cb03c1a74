import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles, SRC } from './web-sources.ts';
import { CARD_TAB_PROPS, cardWithoutTabs } from './card-without-tabs.ts';

/** `file:line Card prop` for every <Card …> of the web's sources that is given one of Card's tab props. */
function cardTabUses(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node) => {
      if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && /^(Card|AntCard)$/.test(node.tagName.getText(source))) {
        for (const attribute of node.attributes.properties) {
          const name = ts.isJsxAttribute(attribute) ? attribute.name.getText(source) : '';
          if ((CARD_TAB_PROPS as readonly string[]).includes(name)) {
            found.push(`${path.relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} Card ${name}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('antd Card without its tabs header (build/card-without-tabs.ts)', () => {
  it('no screen gives a Card tabs', () => {
    expect(cardTabUses(sourceFiles(SRC, /\.tsx$/))).toEqual([]);
  });

  it('finds a Card given tabs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'card-tabs-'));
    const file = path.join(dir, 'Screen.tsx');
    fs.writeFileSync(file, "export const S = () => <Card title=\"x\" tabList={[{ key: 'a', tab: 'A' }]} onTabChange={() => undefined}>y</Card>;\n");
    try {
      expect(cardTabUses([file]).map((u) => u.replace(/^.*Screen/, 'Screen'))).toEqual(['Screen.tsx:1 Card tabList', 'Screen.tsx:1 Card onTabChange']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("replaces Card's Tabs import, and refuses a Card that no longer imports it so", () => {
    const plugin = cardWithoutTabs();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const card = "import Tabs from '../tabs';\nconst tabs = tabList ? React.createElement(Tabs, {}) : null;";
    const out = transform(card, '/repo/node_modules/antd/es/card/Card.js');
    expect(out?.code).not.toContain("from '../tabs'");
    expect(out?.code).toContain('Card tabList is left out of this build');
    expect(transform(card, '/repo/node_modules/antd/es/tabs/index.js')).toBeNull();
    expect(() => transform("import Tabs from '../tabs/index.js';", '/repo/node_modules/antd/es/card/Card.js')).toThrow('review build/card-without-tabs.ts');
  });
});
