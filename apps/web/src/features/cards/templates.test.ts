import { describe, expect, it } from 'vitest';
import { cardTemplate } from '@field-portal/shared';
import { isCardType } from './templates';

describe('template of an opened card', () => {
  it('keeps types 0 to 3', () => {
    for (const type of [0, 1, 2, 3]) expect(cardTemplate(type)).toBe(type);
  });

  it('opens every other value as the text template 4', () => {
    for (const type of [4, 7, -1, 1.5, undefined, null, 'x', '2', Number.NaN]) expect(cardTemplate(type)).toBe(4);
  });

  it('knows the five layouts of the renderer', () => {
    expect([0, 1, 2, 3, 4].every(isCardType)).toBe(true);
    expect([9, '1', undefined, 2.5].some(isCardType)).toBe(false);
  });
});
