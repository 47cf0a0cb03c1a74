import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  message,
  type ActivityPage,
  type CallItem,
  type MeetingAttendee,
  type MeetingDetail,
  type MeetingMailResult,
  type MeetingReport,
  type TaskItem,
  type TaskLogItem,
  type VisitItem,
} from '@field-portal/shared';
import { callers, expectFieldError, ok, signIn, userIds, type Answer } from './api.js';
import { createHarness, type Harness } from './harness.js';

/**
 * Issue 30, items 1 and 2 (docs/decisions/0036): wherever an answer names a doctor, the doctor is
 * named in the READER's data scope. rep01 sees 上海市 and 浙江省, rep03 广东省; mgr01, mkt01 and admin
 * see every doctor. Doctor 1121 practises in 云南省. Each answer read by rep01 must say only that a
 * doctor outside its scope is concerned: no name, hospital, department or id.
 */

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const A = API.activity;
const M = API.meetings;
const MARKER = { outOfScope: true };
const YUNNAN_DOCTOR = 1121;

interface DoctorFacts {
  id: number;
  name: string;
  hospital: string;
  department: string;
}
let yunnan: DoctorFacts;
/** Doctors in rep01's scope (上海市), in other departments and hospitals than doctor 1121. */
let shanghai: DoctorFacts[] = [];

async function facts(where: string, params: unknown[], limit: number): Promise<DoctorFacts[]> {
  return h.database.query<DoctorFacts>(
    `select d.id, d.name, h.name as hospital, coalesce(d2.name, d1.name) as department
       from doctors d join hospitals h on h.id = d.hospital_id join regions r on r.code = d.province_code and r.level = 1
       left join departments d1 on d1.code = d.dept1_code left join departments d2 on d2.code = d.dept2_code
      where ${where} order by d.id limit ${limit}`,
    params,
  );
}

beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['mgr01', 'rep01', 'rep03', 'mkt01', 'admin'], tokens);
  Object.assign(ids, await userIds(h));
  [yunnan] = (await facts(`d.id = $1 and r.name = '云南省'`, [YUNNAN_DOCTOR], 1)) as [DoctorFacts];
  expect(yunnan, 'the demo doctor 1121 practises in 云南省').toBeDefined();
  shanghai = await facts(`r.name = '上海市' and d.dept1_code <> (select dept1_code from doctors where id = $1)`, [YUNNAN_DOCTOR], 4);
  expect(shanghai.length).toBe(4);
}, 600_000);
afterAll(async () => h?.close());

const { get, post, headers } = callers(() => h, tokens);
const tomorrow = () => h.clock.now() + 86_400_000;

/** rep01's territory gains 云南省 for the time of `during` (a territory change), then loses it again. */
async function withYunnan<T>(during: () => Promise<T>): Promise<T> {
  await h.database.query(`insert into data_permissions (user_id, permission_type, permission_value) values ($1, 'province', '云南省')`, [ids.rep01]);
  try {
    return await during();
  } finally {
    await h.database.query(`delete from data_permissions where user_id = $1 and permission_type = 'province' and permission_value = '云南省'`, [ids.rep01]);
  }
}

/** The answer names nothing of doctor 1121: not its name, hospital or department. */
function namesNothingOf(res: Answer, doctor: DoctorFacts = yunnan) {
  expect(res.body).not.toContain(doctor.name);
  expect(res.body).not.toContain(doctor.hospital);
  expect(res.body).not.toContain(doctor.department);
}

