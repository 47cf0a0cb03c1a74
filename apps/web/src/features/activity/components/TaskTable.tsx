import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Space, Table, Tag } from 'antd';
import { isDoctorOutOfScope, TASK_STATUS, type TaskItem } from '@field-portal/shared';
import { OutOfScopeDoctor } from '@/components/OutOfScopeDoctor';
import { describeFailure } from '@/lib/http';
import { useActivityWords } from '@/features/activity/i18n';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import { activityKeys, updateTaskStatus } from '../api';
import { formatTime } from '@/lib/format';
import { useCodes } from './codes';
import { EmptyState } from '@/components/EmptyState';

/** The log drawer (antd's Drawer and Timeline) loads the first time a log is opened. */
const TaskLogDrawer = lazyDialog(() => import('./TaskLogDrawer').then((m) => m.TaskLogDrawer), null);

const STATUS_COLOURS = ['blue', 'orange', 'green', 'default'];

/** A list of tasks with their status actions and log (today, my tasks, created, a member's tasks). */
export function TaskTable({
  tasks,
  loading,
  actions = true,
  onRecord,
  more,
}: {
  tasks: TaskItem[];
  loading: boolean;
  actions?: boolean;
  onRecord?: (task: TaskItem) => void;
  /** Under the table: the list's 加载更多 / Load more, when there are more tasks than it shows. */
  more?: ReactNode;
}) {
  const { t, lang } = useActivityWords();
  const codes = useCodes();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [logOf, setLogOf] = useState<TaskItem | null>(null);
  const logOpened = useOpenedOnce(logOf !== null);

  const setStatus = async (task: TaskItem, status: number) => {
    try {
      await updateTaskStatus(task.id, status);
      await client.invalidateQueries({ queryKey: activityKeys.all });
    } catch (error) {
      void message.error(describeFailure(error, lang));
    }
  };

  return (
    <>
      <Table<TaskItem>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={tasks}
        pagination={false}
        locale={{ emptyText: <EmptyState description={t('activity.task.empty')} /> }}
        columns={[
          {
            title: t('activity.task.title'),
            dataIndex: 'title',
            // The one column without a width: the others are fixed, so without a floor it is squeezed to a character a line.
            minWidth: 220,
            render: (title: string, task) => <span data-testid={`task-${task.id}`}>{title}</span>,
          },
          { title: t('activity.task.classification'), dataIndex: 'classification', width: 100, render: (c: string) => codes.classification(c) },
          {
            title: t('activity.task.doctor'),
            key: 'doctor',
            width: 140,
            render: (_, task) => (task.doctor === null ? '' : isDoctorOutOfScope(task.doctor) ? <OutOfScopeDoctor /> : task.doctor.name),
          },
          { title: t('activity.task.principal'), key: 'principal', width: 110, render: (_, task) => task.principal.name },
          { title: t('activity.task.due'), dataIndex: 'dueTime', width: 150, render: (value: string) => formatTime(value) },
          { title: t('activity.task.priority'), dataIndex: 'priority', width: 80, render: (p: number) => codes.priority(p) },
          {
            title: t('activity.task.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: number) => <Tag color={STATUS_COLOURS[s]}>{codes.taskStatus(s)}</Tag>,
          },
          {
            title: '',
            key: 'actions',
            width: 260,
            render: (_, task) => (
              <Space size="small">
                {actions && task.status === TASK_STATUS.todo ? (
                  <Button size="small" onClick={() => void setStatus(task, TASK_STATUS.doing)}>
                    {t('activity.task.start')}
                  </Button>
                ) : null}
                {actions &&
                task.status <= TASK_STATUS.doing &&
                task.classification === 'visit' &&
                task.doctor &&
                !isDoctorOutOfScope(task.doctor) &&
                onRecord ? (
                  <Button size="small" type="primary" onClick={() => onRecord(task)}>
                    {t('activity.task.record')}
                  </Button>
                ) : null}
                {actions && task.status <= TASK_STATUS.doing && task.classification !== 'visit' ? (
                  <Button size="small" onClick={() => void setStatus(task, TASK_STATUS.done)}>
                    {t('activity.task.done')}
                  </Button>
                ) : null}
                <Button size="small" type="link" onClick={() => setLogOf(task)}>
                  {t('activity.task.log')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {more}
      {logOpened ? <TaskLogDrawer task={logOf} onClose={() => setLogOf(null)} /> : null}
    </>
  );
}
