import { describe, expect, it } from 'vitest';
import { roleName } from './role-name';

describe('roleName', () => {
  it('names a built-in role by its code in the reader’s language', () => {
    expect(roleName({ name: 'Sales', nameEn: 'Sales representative' }, 'zh')).toEqual({ text: '销售代表', data: false });
    expect(roleName({ name: 'card manager', nameEn: '' }, 'en')).toEqual({ text: 'Card operator', data: false });
  });

  it('shows a role an administrator added as written, marked as data', () => {
    expect(roleName({ name: '华东区域主管', nameEn: 'East lead' }, 'zh')).toEqual({ text: '华东区域主管', data: true });
    expect(roleName({ name: '华东区域主管', nameEn: 'East lead' }, 'en')).toEqual({ text: 'East lead', data: true });
    expect(roleName({ name: '华东区域主管', nameEn: '' }, 'en')).toEqual({ text: '华东区域主管', data: true });
  });

  it('does not take an inherited property for a built-in role', () => {
    expect(roleName({ name: 'toString', nameEn: '' }, 'zh')).toEqual({ text: 'toString', data: true });
  });
});
