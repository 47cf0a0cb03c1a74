import { describe, expect, it } from 'vitest';
import { firstDuplicate, medicineListErrors } from './medicine-rules';

describe('medicine lists', () => {
  it('finds repeated competitors and indications, ignoring case and blanks', () => {
    expect(firstDuplicate(['A', 'b', ' a '])).toBe('a');
    expect(firstDuplicate(['', ''])).toBeUndefined();
    expect(medicineListErrors({ competitors: [{ name: '甲' }, { name: '甲' }], indications: ['x'] }, 'zh')).toEqual({ competitors: '竞品重复: 甲' });
    expect(medicineListErrors({ indications: ['Flu', 'flu'] }, 'en')).toEqual({ indications: 'Duplicate indication: flu' });
  });
});
