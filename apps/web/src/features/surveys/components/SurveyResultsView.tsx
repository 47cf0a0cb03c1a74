import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Statistic } from 'antd';
import { formatCount } from '@/lib/format';
import { BarChart } from '@/components/BarChart';
import { useSurveysWords } from '@/features/surveys/i18n';
import { surveyResultsQuery } from '../api';
import { EmptyState } from '@/components/EmptyState';
import { ItemList } from '@/components/ItemList';

/** A figure as the portal writes counts and averages (thousands separated, the reader's locale). */
const count = (value: number | string) => formatCount(Number(value));

/** Results per question as the portal's charts (the surveyResults report's data); anonymous ones only from five answers. */
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
              // The answers one a line, each as its writer wrote it (data, not words to translate: docs/decisions/0054).
              <ItemList
                size="small"
                items={q.texts}
                renderItem={(text) => <span translate="no">{text}</span>}
                empty={<EmptyState description={t('surveys.noAnswers')} />}
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
