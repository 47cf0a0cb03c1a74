import { describe, expect, it } from 'vitest';
import { dashboardChecks } from './checks-on-save';

describe('dashboardChecks: the checks loaded on the first save', () => {
  it("adds a chart's content rule to its schema", async () => {
    expect(await dashboardChecks('homeChart')({ name: 'n', content: '2023/1,2023/2' }, 'zh')).toEqual({ content: '图表内容中的时间 2023 重复' });
    expect(await dashboardChecks('homeChart')({ name: 'n', content: '2023/1,2024/2' }, 'zh')).toEqual({});
    expect(await dashboardChecks('homeData')({ key: 'k', name: 'n', value: 1 }, 'en')).toEqual({});
  });
});
