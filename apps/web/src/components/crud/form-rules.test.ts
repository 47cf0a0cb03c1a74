import { describe, expect, it } from 'vitest';
import {
  appInput,
  APPS_MESSAGES,
  carouselInput,
  homeChartInput,
  homeDataInput,
  HOME_MESSAGES,
  medicineInput,
  message,
  openingScreenInput,
  publicOpinionInput,
  pageQuery,
  REFERENCE_DATA_MESSAGES,
} from '@field-portal/shared';
import { addMessages } from '@/lib/i18n';
import { formErrors } from './form-rules';
import { crudWords } from './i18n';

// The forms' messages, as the areas whose screens use the kit load them with their words.
addMessages(APPS_MESSAGES, REFERENCE_DATA_MESSAGES, HOME_MESSAGES);

describe('formErrors: the server schema and messages, naming the field by its label', () => {
  it("speaks the list's own messages (search, saved, deleted) with the kit's words, and no area's", () => {
    expect(Object.keys(crudWords.messages).sort()).toEqual(['apps.deleted', 'apps.saved', 'apps.search.tooMany']);
  });

  it('names required fields in zh and en', () => {
    expect(formErrors(medicineInput, { name: '', code: '' }, 'zh')).toEqual({ name: '请输入药品名称', code: '请输入药品编码' });
    expect(formErrors(medicineInput, { name: 'x' }, 'en')).toEqual({ code: 'Please enter the medicine code' });
    expect(formErrors(medicineInput, { name: 'x', code: 'a b' }, 'en')).toEqual({ code: message('data.medicine.codeInvalid', 'en') });
  });

  it('uses the label for the generic messages', () => {
    expect(formErrors(medicineInput, { name: 'x'.repeat(51), code: 'A' }, 'zh', { name: '药品名称' })).toEqual({ name: '药品名称 最多 50 个字符' });
    expect(formErrors(medicineInput, { name: 'x'.repeat(51), code: 'A' }, 'en', { name: 'Medicine name' })).toEqual({
      name: 'Medicine name must be at most 50 characters',
    });
  });

  it('reports nested fields by their path', () => {
    expect(formErrors(medicineInput, { name: 'x', code: 'A', competitors: [{ name: '' }] }, 'zh')).toEqual({ 'competitors.0.name': '请输入竞品名称' });
  });

  it('checks app, carousel, opening screen, home data and opinion rules', () => {
    expect(formErrors(appInput, { appKey: 'Bad', name: 'x', classificationId: 1 }, 'en').appKey).toBe(message('apps.app.keyInvalid', 'en'));
    expect(formErrors(appInput, { appKey: 'ok', name: 'x' }, 'zh').classificationId).toBe('请选择应用分类');
    expect(formErrors(appInput, { appKey: 'ok', name: 'x', classificationId: 1, url: 'javascript:x' }, 'zh').url).toBe(message('apps.app.urlInvalid', 'zh'));
    expect(formErrors(carouselInput, { title: 't', image: '' }, 'zh').image).toBe('请上传轮播图片');
    expect(formErrors(openingScreenInput, { image: '/x', durationSeconds: 11 }, 'en').durationSeconds).toBe(message('apps.opening.seconds', 'en'));
    expect(formErrors(homeDataInput, { key: 'k', name: 'n', value: -3 }, 'zh').value).toBe(message('data.homeData.valueRequired', 'zh'));
    expect(formErrors(publicOpinionInput, { drug: 'd', standardCategory: 's', category: 'c' }, 'zh').sentiment).toBe('请选择正面或负面');
    expect(formErrors(homeChartInput, { name: 'n', content: '1/1' }, 'zh')).toEqual({});
  });

  it('limits the search box to five conditions', () => {
    expect(formErrors(pageQuery, { search: 'a b c d e' }, 'zh')).toEqual({});
    expect(formErrors(pageQuery, { search: 'a b c d e f' }, 'en').search).toBe(message('apps.search.tooMany', 'en'));
  });
});
