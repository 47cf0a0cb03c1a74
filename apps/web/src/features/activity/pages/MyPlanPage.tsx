import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Calendar, Card, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { isDoctorOutOfScope, message, type TaskItem, type VisitItem } from '@field-portal/shared';
import { OutOfScopeDoctor } from '@/components/OutOfScopeDoctor';
import { useActivityWords } from '@/features/activity/i18n';
import { calendarQuery } from '../api';
import { planCell } from '../plan-cell';
import { formatTime } from '@/lib/format';
import { useCodes } from '../components/codes';
import { TaskTable } from '../components/TaskTable';
import { useRecordVisit } from './TaskListPages';
import '../activity.css';

/** The 6 weeks the month view shows. */
function gridOf(month: Dayjs): { start: number; end: number } {
  const first = month.startOf('month').startOf('week');
  return { start: first.valueOf(), end: first.add(42, 'day').valueOf() };
}

/**
 * The calendar's year and month, each a select named by what it picks: antd's own header gives its
 * selects no name (WCAG 4.1.2, docs/decisions/0044).
 */
function PlanCalendarHeader({ value, onChange }: { value: Dayjs; onChange: (day: Dayjs) => void }) {
  const { t, lang } = useActivityWords();
  const monthName = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en', { month: 'short' });
  const years = Array.from({ length: 21 }, (_, k) => value.year() - 10 + k);
  return (
    <Space className="fp-plan-calendar-header">
      <Select
        aria-label={t('activity.myPlan.year')}
        value={value.year()}
        onChange={(year) => onChange(value.year(year))}
        options={years.map((year) => ({ value: year, label: String(year) }))}
        style={{ width: 96 }}
      />
      <Select
        aria-label={t('activity.myPlan.month')}
        value={value.month()}
        onChange={(month) => onChange(value.month(month))}
        options={Array.from({ length: 12 }, (_, month) => ({ value: month, label: monthName.format(new Date(2000, month, 1)) }))}
        style={{ width: 96 }}
      />
    </Space>
  );
}

/** /task/myPlan: a calendar of the caller's tasks (planned visits among them) and visit records. */
export function MyPlanPage() {
  const { t, lang } = useActivityWords();
  // An entry is cut to its day's width; its whole text is its title.
  const doctorText = (doctor: TaskItem['doctor']) =>
    doctor === null ? '' : isDoctorOutOfScope(doctor) ? message('dataScope.doctorOutOfScope', lang) : doctor.name;
  const codes = useCodes();
  const navigate = useNavigate();
  const record = useRecordVisit();
  const [selected, setSelected] = useState(() => dayjs());
  const range = gridOf(selected);
  const data = useQuery(calendarQuery(range.start, range.end));
  const tasks = data.data?.tasks ?? [];
  const visits = data.data?.visits ?? [];
  const sameDay = (iso: string, day: Dayjs) => dayjs(iso).isSame(day, 'day');

  return (
    <Card
      className="fp-activity-screen"
      title={t('activity.myPlan.tasks')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/task/newRecord/activityPlan')}>
          {t('activity.myPlan.new')}
        </Button>
      }
    >
      <Calendar
        value={selected}
        onChange={(day) => setSelected(day)}
        headerRender={({ value, onChange }) => <PlanCalendarHeader value={value} onChange={onChange} />}
        cellRender={(day, info) => {
          if (info.type !== 'date') return info.originNode;
          const dayTasks = tasks.filter((task) => sameDay(task.dueTime, day));
          const dayVisits = visits.filter((v) => sameDay(v.visitTime, day));
          if (dayTasks.length + dayVisits.length === 0) return null;
          const { tasks: shownTasks, visits: shownVisits, more } = planCell(dayTasks, dayVisits);
          return (
            <ul className="fp-activity-cell" data-testid={`plan-${day.format('YYYY-MM-DD')}`}>
              {shownTasks.map((task) => (
                <li key={`t${task.id}`} className="is-task" title={[doctorText(task.doctor), task.title].filter(Boolean).join(' · ')}>
                  {task.doctor === null ? (
                    ''
                  ) : isDoctorOutOfScope(task.doctor) ? (
                    <>
                      <OutOfScopeDoctor /> ·{' '}
                    </>
                  ) : (
                    `${task.doctor.name} · `
                  )}
                  {task.title}
                </li>
              ))}
              {shownVisits.map((v) => (
                <li key={`v${v.id}`} className="is-visit" title={`${doctorText(v.doctor)} · ${codes.channel(v.channel)}`}>
                  {isDoctorOutOfScope(v.doctor) ? <OutOfScopeDoctor /> : v.doctor.name} · {codes.channel(v.channel)}
                </li>
              ))}
              {more > 0 ? <li className="is-more">{t('activity.myPlan.more', { count: more })}</li> : null}
            </ul>
          );
        }}
      />
      <h3>{selected.format('YYYY-MM-DD')}</h3>
      <TaskTable tasks={tasks.filter((task) => sameDay(task.dueTime, selected))} loading={data.isFetching} onRecord={record} />
      <Table<VisitItem>
        className="fp-activity-timeline"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={visits.filter((v) => sameDay(v.visitTime, selected))}
        columns={[
          { title: t('activity.visit.time'), dataIndex: 'visitTime', render: (value: string) => formatTime(value) },
          { title: t('activity.visit.doctor'), key: 'doctor', render: (_, v) => (isDoctorOutOfScope(v.doctor) ? <OutOfScopeDoctor /> : v.doctor.name) },
          { title: t('activity.visit.channel'), dataIndex: 'channel', render: codes.channel },
          {
            title: t('activity.visit.status'),
            dataIndex: 'status',
            render: (s: number) => <Tag color={s === 1 ? 'green' : 'orange'}>{codes.visitStatus(s)}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
