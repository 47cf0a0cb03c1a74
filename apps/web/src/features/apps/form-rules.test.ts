import { describe, expect, it } from 'vitest';
import {
  appInput,
  carouselInput,
  homeChartInput,
  homeDataInput,
  medicineInput,
  message,
  openingScreenInput,
  publicOpinionInput,
  pageQuery,
} from '@field-portal/shared';
import { chartContentError, firstDuplicate, formErrors, imageFileError, importFileError, medicineListErrors } from './form-rules';
import { moveItem } from './move-item';

describe('formErrors: the server schema and messages, naming the field by its label', () => {
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

describe('chart content (spec 001 section 5)', () => {
  it('accepts time/value items with numbers on both sides', () => {
    expect(chartContentError('2023/120,2024/156', 'zh')).toBeUndefined();
    expect(chartContentError('1/3.5\n2/4', 'zh')).toBeUndefined();
  });
  it('refuses other shapes and repeated times', () => {
    expect(chartContentError('2023-120', 'zh')).toBe(message('data.chart.contentFormat', 'zh'));
    expect(chartContentError('2023/', 'en')).toBe(message('data.chart.contentFormat', 'en'));
    expect(chartContentError('a/1', 'en')).toBe(message('data.chart.contentFormat', 'en'));
    expect(chartContentError('2023/1,2023/2', 'zh')).toBe('图表内容中的时间 2023 重复');
    expect(chartContentError('  ', 'en')).toBe(message('data.chart.contentRequired', 'en'));
  });
});

describe('medicine lists', () => {
  it('finds repeated competitors and indications, ignoring case and blanks', () => {
    expect(firstDuplicate(['A', 'b', ' a '])).toBe('a');
    expect(firstDuplicate(['', ''])).toBeUndefined();
    expect(medicineListErrors({ competitors: [{ name: '甲' }, { name: '甲' }], indications: ['x'] }, 'zh')).toEqual({ competitors: '竞品重复: 甲' });
    expect(medicineListErrors({ indications: ['Flu', 'flu'] }, 'en')).toEqual({ indications: 'Duplicate indication: flu' });
  });
});

describe('files', () => {
  it('accepts images up to 2 MB and import files up to 1 MB', () => {
    expect(imageFileError({ name: 'a.PNG', size: 10 }, 'zh')).toBeUndefined();
    expect(imageFileError({ name: 'a.svg', size: 10 }, 'zh')).toBe(message('apps.image.type', 'zh'));
    expect(imageFileError({ name: 'a.jpg', size: 2 * 1024 * 1024 + 1 }, 'en')).toBe(message('apps.image.tooLarge', 'en'));
    expect(importFileError({ name: 'orgs.csv', size: 10 }, 'zh')).toBeUndefined();
    expect(importFileError({ name: 'orgs.txt', size: 10 }, 'zh')).toBe(message('apps.import.type', 'zh'));
    expect(importFileError({ name: 'orgs.xlsx', size: 1024 * 1024 + 1 }, 'en')).toBe(message('apps.import.tooLarge', 'en'));
  });
});

describe('moveItem (carousel order)', () => {
  it('moves an item up or down and leaves the ends alone', () => {
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
