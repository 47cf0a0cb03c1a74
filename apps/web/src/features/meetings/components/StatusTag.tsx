import { Tag } from 'antd';
import type { MeetingStatus } from '@field-portal/shared';
import { useI18n, type LabelKey } from '@/lib/i18n';
import '@/lib/i18n/areas/meetings';

const COLOURS: Record<MeetingStatus, string> = { draft: 'default', planned: 'blue', held: 'green', closed: 'purple', cancelled: 'red' };

export function StatusTag({ status }: { status: MeetingStatus }) {
  const { t } = useI18n();
  return <Tag color={COLOURS[status]}>{t(`meetings.status.${status}` as LabelKey)}</Tag>;
}
