import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Drawer, Space, Table, Tag, Timeline } from 'antd';
import { TASK_STATUS, type TaskItem } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { useI18n, type LabelKey } from '@/lib/i18n';
import { activityKeys, taskLogQuery, updateTaskStatus } from '../api';
import { formatTime, useCodes } from './codes';
import '@/lib/i18n/areas/activity';
import '@/lib/i18n/messages/activity';

const STATUS_COLOURS = ['blue', 'orange', 'green', 'default'];

/** A list of tasks with their status actions and log (today, my tasks, created, a member's tasks). */
export function TaskTable({ tasks, loading, actions = true, onRecord }: { tasks: TaskItem[]; loading: boolean; actions?: boolean; onRecord?: (task: TaskItem) => void }) {
  const { t, lang } = useI18n();
  const codes = useCodes();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [logOf, setLogOf] = useState<TaskItem | null>(null);

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
        locale={{ emptyText: t('activity.task.empty') }}
        columns={[
          { title: t('activity.task.title'), dataIndex: 'title', render: (title: string, task) => <span data-testid={`task-${task.id}`}>{title}</span> },
          { title: t('activity.task.classification'), dataIndex: 'classification', width: 100, render: (c: string) => codes.classification(c) },
          { title: t('activity.task.doctor'), key: 'doctor', width: 140, render: (_, task) => task.doctor?.name ?? '' },
          { title: t('activity.task.principal'), key: 'principal', width: 110, render: (_, task) => task.principal.name },
          { title: t('activity.task.due'), dataIndex: 'dueTime', width: 150, render: formatTime },
          { title: t('activity.task.priority'), dataIndex: 'priority', width: 80, render: (p: number) => codes.priority(p) },
          { title: t('activity.task.status'), dataIndex: 'status', width: 100, render: (s: number) => <Tag color={STATUS_COLOURS[s]}>{codes.taskStatus(s)}</Tag> },
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
                {actions && task.status <= TASK_STATUS.doing && task.classification === 'visit' && task.doctor && onRecord ? (
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
      <Drawer title={`${t('activity.task.log')} · ${logOf?.title ?? ''}`} open={logOf !== null} onClose={() => setLogOf(null)} size={420}>
        {logOf ? <TaskLog taskId={logOf.id} /> : null}
      </Drawer>
    </>
  );
}

function TaskLog({ taskId }: { taskId: number }) {
  const { t } = useI18n();
  const codes = useCodes();
  const log = useQuery(taskLogQuery(taskId));
  return (
    <Timeline
      items={(log.data ?? []).map((row) => ({
        key: row.id,
        content: (
          <div data-testid="task-log-row">
            <strong>{t(`activity.log.${row.action}` as LabelKey)}</strong> · {row.actor.name} · {formatTime(row.at)}
            {row.action === 'forward' ? <div>{`${row.from?.name ?? ''} → ${row.to?.name ?? ''}${row.detail.reason ? ` (${String(row.detail.reason)})` : ''}`}</div> : null}
            {row.action === 'status' || row.action === 'visit' ? <div>{`${codes.taskStatus(Number(row.detail.from))} → ${codes.taskStatus(Number(row.detail.to))}`}</div> : null}
          </div>
        ),
      }))}
    />
  );
}