describe('tasks name their doctor in the reader’s scope', () => {
  let task: TaskItem;
  beforeAll(async () => {
    // Written while rep01's territory held 云南省; the task now names a doctor rep01 may not see.
    task = await withYunnan(async () => {
      const made = ok<TaskItem>(
        await post('mgr01', A.createTask, {
          title: '拜访昆明的主任',
          principalId: ids.rep01!,
          dueTime: tomorrow(),
          doctorId: shanghai[0]!.id,
          classification: 'visit',
        }),
      );
      return ok<TaskItem>(await post('mgr01', A.updateTask, { id: made.id, doctorId: YUNNAN_DOCTOR }));
    });
  });

  it('findById: the principal reads the marker, the creator (scope all) the doctor', async () => {
    const res = await get('rep01', A.taskById, { id: task.id });
    expect(ok<TaskItem>(res).doctor).toEqual(MARKER);
    namesNothingOf(res);
    expect(ok<TaskItem>(await get('mgr01', A.taskById, { id: task.id })).doctor).toMatchObject({
      id: YUNNAN_DOCTOR,
      name: yunnan.name,
      hospitalName: yunnan.hospital,
    });
  });

  it('queryTask and queryTimeFrameTask: the row stays, with the marker', async () => {
    const page = await get('rep01', A.queryTask, { view: 'mine', size: 100 });
    expect(ok<ActivityPage<TaskItem>>(page).list.find((t) => t.id === task.id)?.doctor).toEqual(MARKER);
    namesNothingOf(page);
    const range = await get('rep01', A.queryTimeFrameTask, { start: h.clock.now(), end: tomorrow() + 3_600_000 });
    expect(ok<TaskItem[]>(range).find((t) => t.id === task.id)?.doctor).toEqual(MARKER);
    namesNothingOf(range);
  });

  it('getTaskLog: a changed doctor outside the scope is the marker, one inside keeps its id', async () => {
    const res = await get('rep01', A.getTaskLog, { taskId: task.id });
    const update = ok<TaskLogItem[]>(res).find((l) => l.action === 'update')!;
    expect(update.detail).toEqual({ changes: { doctorId: [shanghai[0]!.id, MARKER] } });
    expect(JSON.stringify(ok<TaskLogItem[]>(res))).not.toContain(String(YUNNAN_DOCTOR));
    const asCreator = ok<TaskLogItem[]>(await get('mgr01', A.getTaskLog, { taskId: task.id })).find((l) => l.action === 'update')!;
    expect(asCreator.detail).toEqual({ changes: { doctorId: [shanghai[0]!.id, YUNNAN_DOCTOR] } });
  });

  it('taskForward: refused to someone outside whose scope the doctor lies, naming the field; the forwarder reads the marker', async () => {
    expectFieldError(await post('rep01', A.taskForward, { id: task.id, toUserId: ids.rep03! }), 400, 'activity.forwardDoctorOutsideScope', 'zh', 'toUserId');
    expectFieldError(
      await post('rep01', A.taskForward, { id: task.id, toUserId: ids.rep03! }, 'en'),
      400,
      'activity.forwardDoctorOutsideScope',
      'en',
      'toUserId',
    );
    expect(ok<TaskItem>(await get('mgr01', A.taskById, { id: task.id })).principal.username).toBe('rep01');
    const res = await post('rep01', A.taskForward, { id: task.id, toUserId: ids.mgr01!, reason: '区域调整' });
    expect(ok<TaskItem>(res)).toMatchObject({ principal: { username: 'mgr01' }, doctor: MARKER });
    namesNothingOf(res);
  });
});

describe('a task is written only about a doctor its principal may see', () => {
  const count = async () => Number((await h.database.query<{ n: string }>(`select count(*) as n from tasks`))[0]!.n);

  it('createTask: mgr01 (scope all) for rep01 about a 云南省 doctor, rep01 for rep03 about a 上海市 doctor: 400 naming doctorId, nothing stored', async () => {
    const n = await count();
    expectFieldError(
      await post('mgr01', A.createTask, { title: 'x', principalId: ids.rep01!, dueTime: tomorrow(), doctorId: YUNNAN_DOCTOR }),
      400,
      'activity.doctorOutsidePrincipalScope',
      'zh',
      'doctorId',
    );
    expectFieldError(
      await post('rep01', A.createTask, { title: 'x', principalId: ids.rep03!, dueTime: tomorrow(), doctorId: shanghai[1]!.id }, 'en'),
      400,
      'activity.doctorOutsidePrincipalScope',
      'en',
      'doctorId',
    );
    // The creator's own check stays: rep01 cannot name a doctor outside its own scope.
    expectFieldError(
      await post('rep01', A.createTask, { title: 'x', principalId: ids.rep01!, dueTime: tomorrow(), doctorId: YUNNAN_DOCTOR }),
      404,
      'request.notFound',
    );
    expect(await count()).toBe(n);
    // Inside both scopes it is written.
    ok<TaskItem>(await post('mgr01', A.createTask, { title: 'x', principalId: ids.rep01!, dueTime: tomorrow(), doctorId: shanghai[1]!.id }));
  });

  it('updateTask: a new principal who may not see the task’s doctor, or a doctor the principal may not see, is refused', async () => {
    const task = ok<TaskItem>(
      await post('mgr01', A.createTask, { title: '学术拜访', principalId: ids.rep01!, dueTime: tomorrow(), doctorId: shanghai[1]!.id }),
    );
    expectFieldError(
      await post('mgr01', A.updateTask, { id: task.id, principalId: ids.rep03! }),
      400,
      'activity.doctorOutsidePrincipalScope',
      'zh',
      'doctorId',
    );
    expectFieldError(
      await post('mgr01', A.updateTask, { id: task.id, doctorId: YUNNAN_DOCTOR }),
      400,
      'activity.doctorOutsidePrincipalScope',
      'zh',
      'doctorId',
    );
    expect(ok<TaskItem>(await get('mgr01', A.taskById, { id: task.id }))).toMatchObject({ principal: { username: 'rep01' }, doctor: { id: shanghai[1]!.id } });
  });
});

