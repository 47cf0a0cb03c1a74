import { describe, expect, it } from 'vitest';
import { analyticsValueLabel, cardTypeValue } from '../index.js';

describe('report values', () => {
  it("name a card's template in words: types 0 to 3 by their template, any other value as the text card", () => {
    expect([0, 1, 2, 3, 4, '2', '4', 7, null, 'x'].map(cardTypeValue)).toEqual([
      'videoCard',
      'articleCard',
      'oneImageCard',
      'threeImagesCard',
      'textCard',
      'textCard',
      'textCard',
      'textCard',
      'textCard',
      'textCard',
    ]);
    expect(analyticsValueLabel(cardTypeValue(4), 'zh')).toBe('文字卡片');
    expect(analyticsValueLabel(cardTypeValue(0), 'en')).toBe('Video card');
  });
});
