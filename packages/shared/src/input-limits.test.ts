import { describe, expect, it } from 'vitest';
import { findUnstorable } from './schemas/fields.js';
import { INPUT_LIMITS, inputShapeProblem, scanJsonText } from './input-limits.js';
import { readPushRemark } from './areas/push-schemas.js';

const nested = (levels: number, inner = '1') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;

describe('scanJsonText', () => {
  it('lets nesting up to the limit through and refuses one level more', () => {
    expect(scanJsonText(nested(INPUT_LIMITS.depthMax))).toBeUndefined();
    expect(scanJsonText(nested(INPUT_LIMITS.depthMax + 1))).toBe('depth');
    expect(scanJsonText(`{"a":${nested(INPUT_LIMITS.depthMax)}}`)).toBe('depth');
  });

  it('refuses 100,000 levels without recursion', () => {
    expect(scanJsonText(nested(100_000))).toBe('depth');
    expect(scanJsonText(`{"a":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_001)}`)).toBe('depth');
  });

  it('counts values, not keys, punctuation or brackets inside strings', () => {
    // An object with two members is three values; keys are not values.
    expect(scanJsonText('{"a":"x","b":[1, true]}', 5)).toBeUndefined();
    expect(scanJsonText('{"a":"x","b":[1, true]}', 4)).toBe('values');
    expect(scanJsonText('{"a":"[[[[,,,{{{"}', 2, 1)).toBeUndefined();
    expect(scanJsonText('{"a\\"[[[":"\\\\"}', 2, 1)).toBeUndefined();
    expect(scanJsonText('[-1.5e3,null,false,"x"]', 5)).toBeUndefined();
    expect(scanJsonText('[-1.5e3,null,false,"x"]', 4)).toBe('values');
  });

  it('refuses a wide flat body by its values', () => {
    const keys = Array.from({ length: INPUT_LIMITS.valuesMax }, (_, i) => `"k${i}":0`).join(',');
    expect(scanJsonText(`{${keys}}`)).toBe('values');
    expect(scanJsonText(`{${keys}}`, INPUT_LIMITS.valuesMax + 1)).toBeUndefined();
  });

  it('leaves malformed text to the parser', () => {
    expect(scanJsonText(']]]]')).toBeUndefined();
    expect(scanJsonText('{"a":')).toBeUndefined();
    expect(scanJsonText('"unterminated')).toBeUndefined();
  });
});

describe('inputShapeProblem', () => {
  const deep = (levels: number): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < levels; i++) value = { a: [value] };
    return value;
  };

  it('refuses a parsed value nested beyond the limit, at any depth, without recursion', () => {
    expect(inputShapeProblem(deep(INPUT_LIMITS.depthMax / 2))).toBeUndefined();
    expect(inputShapeProblem(deep(INPUT_LIMITS.depthMax / 2 + 1))).toBe('depth');
    expect(inputShapeProblem(deep(200_000))).toBe('depth');
  });

  it('refuses more values than the limit', () => {
    expect(inputShapeProblem({ a: ['1', '2'] }, 4)).toBeUndefined();
    expect(inputShapeProblem({ a: ['1', '2'] }, 3)).toBe('values');
    expect(inputShapeProblem('x', 1)).toBeUndefined();
  });
});

describe('findUnstorable', () => {
  it('walks 50,000 levels without exhausting the stack', () => {
    let value: unknown = 'a\u0000';
    for (let i = 0; i < 50_000; i++) value = [value];
    expect(findUnstorable(value)).toBe(Array.from({ length: 50_000 }, () => '0').join('.'));
  });
});

describe('JSON text inside a field', () => {
  it('a push remark nested beyond the limit is refused naming the remark, before it is parsed', () => {
    expect(readPushRemark(`{"scope":0,"x":${nested(INPUT_LIMITS.depthMax)}}`)).toEqual({ key: 'field.tooDeep', field: 'remark' });
    expect(readPushRemark('{"scope":1}')).toMatchObject({ scope: 1 });
  });
});
