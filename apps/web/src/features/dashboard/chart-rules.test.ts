import { describe, expect, it } from 'vitest';
import { message } from '@field-portal/shared';
import { chartContentError } from './chart-rules';

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
