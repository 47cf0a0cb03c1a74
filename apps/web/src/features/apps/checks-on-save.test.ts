import { describe, expect, it } from 'vitest';
import { message } from '@field-portal/shared';
import { appsFormErrors } from './checks-on-save';

describe('appsFormErrors: the checks loaded on the first save or search', () => {
  it('checks a form with its schema, naming the field by its label', async () => {
    expect(await appsFormErrors('medicine', { name: '', code: '' }, 'zh')).toEqual({ name: '请输入药品名称', code: '请输入药品编码' });
    expect(await appsFormErrors('classification', { name: 'x'.repeat(51) }, 'en', { name: 'Name' })).toEqual({ name: 'Name must be at most 50 characters' });
    expect(await appsFormErrors('keyword', { keyword: 'flu', category: '', enabled: true }, 'zh')).toEqual({});
  });

  it("adds a form's own rules, which win at the same field", async () => {
    expect(await appsFormErrors('medicine', { name: 'x', code: 'A', competitors: [{ name: '甲' }, { name: '甲' }], indications: [] }, 'zh')).toEqual({
      competitors: '竞品重复: 甲',
    });
    expect(await appsFormErrors('homeChart', { name: 'n', content: '2023/1,2023/2' }, 'zh')).toEqual({ content: '图表内容中的时间 2023 重复' });
    expect(await appsFormErrors('homeChart', { name: 'n', content: '2023/1,2024/2' }, 'zh')).toEqual({});
  });

  it('limits the search box to five conditions', async () => {
    expect(await appsFormErrors('search', { search: 'a b c d e' }, 'zh')).toEqual({});
    expect((await appsFormErrors('search', { search: 'a b c d e f' }, 'en')).search).toBe(message('apps.search.tooMany', 'en'));
  });
});
