import { describe, expect, it } from 'vitest';
import { DB_INT_MAX, dbId, dbIdParam, dbText, findUnstorable, isStorableText } from './fields.js';

describe('field primitives', () => {
  it('refuse text PostgreSQL cannot store, naming the field through the message key', () => {
    expect(isStorableText('普通文本 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('a\udc00')).toBe(false);
    const result = dbText(10).safeParse('a\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('field.unstorable');
    expect(dbText(3).safeParse(' abc ').data).toBe('abc');
    expect(dbText(3).safeParse('abcd').success).toBe(false);
  });

  it('bound ids to the 32-bit integer columns', () => {
    expect(dbId.safeParse(DB_INT_MAX).success).toBe(true);
    expect(dbId.safeParse(DB_INT_MAX + 1).success).toBe(false);
    expect(dbId.safeParse(0).success).toBe(false);
    expect(dbIdParam.safeParse('2147483648').success).toBe(false);
    expect(dbIdParam.safeParse('42').data).toBe(42);
  });

  it('find the first unstorable string or key of a request part, by its path', () => {
    expect(findUnstorable({ a: 'ok', b: [1, 'fine', { c: 'x\u0000' }] })).toBe('b.2.c');
    expect(findUnstorable({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findUnstorable('\ud800')).toBe('');
    expect(findUnstorable({ a: ['ok'], n: 1, z: null })).toBeUndefined();
  });
});
