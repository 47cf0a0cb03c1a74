import { describe, expect, it } from 'vitest';
import { chipValue, choose, deepest, emptyDoctorFilters, filtersKey, valuesOf } from './filters';

const bj = { value: '110000', label: '北京市' };
const chaoyang = { value: '110105', label: '朝阳区' };

describe('list filters', () => {
  it('sets and clears a filter without touching the others', () => {
    const a = choose(emptyDoctorFilters('internal'), 'region', [bj, chaoyang]);
    const b = choose(a, 'title', [{ value: '1', label: '主任医师' }]);
    expect(Object.keys(b.chosen)).toEqual(['region', 'title']);
    const c = choose(b, 'region', []);
    expect(Object.keys(c.chosen)).toEqual(['title']);
    expect(c.doctorRange).toBe('internal');
    expect(a.chosen.title).toBeUndefined();
  });

  it('shows a path with slashes and several choices with commas', () => {
    expect(chipValue('region', [bj, chaoyang])).toBe('北京市 / 朝阳区');
    expect(
      chipValue('title', [
        { value: '1', label: '主任医师' },
        { value: '2', label: '副主任医师' },
      ]),
    ).toBe('主任医师, 副主任医师');
  });

  it('reads the deepest level of a path and the values of a filter', () => {
    expect(deepest([bj, chaoyang])).toEqual({ value: '110105', depth: 1 });
    expect(deepest([])).toBeUndefined();
    expect(valuesOf([bj, chaoyang])).toEqual(['110000', '110105']);
    expect(valuesOf(undefined)).toEqual([]);
  });

  it('keys change with the filters', () => {
    const a = emptyDoctorFilters('internal');
    expect(filtersKey(a)).toBe(filtersKey(emptyDoctorFilters('internal')));
    expect(filtersKey(a)).not.toBe(filtersKey({ ...a, search: '张' }));
  });
});
