import { dataCells } from '@/lib/data-text';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Table } from 'antd';
import { isDoctorOutOfScope, type TaskItem, type TaskRecordRow } from '@field-portal/shared';
import { usePageTitle } from '@/lib/session/page-title';
import { useActivityWords } from '@/features/activity/i18n';
import { taskPagesQuery, taskRecordDetailQuery, taskRecordQuery } from '../api';
import { TaskTable } from '../components/TaskTable';
import '../activity.css';
import { DataText } from '@/components/DataText';
import { loadedRows, type CursorPages } from '@/components/paging';

/** Opens the doctor's business record with the visit form for a planned-visit task. */
export function useRecordVisit() {
  const navigate = useNavigate();
  return (task: TaskItem) => {
    // No doctor, or one outside the reader's scope: there is no record to open.
    if (!task.doctor || isDoctorOutOfScope(task.doctor)) return;
    void navigate(`/customer/businessRecord/${task.doctor.id}/${encodeURIComponent(task.doctor.name)}?taskId=${task.id}`);
  };
}

/** A task list as its table shows it: the tasks read so far, and Load more while there are more. */
function pagedTasks(list: CursorPages<TaskItem>) {
  const { rows, ...rest } = loadedRows(list);
  return { tasks: rows, ...rest };
}

/** /task/today: the caller's tasks due today and the overdue ones still open. */
export function TodayPage() {
  const { t } = useActivityWords();
  const pageTitle = usePageTitle(t('activity.myPlan.tasks'));
  const list = pagedTasks(useInfiniteQuery(taskPagesQuery('today')));
  const record = useRecordVisit();
  return (
    <Card className="fp-activity-screen" title={pageTitle}>
      <TaskTable {...list} onRecord={record} />
    </Card>
  );
}

/** /task/taskMineCreate: the tasks the caller created, newest first. */
export function TaskMineCreatePage() {
  const { t } = useActivityWords();
  const pageTitle = usePageTitle(t('activity.task.creator'));
  const list = pagedTasks(useInfiniteQuery(taskPagesQuery('created')));
  return (
    <Card className="fp-activity-screen" title={pageTitle}>
      <TaskTable {...list} actions={false} />
    </Card>
  );
}

/** /task/taskRecord: task figures of the caller and each member of their team. */
export function TaskRecordPage() {
  const { t } = useActivityWords();
  const pageTitle = usePageTitle(t('activity.team.member'));
  const navigate = useNavigate();
  const rows = useQuery(taskRecordQuery());
  return (
    <Card className="fp-activity-screen" title={pageTitle}>
      <Table<TaskRecordRow>
        rowKey={(r) => r.user.id}
        size="middle"
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        pagination={false}
        columns={[
          { title: t('activity.team.member'), key: 'user', ...dataCells, render: (_, r) => `${r.user.name} (${r.user.username})` },
          { title: t('activity.record.total'), dataIndex: 'total' },
          { title: t('activity.record.undone'), dataIndex: 'undone' },
          { title: t('activity.record.done'), dataIndex: 'done' },
          { title: t('activity.record.overdue'), dataIndex: 'overdue' },
          {
            title: '',
            key: 'detail',
            render: (_, r) => (
              <Button type="link" onClick={() => void navigate(`/task/taskRecordDetail?userId=${r.user.id}&name=${encodeURIComponent(r.user.name)}`)}>
                {t('activity.record.detail')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** /task/taskRecordDetail?userId=: one member's tasks. */
export function TaskRecordDetailPage() {
  const [params] = useSearchParams();
  const userId = Number(params.get('userId'));
  const list = pagedTasks(useInfiniteQuery({ ...taskRecordDetailQuery(userId), enabled: userId > 0 }));
  return (
    <Card className="fp-activity-screen" title={<DataText>{params.get('name') ?? ''}</DataText>}>
      <TaskTable {...list} actions={false} />
    </Card>
  );
}
