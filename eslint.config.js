import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';
import prettierConfig from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import portal from './eslint-rules/index.js';
import { OWNED_TABLE_EXCEPTIONS } from './eslint-rules/table-exceptions.js';

// The web's areas (apps/web/src/features/<area>): each is reached by the others only through its index.ts (docs/decisions/0048).
const WEB_FEATURES = fs
  .readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The server's ground floor: what every area is built on. */
const SERVER_GROUND = ['apps/server/src/db', 'apps/server/src/platform', 'apps/server/src/ops', 'apps/server/src/config.ts'];

/** `import-x/no-restricted-paths` with these zones, imports resolved as the TypeScript project `project` resolves them. */
const restrictedPaths = (project, zones) => ({
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
    'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    'import-x/resolver-next': [createTypeScriptImportResolver({ project })],
  },
  rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones }] },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', '**/migrations/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'error',
    },
  },
  // Import direction: shared <- server and shared <- web; neither app imports the other.
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/**', '@field-portal/server', '@field-portal/web'], message: 'packages/shared must not depend on the apps' }] },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/web/**', '**/web/src/**', '@field-portal/web'], message: 'the server does not import the web' }] },
      ],
    },
  },
  // Doors between server modules (docs/decisions/0046): another module only through its index.ts.
  // Tests may reach inside the module they test.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { portal },
    rules: {
      'portal/module-face': 'error',
      'portal/owned-tables': ['error', { allow: OWNED_TABLE_EXCEPTIONS }],
    },
  },
  // The server's floors (docs/decisions/0046): the ground (db/, platform/, ops/, config.ts) serves
  // every area and imports none, nor the demo's seed or the wiring; an area does not import the
  // seed, the operations' commands or the wiring (app.ts, server.ts, main.ts) that start it.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    ...restrictedPaths('apps/server/tsconfig.json', [
      {
        target: SERVER_GROUND,
        from: ['apps/server/src/modules', 'apps/server/src/app.ts', 'apps/server/src/server.ts', 'apps/server/src/main.ts'],
        message: 'db/, platform/, ops/ and config.ts serve every area and import none of them, nor the wiring (docs/decisions/0046).',
      },
      {
        // The demo's size is read by the configuration (DEMO_DOCTORS and its limit).
        target: SERVER_GROUND,
        from: 'apps/server/src/seed',
        except: ['./demo-size.ts'],
        message: 'db/, platform/, ops/ and config.ts do not import the seed: the demo is built on top of them (docs/decisions/0046).',
      },
      {
        target: 'apps/server/src/modules',
        from: ['apps/server/src/seed', 'apps/server/src/ops', 'apps/server/src/app.ts', 'apps/server/src/server.ts', 'apps/server/src/main.ts'],
        message:
          'An area imports neither the seed nor the wiring that starts it; what the seed writes for every portal is the owning area’s (docs/decisions/0046).',
      },
    ]),
  },
  // Tests beside a module may reach inside it, but other areas only through their faces; the
  // benchmarks too (docs/decisions/0059).
  {
    files: ['apps/server/src/modules/**/*.test.ts', 'bench/**/*.ts'],
    plugins: { portal },
    rules: { 'portal/module-face': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/apps/server/**', '**/server/src/**', '@field-portal/server'], message: 'the web talks to the server over HTTP only' }],
          paths: [
            {
              name: 'antd',
              importNames: ['Popconfirm'],
              message:
                "A confirmation is the portal's ConfirmButton (components/ConfirmButton.tsx): antd's pop-up leaves its buttons out of the keyboard's reach (docs/decisions/0044).",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...[
          "JSXMemberExpression[object.name='DatePicker'][property.name='RangePicker']",
          "MemberExpression[object.name='DatePicker'][property.name='RangePicker']",
          "VariableDeclarator[init.name='DatePicker'] > ObjectPattern > Property[key.name='RangePicker']",
        ].map((selector) => ({
          selector,
          message:
            "A period is the portal's DateRangePicker (components/DateRangePicker.tsx): antd's own sends Tab from an empty start back to it, a trap for the keyboard (docs/decisions/0074).",
        })),
      ],
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  // The web's doors (docs/decisions/0048): a feature reaches another only through its public face
  // (features/<area>/index.ts), never the shell (app/); lib/ and components/ reach neither.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...restrictedPaths('apps/web/tsconfig.json', [
      ...WEB_FEATURES.map((area) => ({
        target: `apps/web/src/features/${area}`,
        from: 'apps/web/src/features',
        except: [`./${area}`, ...WEB_FEATURES.filter((other) => other !== area).map((other) => `./${other}/index.ts`)],
        message: `Another area is reached through its public face only: import from '@/features/<area>', not its files (docs/decisions/0048).`,
      })),
      {
        target: 'apps/web/src/features',
        from: 'apps/web/src/app',
        message: 'A feature does not import the shell (app/); what features need of it lives in lib/ (docs/decisions/0048).',
      },
      {
        target: ['apps/web/src/lib', 'apps/web/src/components'],
        from: ['apps/web/src/features', 'apps/web/src/app'],
        message: 'lib/ and components/ serve every area and the shell; they import neither (docs/decisions/0048).',
      },
    ]),
  },
  // No import cycle in any source folder, type imports and lazy imports included (docs/decisions/0069).
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { portal },
    rules: { 'portal/no-import-cycle': ['error', { aliases: { '@/': fileURLToPath(new URL('apps/web/src', import.meta.url)) } }] },
  },
  {
    files: ['bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
  // Layout is Prettier's (docs/decisions/0051): no ESLint rule argues with it.
  prettierConfig,
);
