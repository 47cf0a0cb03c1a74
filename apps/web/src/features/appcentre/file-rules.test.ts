import { describe, expect, it } from 'vitest';
import { message } from '@field-portal/shared';
import { imageFileError, importFileError } from './file-rules';
import { moveItem } from './move-item';

describe('files', () => {
  it('accepts images up to 2 MB and import files up to 1 MB', () => {
    expect(imageFileError({ name: 'a.PNG', size: 10 }, 'zh')).toBeUndefined();
    expect(imageFileError({ name: 'a.svg', size: 10 }, 'zh')).toBe(message('apps.image.type', 'zh'));
    expect(imageFileError({ name: 'a.jpg', size: 2 * 1024 * 1024 + 1 }, 'en')).toBe(message('apps.image.tooLarge', 'en'));
    expect(importFileError({ name: 'orgs.csv', size: 10 }, 'zh')).toBeUndefined();
    expect(importFileError({ name: 'orgs.txt', size: 10 }, 'zh')).toBe(message('apps.import.type', 'zh'));
    expect(importFileError({ name: 'orgs.xlsx', size: 1024 * 1024 + 1 }, 'en')).toBe(message('apps.import.tooLarge', 'en'));
  });
});

describe('moveItem (carousel order)', () => {
  it('moves an item up or down and leaves the ends alone', () => {
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
