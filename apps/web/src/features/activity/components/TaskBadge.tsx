import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Badge, Button, Tooltip } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import { ACTIVITY_LIMITS } from '@field-portal/shared';
import { useActivityWords } from '@/features/activity/i18n';
import { undoneQuery } from '../api';

/** The undone-task badge of the top bar (spec 001 sections 7.2 and 9: at most 99 shown). */
export function TaskBadge() {
  const { t } = useActivityWords();
  const navigate = useNavigate();
  const undone = useQuery(undoneQuery());
  const count = undone.data?.undoneTaskNum ?? 0;
  const label = t('activity.badge');
  return (
    <Tooltip title={label}>
      <Badge count={count} overflowCount={ACTIVITY_LIMITS.badgeMax} size="small" data-testid="task-badge">
        <Button type="text" shape="circle" icon={<ScheduleOutlined />} aria-label={`${label} ${count}`} onClick={() => void navigate('/task/today')} />
      </Badge>
    </Tooltip>
  );
}
