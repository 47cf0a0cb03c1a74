import { Tag } from 'antd';
import type { MeetingStatus } from '@field-portal/shared';
import { useMeetingsWords, type MeetingsLabelKey } from '@/features/meetings/i18n';

const COLOURS: Record<MeetingStatus, string> = { draft: 'default', planned: 'blue', held: 'green', closed: 'purple', cancelled: 'red' };

export function StatusTag({ status }: { status: MeetingStatus }) {
  const { t } = useMeetingsWords();
  return <Tag color={COLOURS[status]}>{t(`meetings.status.${status}` as MeetingsLabelKey)}</Tag>;
}
