import { Tag, Timeline } from 'antd';
import type { BusinessRecordItem } from '@field-portal/shared';
import type { LabelKey } from '@/lib/i18n';
import { useI18n } from '@/lib/i18n';
import { formatTime, useCodes } from './codes';
import '../activity.css';
import '@/lib/i18n/areas/activity';
import '@/lib/i18n/messages/activity';

const KIND_COLOURS = { visit: 'green', call: 'blue', task: 'orange' } as const;

/** The visits, calls and tasks of a doctor's business record on antd's Timeline (with the Steps it is built on). */
export function RecordTimeline({ items }: { items: BusinessRecordItem[] }) {
  const { t } = useI18n();
  const codes = useCodes();
  return (
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
  );
}
