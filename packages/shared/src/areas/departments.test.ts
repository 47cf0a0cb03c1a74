import { describe, expect, it } from 'vitest';
import { doctorDepartmentName } from './departments.js';

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
});
