import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_KINDS } from '../index.js';

describe('import columns', () => {
  it('name every column in words in both languages: an English header starts with a capital, a Chinese one is Chinese', () => {
    for (const kind of IMPORT_KINDS)
      for (const column of IMPORT_COLUMNS[kind]) {
        expect(column.en, `${kind}.${column.key}`).toMatch(/^[A-Z]/);
        expect(column.zh, `${kind}.${column.key}`).toMatch(/^[\u4e00-\u9fff]/);
      }
  });

  it('give no two columns of a kind the same header', () => {
    for (const kind of IMPORT_KINDS)
      for (const lang of ['zh', 'en'] as const) {
        const headers = IMPORT_COLUMNS[kind].map((c) => c[lang].toLowerCase());
        expect(new Set(headers).size, `${kind} ${lang}`).toBe(headers.length);
      }
  });
});
