import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import portal from './eslint-rules/index.js';
import { OWNED_TABLE_EXCEPTIONS } from './eslint-rules/table-exceptions.js';

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
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@field-portal/server', '@field-portal/web'], message: 'packages/shared must not depend on the apps' }] }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/web/**', '**/web/src/**', '@field-portal/web'], message: 'the server does not import the web' }] }] },
  },
  // Doors between server modules (docs/decisions/0046): another module only through its index.ts,
  // and no import cycle anywhere in the server. Tests may reach inside the module they test.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX, portal },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
    },
    rules: {
      'portal/module-face': 'error',
      'portal/owned-tables': ['error', { allow: OWNED_TABLE_EXCEPTIONS }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/server/**', '**/server/src/**', '@field-portal/server'], message: 'the web talks to the server over HTTP only' }] }],
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
);
