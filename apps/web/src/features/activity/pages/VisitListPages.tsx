import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Select } from 'antd';
import { formatTotal } from '@/lib/format';
import { usePageTitle } from '@/lib/session/page-title';
import { useActivityWords } from '@/features/activity/i18n';
import { myVisitsQuery, taskRecordQuery, teamVisitCountQuery, teamVisitsQuery } from '../api';
import { VisitTable } from '../components/VisitTable';
import '../activity.css';

// The visit lists without the visit and plan forms (pages/VisitReportPage.tsx, pages/ActivityPlanPage.tsx): no form, date picker or doctor search to download.

/** /task/newRecord: the caller's visit records. */
export function NewRecordPage() {
  const { t } = useActivityWords();
  const list = useQuery(myVisitsQuery({}));
  return (
    <Card className="fp-activity-screen" title={t('activity.myPlan.visits')} extra={t('activity.total', { total: list.data?.total ?? 0 })}>
      <VisitTable visits={list.data?.list ?? []} loading={list.isFetching} />
    </Card>
  );
}

/** /task/teamInteractioRecord: the records of the caller's team (managers). */
export function TeamInteractionRecordPage() {
  const { t } = useActivityWords();
  const pageTitle = usePageTitle(t('activity.team.member'));
  const [userId, setUserId] = useState<number | undefined>(undefined);
  const members = useQuery(taskRecordQuery());
  const list = useQuery(teamVisitsQuery(userId ? { userId } : {}));
  const count = useQuery(teamVisitCountQuery(userId ? { userId } : {}));
  const total = count.data ? formatTotal(count.data.total, count.data.totalCapped) : '…';
  // The members' list starts with the caller; nobody after that: the caller leads no organisation.
  const leadsNoTeam = members.isSuccess && members.data.length <= 1;
  return (
    <Card
      className="fp-activity-screen"
      title={pageTitle}
      extra={
        <span aria-busy={count.isFetching} data-testid="team-total">
          {t('activity.total', { total })}
        </span>
      }
    >
      <div className="fp-activity-toolbar">
        <Select
          aria-label={t('activity.team.member')}
          style={{ width: 220 }}
          allowClear
          placeholder={t('activity.team.all')}
          value={userId}
          onChange={(v) => setUserId(v)}
          options={(members.data ?? []).slice(1).map((m) => ({ value: m.user.id, label: m.user.name }))}
        />
      </div>
      <VisitTable visits={list.data?.list ?? []} loading={list.isFetching} showRep emptyText={leadsNoTeam ? t('activity.team.none') : undefined} />
    </Card>
  );
}
