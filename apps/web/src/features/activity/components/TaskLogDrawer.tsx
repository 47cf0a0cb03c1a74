import { useQuery } from '@tanstack/react-query';
import { Drawer, Timeline } from 'antd';
import type { TaskItem } from '@field-portal/shared';
import { useActivityWords, type ActivityLabelKey } from '@/features/activity/i18n';
import { taskLogQuery } from '../api';
import { formatTime } from '@/lib/format';
import { useCodes } from './codes';

/** A task's log in a side drawer (the task table loads this module the first time a log is opened). */
export function TaskLogDrawer({ task, onClose }: { task: TaskItem | null; onClose: () => void }) {
  const { t } = useActivityWords();
  return (
    <Drawer title={`${t('activity.task.log')} · ${task?.title ?? ''}`} open={task !== null} onClose={onClose} size={420}>
      {task ? <TaskLog taskId={task.id} /> : null}
    </Drawer>
  );
}

function TaskLog({ taskId }: { taskId: number }) {
  const { t } = useActivityWords();
  const codes = useCodes();
  const log = useQuery(taskLogQuery(taskId));
  return (
    <Timeline
      items={(log.data ?? []).map((row) => ({
        key: row.id,
        content: (
          <div data-testid="task-log-row">
            <strong>{t(`activity.log.${row.action}` as ActivityLabelKey)}</strong> · {row.actor.name} · {formatTime(row.at)}
            {row.action === 'forward' ? (
              <div>{`${row.from?.name ?? ''} → ${row.to?.name ?? ''}${row.detail.reason ? ` (${String(row.detail.reason)})` : ''}`}</div>
            ) : null}
            {row.action === 'status' || row.action === 'visit' ? (
              <div>{`${codes.taskStatus(Number(row.detail.from))} → ${codes.taskStatus(Number(row.detail.to))}`}</div>
            ) : null}
          </div>
        ),
      }))}
    />
  );
}
