import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Statistic, Table } from 'antd';
import { formatCount } from '@/lib/format';
import { BarChart } from '@/components/BarChart';
import { useSurveysWords } from '@/features/surveys/i18n';
import { surveyResultsQuery } from '../api';
import { EmptyState } from '@/components/EmptyState';

/** Results per question as ECharts charts (the surveyResults report's data); anonymous ones only from five answers. */
/** A figure as the portal writes counts and averages (thousands separated, the reader's locale). */
const count = (value: number | string) => formatCount(Number(value));

export function SurveyResultsView({ surveyId }: { surveyId: number }) {
  const { t, msg } = useSurveysWords();
  const results = useQuery(surveyResultsQuery(surveyId));
  if (!results.data) return <Card loading />;
  const r = results.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="survey-results">
      <Statistic title={t('surveys.responses')} value={r.responses} formatter={count} />
      {r.hidden ? (
        <Alert type="info" showIcon title={msg('survey.resultsHidden')} data-testid="results-hidden" />
      ) : r.responses === 0 ? (
        <EmptyState description={t('surveys.noAnswers')} />
      ) : (
        r.questions.map((q, i) => (
          <Card key={q.id} size="small" title={`${i + 1}. ${q.title}`} extra={t('surveys.answered', { n: q.answered })}>
            {q.average !== null && <Statistic title={t('surveys.average')} value={q.average} formatter={count} />}
            {q.type === 'text' ? (
              // The answers one a line, as a small list without a header: antd's Table, which the survey list has loaded (List with its grid is 5.6 KB more).
              <Table
                size="small"
                showHeader={false}
                pagination={false}
                rowKey={(row) => row.key}
                dataSource={q.texts.map((text, index) => ({ key: index, text }))}
                columns={[{ dataIndex: 'text' }]}
                locale={{ emptyText: <EmptyState description={t('surveys.noAnswers')} /> }}
              />
            ) : q.categories.length > 0 ? (
              <BarChart
                categories={q.categories}
                horizontal={q.type === 'single' || q.type === 'multiple'}
                height={Math.max(160, q.categories.length * (q.type === 'matrix' ? 48 : 32) + 60)}
                {...(q.type === 'matrix' ? { series: q.series.map((s) => ({ name: s.label, values: s.values })) } : { values: q.series[0]?.values ?? [] })}
              />
            ) : null}
          </Card>
        ))
      )}
    </Space>
  );
}
