import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Empty, Space, Tag, Timeline } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { LabelKey } from '@/lib/i18n';
import { useI18n } from '@/lib/i18n';
import { businessRecordQuery } from '../api';
import { openCreateTask } from '../create-task';
import { formatTime, useCodes } from './codes';
import { VisitForm } from './VisitForm';
import '../activity.css';
import '@/lib/i18n/areas/activity';
import '@/lib/i18n/messages/activity';

const KIND_COLOURS = { visit: 'green', call: 'blue', task: 'orange' } as const;

/**
 * The doctor's business record (spec 001 section 2.4): the visit form (its draft survives a
 * reload; closing the tab unsubmitted asks) and the timeline of visits, calls and tasks.
 */
export function BusinessRecordTimeline({ doctorId, doctorName }: { doctorId: number; doctorName: string }) {
  const { t } = useI18n();
  const codes = useCodes();
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
        {items.length === 0 && !record.isFetching ? (
          <Empty description={t('activity.business.empty')} />
        ) : (
          <Timeline
            className="fp-activity-timeline"
            items={items.map((item) => ({
              key: `${item.kind}-${item.id}`,
              color: KIND_COLOURS[item.kind],
              content: (
                <div data-testid="business-record-row" data-kind={item.kind}>
                  <Tag color={KIND_COLOURS[item.kind]}>{t(`activity.business.kind.${item.kind}` as LabelKey)}</Tag>
                  {formatTime(item.at)} · {item.user.name}
                  {item.channel ? ` · ${codes.channel(item.channel)}` : ''}
                  {item.title ? ` · ${item.title}` : ''}
                  {item.kind === 'visit' && item.status !== null ? ` · ${codes.visitStatus(item.status)}` : ''}
                  {item.kind === 'task' && item.status !== null ? ` · ${codes.taskStatus(item.status)}` : ''}
                  {item.effective ? ` · ${t('activity.visit.effective')}` : ''}
                </div>
              ),
            }))}
          />
        )}
      </Card>
    </Space>
  );
}
