import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SurveyResults } from '@field-portal/shared';
import { AntdProviders } from '@/lib/providers/antd-providers';
import { surveyResultsQuery } from '../api';
import { SurveyResultsView } from './SurveyResultsView';

afterEach(cleanup);

function show(results: Pick<SurveyResults, 'responses' | 'questions'>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(surveyResultsQuery(7).queryKey, { survey: {} as SurveyResults['survey'], hidden: false, minAnswers: 5, ...results });
  return render(
    <QueryClientProvider client={client}>
      <AntdProviders>
        <SurveyResultsView surveyId={7} />
      </AntdProviders>
    </QueryClientProvider>,
  );
}

const text = (texts: string[]) => ({
  id: 'q1',
  type: 'text' as const,
  title: '建议',
  answered: texts.length,
  categories: [],
  series: [],
  average: null,
  texts,
});

describe('SurveyResultsView', () => {
  it("lists a text question's answers one an item, each marked as data written by its writer", () => {
    show({ responses: 2, questions: [text(['希望多一些病例分享', 'More case studies'])] });
    const card = screen.getByText('1. 建议').closest('.ant-card') as HTMLElement;
    const items = within(card).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['希望多一些病例分享', 'More case studies']);
    expect(items.every((li) => li.querySelector('[translate="no"]') !== null)).toBe(true);
  });

  it('says so when a text question has no answers yet, and draws no list', () => {
    show({ responses: 3, questions: [text([])] });
    const card = screen.getByText('1. 建议').closest('.ant-card') as HTMLElement;
    expect(within(card).queryByRole('list')).toBeNull();
    expect(within(card).getByText('暂无回答')).toBeTruthy();
  });
});
