import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles, SRC } from './web-sources.ts';
import { appWithoutHolders } from './app-without-holders.ts';

/** `file:line` for every element of the web's sources that renders antd's App component (under any local name). */
function antdAppRenders(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    // The local names antd's App is imported under: `import { App } from 'antd'`, `{ App as AntApp }`, `import App from 'antd/es/app'`.
    const names = new Set<string>();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const from = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (!clause) continue;
      if (/^antd\/(es|lib)\/app(\/index(\.js)?)?$/.test(from) && clause.name) names.add(clause.name.text);
      if (from === 'antd' && clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        for (const element of clause.namedBindings.elements) if ((element.propertyName ?? element.name).text === 'App') names.add(element.name.text);
      }
    }
    if (names.size === 0) continue;
    const visit = (node: ts.Node) => {
      if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && names.has(node.tagName.getText(source))) {
        found.push(`${path.relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("antd's App without its holders (build/app-without-holders.ts)", () => {
  it("no screen renders antd's App component (LightApp provides App.useApp())", () => {
    expect(antdAppRenders(sourceFiles(SRC, /\.tsx$/))).toEqual([]);
  });

  it("finds antd's App rendered under its own or another name, and not the portal's App", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antd-app-'));
    const renders = path.join(dir, 'Renders.tsx');
    const portal = path.join(dir, 'Portal.tsx');
    fs.writeFileSync(renders, "import { App as AntApp, Button } from 'antd';\nexport const S = () => (\n  <AntApp>\n    <Button />\n  </AntApp>\n);\n");
    fs.writeFileSync(portal, "import { App } from './App';\nimport { App as AntApp } from 'antd';\nexport const S = () => { AntApp.useApp(); return <App />; };\n");
    try {
      expect(antdAppRenders([renders, portal]).map((u) => path.basename(u))).toEqual(['Renders.tsx:3']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("replaces the App component's import, and refuses an index that no longer imports it so", () => {
    const plugin = appWithoutHolders();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const index = "import App_ from './App';\nimport useApp from './useApp';\nconst App = App_;\nApp.useApp = useApp;\nexport default App;";
    const out = transform(index, '/repo/node_modules/antd/es/app/index.js');
    expect(out?.code).not.toContain("from './App'");
    expect(out?.code).toContain("import useApp from './useApp'");
    expect(out?.code).toContain('antd App is left out of this build');
    expect(transform(index, '/repo/node_modules/antd/es/app/App.js')).toBeNull();
    expect(() => transform("import App_ from './App.js';", '/repo/node_modules/antd/es/app/index.js')).toThrow('review build/app-without-holders.ts');
  });
});
