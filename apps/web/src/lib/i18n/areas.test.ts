import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as shared from '@field-portal/shared';

/**
 * An area's labels and messages arrive with the modules that show them (docs/decisions/0016): a
 * module that names one of an area's keys imports `lib/i18n/areas/<area>` (labels) or
 * `lib/i18n/messages/<area>` (messages) itself, so the key is never shown raw because no
 * screen of the area had loaded yet.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const i18n = path.join(src, 'lib', 'i18n');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === i18n ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The first segment of every key of a table, mapped to the module that adds the table. */
function prefixesOf(tables: Record<string, readonly object[]>): Map<string, Set<string>> {
  const byPrefix = new Map<string, Set<string>>();
  for (const [module, list] of Object.entries(tables)) {
    for (const table of list) {
      for (const key of Object.keys(table)) {
        const prefix = key.split('.')[0]!;
        byPrefix.set(prefix, (byPrefix.get(prefix) ?? new Set()).add(module));
      }
    }
  }
  return byPrefix;
}

const labelModules = fs.readdirSync(path.join(i18n, 'areas')).map((name) => name.replace(/\.ts$/, ''));
const labelTables = Object.fromEntries(
  await Promise.all(labelModules.map(async (area) => [area, [((await import(`./labels/${area}.ts`)) as { zh: object }).zh]] as const)),
);
const MESSAGE_TABLES: Record<string, readonly object[]> = {
  activity: [shared.ACTIVITY_MESSAGES],
  admin: [shared.ADMIN_MESSAGES],
  analytics: [shared.ANALYTICS_MESSAGES],
  apps: [shared.APPS_MESSAGES],
  'batch-push': [shared.BATCH_PUSH_MESSAGES],
  content: [shared.CONTENT_MESSAGES],
  customers: [shared.CUSTOMERS_MESSAGES],
  datacollection: [shared.DATA_COLLECTION_MESSAGES],
  'doctor-out-of-scope': [shared.DOCTOR_OUT_OF_SCOPE_MESSAGES],
  downloads: [shared.DOWNLOADS_MESSAGES],
  feed: [shared.FEED_MESSAGES],
  imports: [shared.IMPORTS_MESSAGES],
  intelligence: [shared.INTELLIGENCE_MESSAGES, shared.SUGGESTION_MESSAGES, shared.INTELLIGENCE_IMPACT_MESSAGES],
  market: [shared.MARKET_MESSAGES],
  meetings: [shared.MEETING_MESSAGES],
  messaging: [shared.MESSAGING_MESSAGES],
  surveys: [shared.SURVEY_MESSAGES],
  setup: [shared.SETUP_MESSAGES],
};

function missingImports(kind: 'areas' | 'messages', byPrefix: Map<string, Set<string>>): string[] {
  const prefixes = [...byPrefix.keys()].sort((a, b) => b.length - a.length);
  const literal = new RegExp(`['"\`](${prefixes.join('|')})\\.[A-Za-z][\\w.]*`, 'g');
  const missing: string[] = [];
  for (const file of sourceFiles(src)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(literal)) {
      // A whole key of the core messages (push.listFormat) is on every page, whatever its prefix.
      if (Object.hasOwn(shared.CORE_MESSAGES, match[0].slice(1))) continue;
      const modules = [...byPrefix.get(match[1]!)!];
      if (!modules.some((module) => text.includes(`'@/lib/i18n/${kind}/${module}'`))) {
        missing.push(`${path.relative(src, file)} names ${match[0].slice(1)} without importing @/lib/i18n/${kind}/${modules.join(' or ')}`);
      }
    }
  }
  return [...new Set(missing)];
}

describe('area labels and messages arrive with the modules that show them', () => {
  it('has a registration module for every area and every area message table', () => {
    expect(labelModules.sort()).toEqual(fs.readdirSync(path.join(i18n, 'labels')).filter((n) => n !== 'index.ts').map((n) => n.replace(/\.ts$/, '')).sort());
    const registered = Object.values(MESSAGE_TABLES).flat();
    const areaTables = Object.entries(shared).filter(([name]) => name.endsWith('_MESSAGES') && name !== 'CORE_MESSAGES' && name !== 'SSO_MESSAGES');
    for (const [name, table] of areaTables) expect(registered, name).toContain(table);
    for (const module of Object.keys(MESSAGE_TABLES)) expect(fs.existsSync(path.join(i18n, 'messages', `${module}.ts`)), module).toBe(true);
  });

  it('every module that names an area label key imports the area labels', () => {
    expect(missingImports('areas', prefixesOf(labelTables))).toEqual([]);
  });

  it('every module that names an area message key imports the area messages', () => {
    const byPrefix = prefixesOf(MESSAGE_TABLES);
    // Keys every page has (core messages: http, session, cards, push…) need no import.
    for (const key of Object.keys(shared.CORE_MESSAGES)) byPrefix.delete(key.split('.')[0]!);
    expect(missingImports('messages', byPrefix)).toEqual([]);
  });
});
