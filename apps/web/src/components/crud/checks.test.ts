import { describe, expect, it } from 'vitest';
import { message } from '@field-portal/shared';
import { lazyChecks, searchCheck } from './checks';
import { formChecker } from './form-rules';
import { crudWords } from './i18n';

describe("the list kit's checks, loaded on the first save or search", () => {
  it('limits the search box to five conditions, in the words of the kit', async () => {
    expect(Object.keys(crudWords.messages)).toContain('apps.search.tooMany');
    expect(await searchCheck({ search: 'a b c d e' }, 'zh')).toEqual({});
    expect((await searchCheck({ search: 'a b c d e f' }, 'en')).search).toBe(message('apps.search.tooMany', 'en'));
  });

  it("loads an area's checks once asked and names the form checked", async () => {
    const { pageQuery } = await import('@field-portal/shared');
    let loads = 0;
    const checks = lazyChecks(async () => {
      loads += 1;
      return {
        checkForm: formChecker({ search: pageQuery }, { search: (values): Record<string, string> => (values.search === 'x' ? { search: 'own rule' } : {}) }),
      };
    });
    const search = checks('search');
    expect(loads).toBe(0);
    expect(await search({ search: 'x' }, 'zh')).toEqual({ search: 'own rule' });
    expect((await search({ search: 'a b c d e f' }, 'zh')).search).toBe(message('apps.search.tooMany', 'zh'));
    expect(loads).toBe(2);
  });
});
