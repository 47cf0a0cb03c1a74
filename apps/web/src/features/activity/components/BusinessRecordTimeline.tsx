import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useActivityWords } from '@/features/activity/i18n';
import { businessRecordQuery } from '../api';
import { openCreateTask } from '../create-task';
import { VisitForm } from './VisitForm';
import '../activity.css';
import { EmptyState } from '@/components/EmptyState';

// The timeline (antd's Timeline, built on Steps) loads when the record has something to show.
const RecordTimeline = lazy(() => import('./RecordTimeline').then((m) => ({ default: m.RecordTimeline })));

/**
 * The doctor's business record (spec 001 section 2.4): the visit form (its draft survives a
 * reload; closing the tab unsubmitted asks) and the timeline of visits, calls and tasks.
 */
export function BusinessRecordTimeline({ doctorId, doctorName }: { doctorId: number; doctorName: string }) {
  const { t } = useActivityWords();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const taskId = Number(params.get('taskId')) || null;
  const record = useQuery(businessRecordQuery(doctorId));
  const items = record.data?.list ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="business-record">
      <VisitForm scope={`doctor-${doctorId}`} tabPath={location.pathname} doctor={{ id: doctorId, name: doctorName }} taskId={taskId} />
      <Card
        size="small"
        title={t('activity.business.title')}
        extra={
          <Button size="small" icon={<PlusOutlined />} onClick={() => openCreateTask((to) => void navigate(to), location.pathname)}>
            {t('activity.business.newTask')}
          </Button>
        }
      >
        {items.length > 0 ? (
          <Suspense fallback={null}>
            <RecordTimeline items={items} />
          </Suspense>
        ) : record.isFetching ? null : (
          <EmptyState description={t('activity.business.empty')} />
        )}
      </Card>
    </Space>
  );
}
