import { describe, expect, it } from 'vitest';
import { distributionName } from './reference-options';

describe('top-10 names in the screen language', () => {
  it('names a top-10 bar of departments or titles from its code, and leaves places and hospitals as named', () => {
    expect(distributionName('department', '03', '内科', 'en')).toBe('Internal medicine');
    expect(distributionName('department', '03', '内科', 'zh')).toBe('内科');
    expect(distributionName('title', 'CHIEF', '主任医师', 'en')).toBe('Chief physician');
    expect(distributionName('province', '110000', '北京市', 'en')).toBe('北京市');
    expect(distributionName('hospital', '12', '北京协和医院', 'en')).toBe('北京协和医院');
  });
});
