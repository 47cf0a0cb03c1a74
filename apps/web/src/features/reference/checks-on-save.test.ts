import { describe, expect, it } from 'vitest';
import { referenceChecks } from './checks-on-save';

describe('referenceChecks: the checks loaded on the first save', () => {
  it('checks a form with its schema, naming the field by its label', async () => {
    expect(await referenceChecks('medicine')({ name: '', code: '' }, 'zh')).toEqual({ name: '请输入药品名称', code: '请输入药品编码' });
    expect(await referenceChecks('keyword')({ keyword: 'flu', category: '', enabled: true }, 'zh')).toEqual({});
  });

  it("adds a medicine's own rules, which win at the same field", async () => {
    expect(await referenceChecks('medicine')({ name: 'x', code: 'A', competitors: [{ name: '甲' }, { name: '甲' }], indications: [] }, 'zh')).toEqual({
      competitors: '竞品重复: 甲',
    });
  });
});
