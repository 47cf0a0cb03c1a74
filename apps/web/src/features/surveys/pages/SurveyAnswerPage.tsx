import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Checkbox, DatePicker, Input, InputNumber, Radio, Rate, Result, Space, Tag, Typography } from 'antd';
import { lazyPart } from '@/components/lazy-dialog';
import dayjs from 'dayjs';
import type { SurveyQuestion } from '@field-portal/shared';
import { isHttpError } from '@/lib/http';
import { useSurveysWords } from '@/features/surveys/i18n';
import { submitAnswer, surveyDetailQuery, surveyKeys } from '../api';
import '../surveys.css';
import { EmptyState } from '@/components/EmptyState';
import { DATA } from '@/lib/data-text';

const { Paragraph, Text } = Typography;

/*
 * What only some surveys show loads when a survey shows it: the date picker with a date question,
 * the matrix (antd's Table) with a matrix question; the answer checks (the shared schemas, with
 * zod) when the answers are sent (docs/decisions/0031).
 */
const MatrixQuestion = lazyPart(() => import('../components/MatrixQuestion').then((m) => m.MatrixQuestion));

/** surveyQuesDetail (?id=): the survey's questions rendered in antd from its schema; the answer is checked here and on the server. */
export function SurveyAnswerPage() {
  const { t, msg } = useSurveysWords();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const detail = useQuery({ ...surveyDetailQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [problem, setProblem] = useState<{ questionId: string; text: string }>();
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);
  if (!(Number.isInteger(id) && id > 0) || detail.isError) return <EmptyState className="fp-survey-empty" description={msg('survey.notFound')} />;
  if (!detail.data) return <Card loading className="fp-survey-screen" />;
  const s = detail.data;
  const set = (qid: string, value: unknown) => setAnswers((a) => ({ ...a, [qid]: value }));
  const submit = async () => {
    // The button spins while the checks arrive (the first time) and while the answers go.
    setSending(true);
    try {
      const { checkAnswers } = await import('../answer-checks');
      const local = checkAnswers(s.schema, answers);
      if (!local.ok) {
        setProblem({ questionId: local.problem.questionId, text: msg(local.problem.key, { question: local.problem.question, id: local.problem.questionId }) });
        return;
      }
      setProblem(undefined);
      await submitAnswer(s.id, answers);
      setDone(true);
      void client.invalidateQueries({ queryKey: surveyKeys.all });
    } catch (error) {
      const field = isHttpError(error) ? error.field : undefined;
      if (field?.startsWith('answers.') && isHttpError(error)) setProblem({ questionId: field.slice('answers.'.length), text: error.serverMessage ?? '' });
    } finally {
      setSending(false);
    }
  };
  if (done) return <Result status="success" title={t('surveys.answer.thanks')} subTitle={<span {...DATA}>{s.title}</span>} />;
  return (
    <Card
      className="fp-survey-screen"
      title={<span {...DATA}>{s.title}</span>}
      extra={s.anonymous ? <Tag color="purple">{t('surveys.anonymous')}</Tag> : undefined}
    >
      {s.description && (
        <Paragraph type="secondary" {...DATA}>
          {s.description}
        </Paragraph>
      )}
      {!s.canAnswer && (
        <Alert type="info" showIcon className="fp-survey-alert" title={s.myAnswers > 0 ? msg('survey.alreadyAnswered') : msg('survey.notOpen')} />
      )}
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {s.schema.questions.map((q, i) => (
          <div key={q.id} className="fp-survey-question" data-testid={`question-${q.id}`}>
            <Text strong>
              {i + 1}. <span {...DATA}>{q.title}</span> {q.required && <span className="fp-required">*</span>}
            </Text>
            <div className="fp-survey-control">
              <QuestionControl question={q} value={answers[q.id]} onChange={(v) => set(q.id, v)} disabled={!s.canAnswer} />
            </div>
            {problem?.questionId === q.id && <Alert type="error" showIcon title={problem.text} role="alert" />}
          </div>
        ))}
      </Space>
      {s.canAnswer && (
        <Button type="primary" size="large" className="fp-survey-submit" loading={sending} onClick={() => void submit()}>
          {t('surveys.answer.submit')}
        </Button>
      )}
    </Card>
  );
}

function QuestionControl({
  question: q,
  value,
  onChange,
  disabled,
}: {
  question: SurveyQuestion;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled: boolean;
}) {
  switch (q.type) {
    case 'single':
      return (
        <Radio.Group
          disabled={disabled}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          options={q.options.map((o) => ({ value: o.id, label: <span {...DATA}>{o.label}</span> }))}
        />
      );
    case 'multiple':
      return (
        <Checkbox.Group
          disabled={disabled}
          value={(value as string[] | undefined) ?? []}
          onChange={(v) => onChange(v)}
          options={q.options.map((o) => ({ value: o.id, label: <span {...DATA}>{o.label}</span> }))}
        />
      );
    case 'rating':
      return (
        <Rate disabled={disabled} count={q.max} value={(value as number | undefined) ?? 0} onChange={(v) => onChange(v || undefined)} aria-label={q.title} />
      );
    case 'text':
      return (
        <Input.TextArea
          disabled={disabled}
          value={(value as string | undefined) ?? ''}
          maxLength={q.maxLength}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(e) => onChange(e.target.value)}
          aria-label={q.title}
        />
      );
    case 'number':
      return (
        <InputNumber
          disabled={disabled}
          value={(value as number | undefined) ?? null}
          min={q.min ?? undefined}
          max={q.max ?? undefined}
          onChange={(v) => onChange(v ?? undefined)}
          aria-label={q.title}
        />
      );
    case 'date':
      return (
        <DatePicker
          disabled={disabled}
          value={typeof value === 'string' ? dayjs(value) : null}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : undefined)}
          aria-label={q.title}
        />
      );
    case 'matrix':
      return <MatrixQuestion question={q} value={value as Record<string, string> | undefined} onChange={onChange} disabled={disabled} />;
  }
}