describe('visits and calls name their doctor in the reader’s scope', () => {
  let visit: VisitItem;
  const CALL = 'udesk-scope-0001';
  beforeAll(async () => {
    visit = await withYunnan(async () => {
      const start = h.clock.now() - 7_200_000;
      ok<CallItem>(await post('rep01', A.addCallId, { callId: CALL, doctorId: YUNNAN_DOCTOR, startTime: start, endTime: start + 90_000 }));
      return ok<VisitItem>(
        await post('rep01', A.addVisitRecord, {
          doctorId: YUNNAN_DOCTOR,
          visitTime: h.clock.now() - 3_600_000,
          channel: 'face',
          purpose: '学术交流',
          status: 1,
        }),
      );
    });
  });

  it('findVisitRecord and the visit by id: the representative’s own visit shows the marker once the doctor left the territory', async () => {
    const page = await get('rep01', A.findVisitRecord, { size: 100 });
    expect(ok<ActivityPage<VisitItem>>(page).list.find((v) => v.id === visit.id)?.doctor).toEqual(MARKER);
    namesNothingOf(page);
    const one = await get('rep01', A.findById, { id: visit.id });
    expect(ok<VisitItem>(one).doctor).toEqual(MARKER);
    namesNothingOf(one);
  });

  it('the call list and the call: the marker', async () => {
    const list = await get('rep01', A.listByCallInfo, {});
    expect(ok<ActivityPage<CallItem>>(list).list.find((c) => c.callId === CALL)?.doctor).toEqual(MARKER);
    namesNothingOf(list);
    const one = await get('rep01', A.queryInfo, { callId: CALL });
    expect(ok<CallItem>(one).doctor).toEqual(MARKER);
    namesNothingOf(one);
  });
});

