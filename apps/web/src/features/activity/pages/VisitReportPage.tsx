import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { Card, Space } from 'antd';
import { useActivityWords } from '@/features/activity/i18n';
import { myVisitsQuery } from '../api';
import { VisitForm } from '../components/VisitForm';
import { VisitTable } from '../components/VisitTable';
import '../activity.css';

/** /task/newRecord/visitReport: a new visit record for any doctor in scope, and the caller's records. */
export function VisitReportPage() {
  const { t } = useActivityWords();
  const location = useLocation();
  const list = useQuery(myVisitsQuery({}));
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <VisitForm scope="visitReport" tabPath={location.pathname} />
      <Card className="fp-activity-screen" title={t('activity.myPlan.visits')} extra={t('activity.total', { total: list.data?.total ?? 0 })}>
        <VisitTable visits={list.data?.list ?? []} loading={list.isFetching} />
      </Card>
    </Space>
  );
}
