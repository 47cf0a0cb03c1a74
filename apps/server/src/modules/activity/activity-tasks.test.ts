import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  taskBadgeText,
  type ActivityPage,
  type ClassificationCount,
  type PrincipalItem,
  type TaskItem,
  type TaskLogItem,
  type TaskRecordRow,
} from '@field-portal/shared';
import { callers, expectFieldError, ok, signIn, userIds } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['rep01', 'rep02', 'rep05', 'mgr01', 'mgr02', 'operator', 'msl01'], tokens);
  Object.assign(ids, await userIds(h));
});
afterAll(async () => h?.close());

const P = API.activity;
const { get, post } = callers(() => h, tokens);
const expectError = expectFieldError;
const tomorrow = () => h.clock.now() + 86_400_000;
const countTasks = async () => Number((await h.database.query<{ n: string }>(`select count(*) as n from tasks`))[0]!.n);

describe('tasks (spec 001 sections 2.4 and 7.5)', () => {
  it('creates a task for a principal, writes the log and raises the principal’s undone count', async () => {
    const before = ok<{ undoneTaskNum: number }>(await get('rep02', P.undoneTaskNum, { username: 'rep02' })).undoneTaskNum;
    const task = ok<TaskItem>(
      await post('mgr02', P.createTask, {
        title: '拜访心内科主任',
        body: '带上新版资料',
        classification: 'visit',
        principalId: ids.rep02!,
        dueTime: new Date(tomorrow()).toISOString(),
        priority: 2,
      }),
    );
    expect(task).toMatchObject({ title: '拜访心内科主任', body: '带上新版资料', classification: 'visit', status: 0, priority: 2, forwards: 0, doctor: null });
    expect(task.principal).toMatchObject({ id: ids.rep02!, username: 'rep02', name: '代表2' });
    expect(task.creator.username).toBe('mgr02');
    expect(ok<{ undoneTaskNum: number }>(await get('rep02', P.undoneTaskNum)).undoneTaskNum).toBe(before + 1);
    const log = ok<TaskLogItem[]>(await get('rep02', P.getTaskLog, { taskId: task.id }));
    expect(log.map((l) => [l.action, l.actor.username, l.to?.username])).toEqual([['create', 'mgr02', 'rep02']]);
    // It shows in the principal's list and the creator's "created" list.
    const mine = ok<ActivityPage<TaskItem>>(await get('rep02', P.queryTask, { view: 'mine' }));
    expect(mine.list.map((t) => t.id)).toContain(task.id);
    const created = ok<ActivityPage<TaskItem>>(await get('mgr02', P.queryTask, { view: 'created' }));
    expect(created.list[0]!.id).toBe(task.id);
  });

  it('refuses a task without a principal, without a title, with a disabled principal: the field named, nothing stored', async () => {
    const n = await countTasks();
    const due = new Date(tomorrow()).toISOString();
    expectError(await post('rep01', P.createTask, { title: 'x', dueTime: due }, 'en'), 400, 'activity.principalRequired', 'en', 'principalId');
    expectError(await post('rep01', P.createTask, { title: '  ', principalId: ids.rep01!, dueTime: due }), 400, 'activity.titleRequired', 'zh', 'title');
    expectError(await post('rep01', P.createTask, { principalId: ids.rep01!, dueTime: due }), 400, 'activity.titleRequired', 'zh', 'title');
    expectError(await post('rep01', P.createTask, { title: 'x', principalId: ids.rep01! }), 400, 'activity.dueRequired', 'zh', 'dueTime');
    expectError(await post('rep01', P.createTask, { title: 'x', principalId: ids.rep01!, dueTime: 'soon' }), 400, 'activity.timeInvalid', 'zh', 'dueTime');
    expectError(await post('rep01', P.createTask, { title: 'x', principalId: 999_999, dueTime: due }), 400, 'activity.principalInvalid', 'zh', 'principalId');
    await h.database.query(`update users set enabled = false where username = 'msl01'`);
    expectError(
      await post('rep01', P.createTask, { title: 'x', principalId: ids.msl01!, dueTime: due }, 'en'),
      400,
      'activity.principalInvalid',
      'en',
      'principalId',
    );
    await h.database.query(`update users set enabled = true where username = 'msl01'`);
    expectError(await post('rep01', P.createTask, { title: 'x', principalId: ids.rep01!, dueTime: due, owner: 1 }), 400, 'field.unknown', 'zh', 'owner');
    expect(await countTasks()).toBe(n);
  });

  it('forwards a task: the principal changes, the chain is in the log, a disabled or own target is refused', async () => {
    const task = ok<TaskItem>(await post('mgr01', P.createTask, { title: '跟进学术会议邀请', principalId: ids.rep01!, dueTime: tomorrow() }));
    // Only the principal forwards.
    expectError(await post('mgr01', P.taskForward, { id: task.id, toUserId: ids.rep05! }), 403, 'activity.taskNotPrincipal');
    expectError(await post('rep01', P.taskForward, { id: task.id, toUserId: ids.rep01! }), 400, 'activity.forwardSelf', 'zh', 'toUserId');
    await h.database.query(`update users set enabled = false where username = 'msl01'`);
    expectError(await post('rep01', P.taskForward, { id: task.id, toUserId: ids.msl01! }, 'en'), 400, 'activity.forwardTargetInvalid', 'en', 'toUserId');
    await h.database.query(`update users set enabled = true where username = 'msl01'`);
    expect(ok<TaskItem>(await get('rep01', P.taskById, { id: task.id })).principal.username).toBe('rep01');

    const first = ok<TaskItem>(await post('rep01', P.taskForward, { id: task.id, toUserId: ids.rep05!, reason: '区域调整' }));
    expect(first).toMatchObject({ forwards: 1, principal: { username: 'rep05' } });
    const second = ok<TaskItem>(await post('rep05', P.taskForward, { id: task.id, toUserId: ids.msl01! }));
    expect(second).toMatchObject({ forwards: 2, principal: { username: 'msl01' } });
    // The one who forwarded it away can no longer forward it, but still sees it and its log.
    expectError(await post('rep01', P.taskForward, { id: task.id, toUserId: ids.rep02! }), 403, 'activity.taskNotPrincipal');
    const log = ok<TaskLogItem[]>(await get('rep01', P.getTaskLog, { taskId: task.id }));
    const chain = log.filter((l) => l.action === 'forward').map((l) => [l.from?.username, l.to?.username, l.detail.reason]);
    expect(chain).toEqual([
      ['rep01', 'rep05', '区域调整'],
      ['rep05', 'msl01', ''],
    ]);
    // Someone outside the chain gets 404.
    expectError(await get('rep02', P.getTaskLog, { taskId: task.id }), 404, 'request.notFound');
    expectError(await get('rep02', P.taskById, { id: task.id }), 404, 'request.notFound');
  });

  it('updates a task (creator only), logs the changes, and refuses edits once done', async () => {
    const task = ok<TaskItem>(await post('mgr01', P.createTask, { title: '旧标题', principalId: ids.rep05!, dueTime: tomorrow() }));
    expectError(await post('rep05', P.updateTask, { id: task.id, title: '改' }), 403, 'activity.taskNotCreator');
    const updated = ok<TaskItem>(await post('mgr01', P.updateTask, { id: task.id, title: '新标题', priority: 0 }));
    expect(updated).toMatchObject({ title: '新标题', priority: 0 });
    const status = ok<TaskItem>(await post('rep05', P.updateTaskStatus, { id: task.id, status: 1 }));
    expect(status.status).toBe(1);
    ok<TaskItem>(await post('rep05', P.updateTaskStatus, { id: task.id, status: 2 }));
    expectError(await post('mgr01', P.updateTask, { id: task.id, title: '再改' }), 409, 'activity.taskClosed', 'zh', 'status');
    expectError(await post('rep01', P.updateTaskStatus, { id: task.id, status: 0 }), 404, 'request.notFound');
    expectError(await post('rep05', P.updateTaskStatus, { id: task.id, status: 7 }), 400, 'field.invalid', 'zh', 'status');
    const log = ok<TaskLogItem[]>(await get('mgr01', P.getTaskLog, { taskId: task.id }));
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'status', 'status']);
    expect(log[1]!.detail).toEqual({ changes: { title: ['旧标题', '新标题'], priority: [1, 0] } });
    expect(log.slice(2).map((l) => l.detail)).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
    // The push log is a log row too.
    const pushed = ok<TaskLogItem[]>(await post('mgr01', P.jvisaTaskPushLog, { taskId: task.id, channel: 'wxwork' }));
    expect(pushed.at(-1)).toMatchObject({ action: 'push', detail: { channel: 'wxwork' }, to: { username: 'rep05' } });
  });

  it('answers the calendar range, the classifications, today and keyset pages', async () => {
    const start = h.clock.now() + 10 * 86_400_000;
    const made: number[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        ok<TaskItem>(
          await post('rep02', P.createTask, { title: `日历 ${i}`, principalId: ids.rep02!, dueTime: start + i * 3_600_000, classification: 'survey' }),
        ).id,
      );
    const range = ok<TaskItem[]>(await get('rep02', P.queryTimeFrameTask, { start, end: start + 3 * 3_600_000 }));
    expect(range.map((t) => t.id)).toEqual(made.slice(0, 3));
    expectError(await get('rep02', P.queryTimeFrameTask, { start, end: start - 1 }), 400, 'activity.rangeInvalid', 'zh', 'end');
    expectError(await get('rep02', P.queryTimeFrameTask, { start, end: start + 63 * 86_400_000 }, 'en'), 400, 'activity.rangeTooLong', 'en', 'end', {
      days: 62,
    });
    const classes = ok<ClassificationCount[]>(await get('rep02', P.getClassificationTask));
    expect(classes.map((c) => c.classification)).toEqual(['visit', 'followUp', 'meeting', 'survey', 'other']);
    expect(classes.find((c) => c.classification === 'survey')).toMatchObject({ total: 5, undone: 5 });
    // Pages of 2 walk every survey task once, in due order.
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: ActivityPage<TaskItem> = ok(await get('rep02', P.queryTask, { classification: 'survey', size: 2, ...(cursor ? { cursor } : {}) }));
      expect(page.total).toBe(5);
      seen.push(...page.list.map((t) => t.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made);
    expectError(await get('rep02', P.queryTask, { cursor: 'bm9wZQ' }), 400, 'page.cursorInvalid', 'zh', 'cursor');
    // Today: the demo task due today for rep01, not the one due in two days.
    const today = ok<ActivityPage<TaskItem>>(await get('rep01', P.queryTask, { view: 'today' }));
    expect(today.list.map((t) => t.title)).toContain('整理本月拜访总结');
    expect(today.list.map((t) => t.title)).not.toContain('准备科室会资料');
  });

  it('the badge count is the caller’s own, capped at 99 on display', async () => {
    expectError(await get('rep01', P.undoneTaskNum, { username: 'rep02' }), 403, 'activity.usernameMismatch');
    const n = ok<{ undoneTaskNum: number }>(await get('operator', P.undoneTaskNum)).undoneTaskNum;
    expect(n).toBe(0);
    await h.database.query(
      `insert into tasks (title, principal_id, creator_id, due_at) select 'bulk ' || g, $1, $1, now() + interval '1 day' from generate_series(1, 120) g`,
      [ids.operator!],
    );
    const many = ok<{ undoneTaskNum: number }>(await get('operator', P.undoneTaskNum)).undoneTaskNum;
    expect(many).toBe(120);
    expect(taskBadgeText(many)).toBe('99+');
    expect(taskBadgeText(99)).toBe('99');
    expect(taskBadgeText(0)).toBe('');
  });

  it('lists principals and the manager views of the team', async () => {
    const found = ok<PrincipalItem[]>(await get('rep01', P.getPrincipal, { keyword: 'rep0' }));
    expect(found.map((p) => p.username)).toContain('rep05');
    expect(found.map((p) => p.username)).not.toContain('admin');
    // mgr01 leads North: rep01 and rep05.
    const rows = ok<TaskRecordRow[]>(await get('mgr01', P.taskRecord));
    expect(rows.map((r) => r.user.username)).toEqual(['mgr01', 'rep01', 'rep05']);
    const rep01 = rows.find((r) => r.user.username === 'rep01')!;
    const [counts] = await h.database.query<{ total: number; done: number }>(
      `select count(*)::int as total, count(*) filter (where status = 2)::int as done from tasks where principal_id = $1`,
      [ids.rep01!],
    );
    expect(rep01).toMatchObject({ total: counts!.total, done: counts!.done });
    const detail = ok<ActivityPage<TaskItem>>(await get('mgr01', P.taskRecordDetail, { userId: ids.rep01! }));
    expect(detail.total).toBe(counts!.total);
    expectError(await get('mgr01', P.taskRecordDetail, { userId: ids.rep02! }), 403, 'activity.notTeamMember', 'zh', 'userId');
    expectError(await get('rep01', P.taskRecordDetail, { userId: ids.rep05! }), 403, 'activity.notTeamMember', 'zh', 'userId');
    // A manager sees a team member's task.
    const [task] = await h.database.query<{ id: number }>(`select id from tasks where principal_id = $1 and creator_id = $1 limit 1`, [ids.rep01!]);
    expect(ok<TaskItem>(await get('mgr01', P.taskById, { id: task!.id })).principal.username).toBe('rep01');
    expectError(await get('mgr02', P.taskById, { id: task!.id }), 404, 'request.notFound');
  });

  it('is refused to a signed-in user without the task menus, and to no one signed in', async () => {
    expectError(await get('operator', P.queryTask), 403, 'auth.forbidden');
    expectError(await post('operator', P.createTask, { title: 'x', principalId: ids.rep01!, dueTime: tomorrow() }), 403, 'auth.forbidden');
    expectError(await get('operator', P.taskRecord), 403, 'auth.forbidden');
    const anon = await h.app.inject({ method: 'GET', url: P.queryTask });
    expect(anon.statusCode).toBe(401);
  });
});