describe('a meeting’s co-organiser sees and changes only attendees in its own scope', () => {
  let meetingId = 0;
  const HOUR = 3_600_000;
  beforeAll(async () => {
    const res = await post('mkt01', M.saveMeeting, {
      title: '西南心血管论坛',
      type: 'academic',
      startTime: new Date(h.clock.value + 24 * HOUR).toISOString(),
      endTime: new Date(h.clock.value + 26 * HOUR).toISOString(),
      city: '昆明',
      hospital: '会议中心',
      medicine: 'Drug A',
    });
    meetingId = ok<MeetingDetail>(res).id;
    ok(await post('mkt01', M.meetingAddAttendees, { meetingId, doctorIds: [YUNNAN_DOCTOR], role: 'speaker' }));
    ok(await post('mkt01', M.meetingAddAttendees, { meetingId, doctorIds: [shanghai[2]!.id] }));
    ok(await get('mkt01', M.meetingAddCoOrganizer, { meetingId, userId: ids.rep01! }));
    ok(await post('mkt01', M.meetingStatus, { meetingId, status: 'planned' }));
    ok(await post('mkt01', M.meetingUpdateAttendee, { meetingId, doctorId: YUNNAN_DOCTOR, attended: true, feedbackScore: 5 }));
  });

  const attendees = (list: MeetingAttendee[]) => list.map((a) => ('doctorId' in a ? { doctorId: a.doctorId, role: a.role } : { ...MARKER, role: a.role }));

  it('meetingDetail: the attendee outside the scope is a row with the marker; the owner (scope all) sees the doctor', async () => {
    const res = await get('rep01', M.meetingDetail, { meetingId });
    const detail = ok<MeetingDetail>(res);
    expect(attendees(detail.attendees)).toEqual([
      { ...MARKER, role: 'speaker' },
      { doctorId: shanghai[2]!.id, role: 'attendee' },
    ]);
    expect(detail.attendees[0]).toEqual({
      outOfScope: true,
      rsvp: 'pending',
      role: 'speaker',
      attended: true,
      checkInTime: expect.any(String),
      feedbackScore: 5,
    });
    namesNothingOf(res);
    const asOwner = ok<MeetingDetail>(await get('mkt01', M.meetingDetail, { meetingId }));
    expect(asOwner.attendees[0]).toMatchObject({ doctorId: YUNNAN_DOCTOR, doctorName: yunnan.name, hospital: yunnan.hospital });
  });

  it('meetingReport: the same rows, the figures counted from every attendee', async () => {
    const res = await get('rep01', M.meetingReport, { meetingId });
    const report = ok<MeetingReport>(res);
    expect(report).toMatchObject({ invited: 2, attended: 1, doctorsReached: 1, feedback: { count: 1, average: 5 } });
    expect(attendees(report.speakers)).toEqual([{ ...MARKER, role: 'speaker' }]);
    namesNothingOf(res);
  });

  /** The attendee sheet of a report workbook, every cell as text. */
  async function attendeeCells(bytes: Buffer): Promise<string[][]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[1]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return rows;
  }

  it('the report’s .xlsx: the marker in the doctor’s column, nothing of the doctor anywhere', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await h.app.inject({
        method: 'GET',
        url: M.meetingReportExport,
        query: { meetingId: String(meetingId) },
        headers: { ...headers('rep01'), language: lang },
      });
      expect(res.statusCode).toBe(200);
      const cells = await attendeeCells(res.rawPayload);
      expect(cells[1]![0]).toBe(message('dataScope.doctorOutOfScope', lang));
      expect(cells[2]![0]).toBe(shanghai[2]!.name);
      const text = cells.flat().join('\n');
      for (const part of [yunnan.name, yunnan.hospital, yunnan.department, String(YUNNAN_DOCTOR)]) expect(text).not.toContain(part);
    }
  });

  it('sendMeetingReportToEmail: the attached report names nothing of the doctor', async () => {
    const result = ok<MeetingMailResult>(await get('rep01', M.sendMeetingReportToEmail, { meetingId, email: 'lead@example.com' }));
    expect(result.transport).toBe('outbox');
    const eml = fs.readFileSync(path.join(h.dataDir, 'outbox', result.file!), 'utf8');
    const attachment = /Content-Disposition: attachment[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(eml)?.[1];
    expect(attachment).toBeDefined();
    const cells = await attendeeCells(Buffer.from(attachment!.replace(/\s+/g, ''), 'base64'));
    expect(cells[1]![0]).toBe(message('dataScope.doctorOutOfScope', 'zh'));
    const text = cells.flat().join('\n');
    for (const part of [yunnan.name, yunnan.hospital, yunnan.department]) expect(text).not.toContain(part);
  });

  it('meetingUpdateAttendee and meetingDeleteAttendee: 404 for the attendee outside the scope, as for a missing one; nothing changes', async () => {
    const stored = async () =>
      (
        await h.database.query<{ rsvp: string; n: string }>(
          `select rsvp, (select count(*) from meeting_attendees where meeting_id = $1) as n from meeting_attendees where meeting_id = $1 and doctor_id = $2`,
          [meetingId, YUNNAN_DOCTOR],
        )
      )[0];
    const before = await stored();
    expectFieldError(
      await post('rep01', M.meetingUpdateAttendee, { meetingId, doctorId: YUNNAN_DOCTOR, rsvp: 'declined' }),
      404,
      'meeting.attendeeNotFound',
      'zh',
      'doctorId',
    );
    expectFieldError(
      await post('rep01', M.meetingUpdateAttendee, { meetingId, doctorId: 999_999, rsvp: 'declined' }),
      404,
      'meeting.attendeeNotFound',
      'zh',
      'doctorId',
    );
    expectFieldError(
      await post('rep01', M.meetingDeleteAttendee, { meetingId, doctorId: YUNNAN_DOCTOR }, 'en'),
      404,
      'meeting.attendeeNotFound',
      'en',
      'doctorId',
    );
    expect(await stored()).toEqual(before);
    // Inside the scope the co-organiser changes the attendee.
    const changed = ok<MeetingAttendee[]>(await post('rep01', M.meetingUpdateAttendee, { meetingId, doctorId: shanghai[2]!.id, rsvp: 'accepted' }));
    expect(changed.find((a) => 'doctorId' in a && a.doctorId === shanghai[2]!.id)?.rsvp).toBe('accepted');
  });
});
