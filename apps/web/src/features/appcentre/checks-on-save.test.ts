import { describe, expect, it } from 'vitest';
import { appCentreChecks } from './checks-on-save';
import { appCentreWords } from './i18n';

describe('appCentreChecks: the checks loaded on the first save', () => {
  it('checks a form with its schema, naming the field by its label', async () => {
    // the messages come with the area's words, which its screens load
    expect(Object.keys(appCentreWords.messages)).toContain('apps.carousel.imageRequired');
    expect(await appCentreChecks('classification')({ name: 'x'.repeat(51) }, 'en', { name: 'Name' })).toEqual({ name: 'Name must be at most 50 characters' });
    expect((await appCentreChecks('carousel')({ title: 't', image: '' }, 'zh')).image).toBe('请上传轮播图片');
  });
});
