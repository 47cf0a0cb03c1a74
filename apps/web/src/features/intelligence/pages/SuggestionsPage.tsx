import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { App as AntApp, Button, Card, Form, Select, Space, Spin, Tag, Typography } from 'antd';
import {
  departmentOrWritten,
  SUGGESTION_CATEGORIES,
  SUGGESTION_LIMITS,
  type SuggestionAction,
  type SuggestionCategory,
  type SuggestionReason,
  type SuggestionRow,
} from '@field-portal/shared';
import { useIntelligenceWords } from '@/features/intelligence/i18n';
import { formatTime } from '@/lib/format';
import { full360Path } from '../api/intelligence-api';
import { formatScore } from '../score';
import { refreshSuggestions, sendFeedback, suggestionsQuery } from '../api/suggestions-api';
import { EmptyState } from '@/components/EmptyState';
import { Explained } from '@/components/Explained';
import { Item, ItemList } from '@/components/ItemList';
import { LoadMore } from '@/components/paging';

const { Text } = Typography;

type Msg = ReturnType<typeof useIntelligenceWords>['msg'];

/** One reason in words, from its code and evidence. */
function reasonText(r: SuggestionReason, msg: Msg): string {
  switch (r.code) {
    case 'notVisited':
      return r.evidence.lastVisitAt
        ? msg('intel.suggestion.reason.notVisited', { days: r.evidence.days ?? 0, date: formatTime(r.evidence.lastVisitAt, 'day'), visits: r.evidence.visits })
        : msg('intel.suggestion.reason.neverVisited');
    case 'kolTier':
      return msg('intel.suggestion.reason.kolTier', { indication: r.evidence.indication, score: formatScore(r.evidence.score), tier: r.evidence.tier });
    case 'coauthorOfTop':
      return msg('intel.suggestion.reason.coauthorOfTop', {
        name: r.evidence.topDoctorName,
        score: formatScore(r.evidence.topScore),
        papers: r.evidence.papers,
        title: r.evidence.paperTitle,
        year: r.evidence.year,
      });
    case 'recentPapers':
      return msg('intel.suggestion.reason.recentPapers', {
        since: r.evidence.sinceYear,
        papers: r.evidence.papers,
        citations: r.evidence.citations,
        title: r.evidence.latestTitle,
        year: r.evidence.latestYear,
      });
    case 'risingScore':
      return msg('intel.suggestion.reason.risingScore', {
        indication: r.evidence.indication,
        from: formatScore(r.evidence.from),
        to: formatScore(r.evidence.to),
        date: formatTime(r.evidence.since, 'day'),
      });
    case 'yourMeeting': {
      const text = msg(`intel.suggestion.reason.yourMeeting.${r.evidence.role}`, {
        name: r.evidence.meetingName,
        date: formatTime(r.evidence.startTime, 'day'),
      });
      return r.evidence.meetings > 1
        ? text + msg('intel.suggestion.reason.yourMeeting.more', { n: r.evidence.meetings, days: SUGGESTION_LIMITS.meetingDays })
        : text;
    }
  }
}

const priorityColour = (p: number) => (p >= 70 ? 'red' : p >= 40 ? 'orange' : 'blue');

/** How the priority was computed: each reason's points and their (capped) sum. */
function PriorityTag({ s }: { s: SuggestionRow }) {
  const { msg } = useIntelligenceWords();
  const sum = s.reasons.reduce((total, r) => total + r.points, 0);
  return (
    <Explained
      title={msg('intel.suggestion.priorityHow')}
      testId="suggestion-priority"
      explanation={
        <div style={{ maxWidth: 420 }}>
          {s.reasons.map((r) => (
            <div key={r.code}>
              <Tag>{msg('intel.suggestion.points', { points: r.points })}</Tag>
              {reasonText(r, msg)}
            </div>
          ))}
          <div style={{ marginTop: 8 }}>
            Σ = {sum}
            {sum > 100 ? ' → 100' : ''}
          </div>
        </div>
      }
    >
      <Tag color={priorityColour(s.priority)}>
        {msg('intel.suggestion.priority')} {s.priority}
      </Tag>
    </Explained>
  );
}

