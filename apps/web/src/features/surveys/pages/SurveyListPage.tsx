import { dataCells } from '@/lib/data-text';
import { lazy, Suspense, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Drawer, Space, Spin, Table, Tabs, Tag } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { PlusOutlined } from '@ant-design/icons';
import type { SurveyDetail, SurveyRow } from '@field-portal/shared';
import { useSurveysWords, type SurveysLabelKey } from '@/features/surveys/i18n';
import { deleteSurvey, setSurveyStatus, surveyAnswerPath, surveyDetailQuery, surveyKeys, surveyListQuery } from '../api';
import { lazyDialog } from '@/components/lazy-dialog';
import '../surveys.css';
import { formatTime } from '@/lib/format';
import { EmptyState } from '@/components/EmptyState';

// The builder (a form with date pickers) and the results (with their charts) load when opened.
const SurveyBuilder = lazyDialog(() => import('../components/SurveyBuilder').then((m) => m.SurveyBuilder));
const SurveyResultsView = lazy(() => import('../components/SurveyResultsView').then((m) => ({ default: m.SurveyResultsView })));

const period = (s: SurveyRow) => `${formatTime(s.startTime)} – ${formatTime(s.endTime)}`;

/** surveyList: surveys to answer, and for builders their own surveys with the builder and the results. */
export function SurveyListPage() {
  const { t } = useSurveysWords();
  const navigate = useNavigate();
  const client = useQueryClient();
  const list = useQuery(surveyListQuery());
  const [editing, setEditing] = useState<SurveyDetail | null | undefined>(undefined);
  const [resultsOf, setResultsOf] = useState<SurveyRow | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: surveyKeys.all });
  const statusTag = (s: SurveyRow) => (
    <Tag color={s.open ? 'green' : s.status === 'draft' ? 'default' : 'purple'}>
      {s.open ? t('surveys.open') : t(`surveys.status.${s.status}` as SurveysLabelKey)}
    </Tag>
  );
  const toAnswer = (
    <Table<SurveyRow>
      rowKey="id"
      size="middle"
      loading={list.isLoading}
      dataSource={list.data?.toAnswer ?? []}
      pagination={false}
      locale={{ emptyText: <EmptyState description={t('surveys.noneToAnswer')} /> }}
      columns={[
        { title: t('surveys.field.title'), dataIndex: 'title', ...dataCells },
        { title: t('surveys.field.status'), width: 100, render: (_: unknown, s) => statusTag(s) },
        { title: t('surveys.field.period'), width: 320, render: (_: unknown, s) => period(s) },
        { title: t('surveys.field.author'), width: 110, ...dataCells, render: (_: unknown, s) => s.author.name },
        {
          title: '',
          width: 110,
          render: (_: unknown, s) =>
            s.myAnswers > 0 && !s.allowRepeat ? (
              <Tag color="green">{t('surveys.answeredByMe')}</Tag>
            ) : s.open ? (
              <Button type="primary" size="small" onClick={() => void navigate(surveyAnswerPath(s.id))}>
                {t('surveys.answer.open')}
              </Button>
            ) : null,
        },
      ]}
    />
  );
  const mine = (
    <>
      <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => setEditing(null)}>
        {t('surveys.builder.new')}
      </Button>
      <Table<SurveyRow>
        rowKey="id"
        size="middle"
        dataSource={list.data?.mine ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState description={t('surveys.noData')} /> }}
        columns={[
          { title: t('surveys.field.title'), dataIndex: 'title', ...dataCells },
          { title: t('surveys.field.status'), width: 100, render: (_: unknown, s) => statusTag(s) },
          { title: t('surveys.questions'), dataIndex: 'questionCount', width: 70 },
          { title: t('surveys.responses'), dataIndex: 'responseCount', width: 80 },
          {
            title: t('surveys.field.options'),
            width: 150,
            render: (_: unknown, s) => (
              <Space size={4}>
                {s.anonymous && <Tag color="purple">{t('surveys.anonymous')}</Tag>}
                {s.allowRepeat && <Tag>{t('surveys.repeats')}</Tag>}
              </Space>
            ),
          },
          {
            title: '',
            width: 260,
            render: (_: unknown, s) => (
              <Space size={4} wrap>
                {s.status === 'draft' && (
                  <>
                    <Button size="small" onClick={async () => setEditing(await client.fetchQuery(surveyDetailQuery(s.id)))}>
                      {t('surveys.edit')}
                    </Button>
                    <ConfirmButton
                      size="small"
                      type="primary"
                      question={t('surveys.confirmPublish')}
                      onConfirm={async () => {
                        await setSurveyStatus(s.id, 'published');
                        refresh();
                      }}
                    >
                      {t('surveys.publish')}
                    </ConfirmButton>
                    <ConfirmButton
                      size="small"
                      danger
                      question={t('surveys.confirmDelete')}
                      onConfirm={async () => {
                        await deleteSurvey(s.id);
                        refresh();
                      }}
                    >
                      {t('surveys.delete')}
                    </ConfirmButton>
                  </>
                )}
                {s.status === 'published' && (
                  <ConfirmButton
                    size="small"
                    question={t('surveys.confirmClose')}
                    onConfirm={async () => {
                      await setSurveyStatus(s.id, 'closed');
                      refresh();
                    }}
                  >
                    {t('surveys.close')}
                  </ConfirmButton>
                )}
                {s.status !== 'draft' && (
                  <Button size="small" onClick={() => setResultsOf(s)}>
                    {t('surveys.results')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
  const items = [{ key: 'answer', label: t('surveys.tab.toAnswer'), children: toAnswer }];
  if (list.data?.canBuild) items.push({ key: 'mine', label: t('surveys.tab.mine'), children: mine });
  return (
    <Card className="fp-survey-screen fp-survey-list" title={t('surveys.title')}>
      <Tabs items={items} />
      {editing !== undefined && (
        <SurveyBuilder
          survey={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            refresh();
          }}
        />
      )}
      <Drawer open={resultsOf !== null} onClose={() => setResultsOf(null)} title={resultsOf?.title} size={720} destroyOnHidden>
        {resultsOf && (
          <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
            <SurveyResultsView surveyId={resultsOf.id} />
          </Suspense>
        )}
      </Drawer>
    </Card>
  );
}
