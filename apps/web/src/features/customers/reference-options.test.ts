import { describe, expect, it } from 'vitest';
import { distributionName, doctorDepartment } from './reference-options';

const row = { dept1Code: '03', dept1Name: '内科', dept2Code: '03.01', dept2Name: '呼吸内科专业' };

describe('names from the reference data in the screen language', () => {
  it('names a doctor’s department by its level 2, or both levels, in either language', () => {
    expect(doctorDepartment(row, 'zh')).toBe('呼吸内科专业');
    expect(doctorDepartment(row, 'en')).toBe('Respiratory medicine');
    expect(doctorDepartment(row, 'en', true)).toBe('Internal medicine / Respiratory medicine');
    expect(doctorDepartment({ ...row, dept2Code: null, dept2Name: null }, 'en')).toBe('Internal medicine');
    // a code the taxonomy does not have keeps the row's own name
    expect(doctorDepartment({ ...row, dept2Code: '99.99', dept2Name: '特色门诊' }, 'en')).toBe('特色门诊');
  });

  it('names a top-10 bar of departments or titles from its code, and leaves places and hospitals as named', () => {
    expect(distributionName('department', '03', '内科', 'en')).toBe('Internal medicine');
    expect(distributionName('department', '03', '内科', 'zh')).toBe('内科');
    expect(distributionName('title', 'CHIEF', '主任医师', 'en')).toBe('Chief physician');
    expect(distributionName('province', '110000', '北京市', 'en')).toBe('北京市');
    expect(distributionName('hospital', '12', '北京协和医院', 'en')).toBe('北京协和医院');
  });
});
