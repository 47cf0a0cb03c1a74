import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueries } from '@/test-render';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Doctor360, KolTrend } from '@field-portal/shared';
import { setLang } from '@/lib/i18n';
import { Doctor360Page } from './Doctor360Page';

// The 360 call and the trend call, answered by path.
const getResult = vi.hoisted(() => vi.fn());
vi.mock('@/lib/http', () => ({ getResult, putResult: vi.fn(), isHttpError: () => false }));

const at = (day: number) => `2025-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;

const view: Doctor360 = {
  doctor: {
    id: 7,
    name: '赵丽萍',
    gender: 2,
    hospitalId: 3,
    hospitalName: '重庆市中心医院',
    hospitalLevel: '3A',
    provinceCode: '50',
    province: '重庆市',
    cityCode: '5001',
    city: '重庆市',
    dept1Code: '03',
    dept1Name: '内科',
    dept2Code: null,
    dept2Name: null,
    titleCode: 'CHIEF',
    teachingTitleCode: null,
    directionCode: null,
    indications: ['高血压'],
    doctorRange: 'internal',
    onlinePatients: 0,
    outpatientDays: 3,
    outpatientType: null,
    tags: [],
    pendingCorrection: false,
    pinyin: 'zhaoliping',
    initials: 'zlp',
    countyCode: '500101',
    cityLevel: 1,
    overrideMode: false,
    source: 'seed',
    affiliations: [],
    createdAt: at(1),
    updatedAt: at(1),
  },
  academic: {
    papers: 23,
    citations: 410,
    hIndex: 9,
    coreShare: 0.4,
    firstAuthor: 5,
    items: [],
    counts: { advisory: 0, guideline: 0, committee: 0, association: 0, trial: 0, conference: 0, editorial: 0, nsfc: 0, education: 0 },
    meetings: { speaker: 2, attended: 4 },
  },
  impact: {
    kol: [{ indication: '高血压', score: 52.26, tier: 'T2', rank: 3, of: 120 }],
    pagerank: null,
    pagerankPercentile: null,
    community: null,
    relations: 0,
    topRelations: [],
    computedAt: at(2),
  },
  activity: [],
  activityTotal: 0,
  attitude: [],
};

const trend: KolTrend = {
  runs: [{ at: at(1), asOfYear: null }],
  indications: [{ indication: '高血压', history: [{ at: at(1), score: 52.3 }] }],
};

beforeEach(async () => {
  getResult.mockImplementation((path: string) => Promise.resolve(path.includes('/kol/trend') ? trend : view));
  await setLang('zh');
});
afterEach(cleanup);

function show() {
  renderWithQueries(
    <MemoryRouter initialEntries={['/doctor/doctorFullViewDetail/7/赵丽萍']}>
      <Routes>
        <Route path="/doctor/doctorFullViewDetail/:id/:nameDoctor" element={<Doctor360Page />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the doctor 360 view', () => {
  it("says its paper count is all the doctor's papers, in either language", async () => {
    show();
    await waitFor(() => expect(screen.getByText('全部论文')).toBeTruthy(), { timeout: 20_000 });
    cleanup();
    await setLang('en');
    show();
    await waitFor(() => expect(screen.getByText('All papers')).toBeTruthy(), { timeout: 20_000 });
  });

  it("names a business record line by its kind in the reader's language, its title and user as written", async () => {
    const withActivity: Doctor360 = { ...view, activity: [{ kind: 'visit', id: 1, at: at(3), title: '例行拜访', user: '代表1' }], activityTotal: 1 };
    getResult.mockImplementation((path: string) => Promise.resolve(path.includes('/kol/trend') ? trend : withActivity));
    show();
    const line = (await screen.findByText('例行拜访', {}, { timeout: 20_000 })).closest('li')!;
    expect(line.textContent).toContain('拜访');
    expect(line.textContent).not.toContain('visit');
    expect(within(line).getByText('代表1').getAttribute('translate')).toBe('no');
    cleanup();
    await setLang('en');
    show();
    const en = (await screen.findByText('例行拜访', {}, { timeout: 20_000 })).closest('li')!;
    expect(en.textContent).toContain('Visit');
  });

  it('writes each KOL score with one decimal, as the ranking does', async () => {
    show();
    const impact = await screen.findByTestId('impact-kol', {}, { timeout: 20_000 });
    expect(within(impact).getByText('52.3')).toBeTruthy();
    expect(within(impact).queryByText('52.26')).toBeNull();
  });
});
