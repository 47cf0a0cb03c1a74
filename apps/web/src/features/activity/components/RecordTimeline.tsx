import { Tag, Timeline } from 'antd';
import type { BusinessRecordItem } from '@field-portal/shared';
import { useActivityWords, type ActivityLabelKey } from '@/features/activity/i18n';
import { formatTime } from '@/lib/format';
import { useCodes } from './codes';
import '../activity.css';

const KIND_COLOURS = { visit: 'green', call: 'blue', task: 'orange' } as const;

/** The visits, calls and tasks of a doctor's business record on antd's Timeline (with the Steps it is built on). */
export function RecordTimeline({ items }: { items: BusinessRecordItem[] }) {
  const { t } = useActivityWords();
  const codes = useCodes();
  return (
    <Timeline
      className="fp-activity-timeline"
      items={items.map((item) => ({
        key: `${item.kind}-${item.id}`,
        color: KIND_COLOURS[item.kind],
        content: (
          <div data-testid="business-record-row" data-kind={item.kind}>
            <Tag color={KIND_COLOURS[item.kind]}>{t(`activity.business.kind.${item.kind}` as ActivityLabelKey)}</Tag>
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
  );
}
