import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsValueLabel, type DashboardData } from '@field-portal/shared';
import { createHarness, type Harness } from '../../../../test/harness.js';
import { dashboardData } from '../../../../test/dashboard.js';

/**
 * articleLists names an article's category and department in words, as the content centre does,
 * in the dashboard's language (apps/server/test/reports.test.ts checks its counts). Articles of
 * March 2020 inserted here, before any demo data.
 */

let h: Harness;
const tokens: Record<string, string> = {};
const RANGE = { startDate: '2020-03-01', endDate: '2020-03-31' };

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);

beforeAll(async () => {
  h = await createHarness();
  const [admin] = await q<{ id: number }>(`select id from users where username = 'admin'`);
  const article = (title: string, channel: string, category: string, department: string | null, source: string, day: number) =>
    q(
      `insert into articles (title, body, channel, category, department, source, status, publish_time, author_id, created_at, updated_at)
       values ($1, '<p>x</p>', $2, $3, $4, $5, 'published', $6, $7, $6, $6)`,
      [title, channel, category, department, source, `2020-03-${String(day).padStart(2, '0')}T10:00:00+08:00`, admin!.id],
    );
  await article('合规文章', 'departmentDynamics', 'compliance', 'hipo', 'external', 12);
  await article('指南文章', 'news', 'guideline', null, 'internal', 11);
  await article('部门其他文章', 'departmentDynamics', 'other', 'it', 'internal', 10);
  tokens.admin = (await h.login('admin')).access;
});
afterAll(async () => h?.close());

const dashboard = (router: string, lang: 'zh' | 'en') => dashboardData(h, tokens.admin!, 'admin', router, RANGE, lang);

const column = (d: DashboardData, name: string) => d.table.rows.map((r) => r[d.table.columns.indexOf(name)]);
const chart = (d: DashboardData, key: string) => d.charts.find((c) => c.key === key)!;

describe('articleLists', () => {
  it('names categories and departments with the content centre’s words, in zh and in en', async () => {
    const expected = {
      zh: { categories: ['合规', '指南', '其他'], departments: ['HIPO', '', 'IT'] },
      en: { categories: ['Compliance', 'Guideline', 'Other'], departments: ['HIPO', '', 'IT'] },
    };
    for (const lang of ['zh', 'en'] as const) {
      const d = await dashboard('articleLists', lang);
      // newest published first: 12, 11, 10 March
      expect(column(d, 'title')).toEqual(['合规文章', '指南文章', '部门其他文章']);
      expect(column(d, 'category')).toEqual(expected[lang].categories);
      expect(column(d, 'department')).toEqual(expected[lang].departments);
      expect(chart(d, 'articlesByCategory').categories.sort()).toEqual([...expected[lang].categories].sort());
      expect(chart(d, 'articlesByCategory').series[0]!.values).toEqual([1, 1, 1]);
      // channels and sources stay codes, which the screen and the export label: every one has a label
      expect(column(d, 'channel')).toEqual(['departmentDynamics', 'news', 'departmentDynamics']);
      expect(column(d, 'source').map((s) => analyticsValueLabel(String(s), lang))).toEqual(
        lang === 'zh' ? ['外部来源', '内部', '内部'] : ['External source', 'Internal', 'Internal'],
      );
    }
  });
});