/** /doctor/doctorIntelligenceAdvice: the representative's suggestions by category, with their reasons, and done / dismiss. */
export function SuggestionsPage() {
  const { msg, lang } = useIntelligenceWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [choice, setChoice] = useState<SuggestionCategory | undefined>();
  const [category, setCategory] = useState<SuggestionCategory | undefined>();
  const [missing, setMissing] = useState(false);
  const suggestions = useInfiniteQuery({
    ...suggestionsQuery(category ?? 'visit'),
    enabled: category !== undefined,
    // While a recompute is queued or running, look again every two seconds.
    refetchInterval: (query) => {
      const job = query.state.data?.pages[0]?.job;
      return job && (job.status === 'queued' || job.status === 'running') ? 2000 : false;
    },
  });
  const feedback = useMutation({
    mutationFn: ({ id, action }: { id: number; action: SuggestionAction }) => sendFeedback(id, action),
    onSuccess: async (_row, { action }) => {
      void message.success(
        action === 'done' ? msg('intel.suggestion.doneSaved') : msg('intel.suggestion.dismissSaved', { days: SUGGESTION_LIMITS.dismissDays }),
      );
      await client.invalidateQueries({ queryKey: ['intel', 'suggestions'] });
    },
  });
  const refresh = useMutation({
    mutationFn: refreshSuggestions,
    onSuccess: async () => {
      void message.info(msg('intel.suggestion.refreshQueued'));
      await client.invalidateQueries({ queryKey: ['intel', 'suggestions'] });
    },
  });
  const query = (value: SuggestionCategory | undefined) => {
    setMissing(value === undefined);
    setCategory(value);
  };
  const pages = suggestions.data?.pages ?? [];
  const first = pages[0];
  const rows = pages.flatMap((p) => p.list);
  const busy = first && (first.job.status === 'queued' || first.job.status === 'running');

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card>
        <Space wrap align="start" style={{ width: '100%', justifyContent: 'space-between' }}>
          <Form layout="inline" onFinish={() => query(choice)}>
            <Form.Item
              label={msg('intel.suggestion.category.label')}
              required
              validateStatus={missing ? 'error' : undefined}
              help={missing ? msg('intel.suggestion.category') : undefined}
            >
              <Select
                aria-label={msg('intel.suggestion.category.label')}
                placeholder={msg('intel.suggestion.category.placeholder')}
                style={{ width: 200 }}
                value={choice}
                onChange={(value: SuggestionCategory) => {
                  setChoice(value);
                  query(value);
                }}
                options={SUGGESTION_CATEGORIES.map((c) => ({ value: c, label: msg(`intel.suggestion.cat.${c}`) }))}
              />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit">
                {msg('intel.suggestion.query')}
              </Button>
            </Form.Item>
          </Form>
          <Space>
            {busy ? (
              <Text type="secondary">
                <Spin size="small" /> {msg('intel.suggestion.computing')}
              </Text>
            ) : first?.computedAt ? (
              <Text type="secondary">{msg('intel.suggestion.computedAt', { time: formatTime(first.computedAt) })}</Text>
            ) : null}
            <Button onClick={() => refresh.mutate()} loading={refresh.isPending} disabled={Boolean(busy)}>
              {msg('intel.suggestion.refresh')}
            </Button>
          </Space>
        </Space>
      </Card>
      <Card
        title={category ? msg(`intel.suggestion.cat.${category}`) : undefined}
        extra={first ? msg('intel.suggestion.total', { total: first.totalCapped ? `${first.total}+` : first.total }) : undefined}
      >
        {category === undefined ? (
          <EmptyState description={msg('intel.suggestion.choose')} />
        ) : suggestions.isPending ? (
          <Spin />
        ) : rows.length === 0 ? (
          <EmptyState description={msg('intel.suggestion.empty')} />
        ) : (
          <ItemList
            items={rows}
            rowKey={(s) => s.id}
            footer={suggestions.hasNextPage ? <LoadMore onMore={() => void suggestions.fetchNextPage()} loading={suggestions.isFetchingNextPage} /> : null}
            renderItem={(s) => (
              <Item
                vertical
                data-testid="suggestion"
                actions={[
                  <Button
                    key="done"
                    type="primary"
                    size="small"
                    loading={feedback.isPending && feedback.variables?.id === s.id}
                    onClick={() => feedback.mutate({ id: s.id, action: 'done' })}
                  >
                    {msg('intel.suggestion.done')}
                  </Button>,
                  <Button
                    key="dismiss"
                    size="small"
                    disabled={feedback.isPending && feedback.variables?.id === s.id}
                    onClick={() => feedback.mutate({ id: s.id, action: 'dismissed' })}
                  >
                    {msg('intel.suggestion.dismiss')}
                  </Button>,
                  <Text key="expires" type="secondary">
                    {msg('intel.suggestion.expires', { time: formatTime(s.expiresAt, 'day') })}
                  </Text>,
                ]}
                title={
                  <Space wrap>
                    <Link to={full360Path(s.doctor.id, s.doctor.name)}>{s.doctor.name}</Link>
                    <PriorityTag s={s} />
                  </Space>
                }
                description={`${s.doctor.hospitalName} · ${departmentOrWritten(s.doctor.departmentCode, s.doctor.department, lang)}`}
              >
                <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="suggestion-reasons">
                  {s.reasons.map((r) => (
                    <li key={r.code}>
                      {reasonText(r, msg)} <Text type="secondary">({msg('intel.suggestion.points', { points: r.points })})</Text>
                    </li>
                  ))}
                </ul>
              </Item>
            )}
          />
        )}
      </Card>
    </div>
  );
}
