import { describe, expect, it } from 'vitest';
import { DEPARTMENT_TREE, departmentOrWritten, distinctDepartmentName, doctorDepartmentName } from './departments.js';

const row = { dept1Code: '03', dept1Name: '内科', dept2Code: '03.01', dept2Name: '呼吸内科专业' };

describe('department names from the taxonomy', () => {
  it('names a doctor’s department by its level 2, or both levels, in either language', () => {
    expect(doctorDepartmentName(row, 'zh')).toBe('呼吸内科专业');
    expect(doctorDepartmentName(row, 'en')).toBe('Respiratory medicine');
    expect(doctorDepartmentName(row, 'en', true)).toBe('Internal medicine / Respiratory medicine');
    expect(doctorDepartmentName({ ...row, dept2Code: null, dept2Name: null }, 'en')).toBe('Internal medicine');
    // a code the taxonomy does not have keeps the row's own name
    expect(doctorDepartmentName({ ...row, dept2Code: '99.99', dept2Name: '特色门诊' }, 'en')).toBe('特色门诊');
  });

  it('names a sub-department several departments share (其他) with its department in Chinese, as English already does', () => {
    const other = { dept1Code: '04', dept1Name: '外科', dept2Code: '04.09', dept2Name: '其他' };
    expect(doctorDepartmentName(other, 'zh')).toBe('外科·其他');
    expect(doctorDepartmentName(other, 'en')).toBe('Other surgery');
    // both levels already say the department
    expect(doctorDepartmentName(other, 'zh', true)).toBe('外科 / 其他');
    expect(distinctDepartmentName('03.11', 'zh')).toBe('内科·其他');
    expect(distinctDepartmentName('03.01', 'zh')).toBe('呼吸内科专业');
    expect(distinctDepartmentName('03', 'zh')).toBe('内科');
    expect(distinctDepartmentName('99.99', 'zh')).toBeUndefined();
  });

  it("names a department by its code in the reader's language, and one the taxonomy does not hold as written", () => {
    expect(departmentOrWritten('03.01', '呼吸科', 'en')).toBe(distinctDepartmentName('03.01', 'en'));
    expect(departmentOrWritten('03.11', '其他', 'zh')).toBe('内科·其他');
    expect(departmentOrWritten('99.99', '院办', 'en')).toBe('院办');
  });

  it('never gives two departments of the taxonomy one name, in either language', () => {
    const codes = DEPARTMENT_TREE.flatMap(([c1, , , children]) => [c1, ...(children ?? []).map(([c2]) => c2)]);
    for (const lang of ['zh', 'en'] as const) {
      const names = codes.map((code) => distinctDepartmentName(code, lang));
      expect(new Set(names).size, lang).toBe(codes.length);
    }
  });
});
