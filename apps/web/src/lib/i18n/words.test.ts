import { describe, expect, it } from 'vitest';
import * as shared from '@field-portal/shared';
import { MESSAGES, type MessageText } from '@field-portal/shared';
import type { Words } from './index';

// A missing zh or en label is a type error already (each i18n.ts types `en` by `zh`'s keys); this holds the rest.
describe("every area's words, as its feature defines them (features/<area>/i18n.ts), and a kit's (components/<kit>/i18n.ts)", async () => {
  const modules = import.meta.glob<Record<string, unknown>>('../../{features,components}/**/i18n.ts');
  const areas = await Promise.all(
    Object.entries(modules).map(async ([file, load]) => {
      const exported = await load();
      const words = Object.entries(exported).filter(([name]) => name.endsWith('Words') && !name.startsWith('use'));
      return { file, words: words.map(([, value]) => value as Words) };
    }),
  );

  it('each i18n.ts defines one area of words, the same label keys in zh and en, filled in both', () => {
    expect(areas.length).toBeGreaterThan(15);
    for (const { file, words } of areas) {
      expect(words, file).toHaveLength(1);
      const { zh, en } = words[0]!.labels;
      expect(Object.keys(en).sort(), file).toEqual(Object.keys(zh).sort());
      for (const [key, text] of [...Object.entries(zh), ...Object.entries(en)]) expect(text.trim(), `${file} ${key}`).not.toBe('');
    }
  });

  it('no label key belongs to two areas, nor to an area and the shell', async () => {
    const { zh: core } = await import('./zh');
    const owner = new Map<string, string>(Object.keys(core).map((key) => [key, 'the shell']));
    for (const { file, words } of areas) {
      for (const key of Object.keys(words[0]!.labels.zh)) {
        expect(owner.get(key), `${key} in ${file}`).toBeUndefined();
        owner.set(key, file);
      }
    }
  });

  it("every area's table of shared messages is some area's words", () => {
    const owned = new Set<object>();
    for (const { words } of areas) for (const key of Object.keys(words[0]!.messages)) owned.add(MESSAGES[key as keyof typeof MESSAGES]);
    const tables = Object.entries(shared).filter(
      ([name]) => name.endsWith('_MESSAGES') && !['CORE_MESSAGES', 'SSO_MESSAGES', 'DOCTOR_OUT_OF_SCOPE_MESSAGES'].includes(name),
    ) as [string, Record<string, MessageText>][];
    expect(tables.length).toBeGreaterThan(15);
    for (const [name, table] of tables)
      for (const key of Object.keys(table)) expect(owned.has(MESSAGES[key as keyof typeof MESSAGES]), `${name} ${key}`).toBe(true);
  });
});
