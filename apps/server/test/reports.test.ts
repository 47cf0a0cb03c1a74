import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, message, type DashboardData } from '@field-portal/shared';
import { createHarness, type Harness } from './harness.js';
import { dashboardData } from './dashboard.js';

/**
 * Every report screen's figures against a small dataset inserted here and checked by hand
 * (docs/decisions/0023): March 2020, before any demo data. The viewer rpt01 sees hospital H1 only
 * (doctors D1, D2); D3 at H2 is outside the scope, so nothing of D3 may count for rpt01.
 */

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const RANGE = { startDate: '2020-03-01', endDate: '2020-03-31' };
let teamId = 0;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);
const one = async (text: string, params: unknown[] = []) => Number(Object.values((await q(text, params))[0]!)[0]);

beforeAll(async () => {
  h = await createHarness();
  const root = await one(`select id from organisations where parent_id is null order by id limit 1`);
  teamId = await one(
    `insert into organisations (parent_id, name, name_en, code, type, grade) values ($1, '测试团队', 'Test team', 'FP-TEST', 'department', 2) returning id`,
    [root],
  );
  const rpt = await one(
    `insert into users (username, password_hash, first_name, real_name, org_id, bu_list) select 'rpt01', password_hash, '报表', '报表', $1, array['PC_All'] from users where username = 'admin' returning id`,
    [teamId],
  );
  const role = await one(`insert into roles (name, name_en, data_scope) values ('report viewer', 'report viewer', 'custom') returning id`);
  await q(
    `insert into role_menus (role_id, menu_id) select $1, m.id from menus m join menus p on p.id = m.parent_id where p.router = 'reportDownload' or m.router = 'reportDownload'`,
    [role],
  );
  await q(`insert into role_menus (role_id, menu_id) select $1, id from menus where router = 'reportDownload' on conflict do nothing`, [role]);
  await q(`insert into user_roles (user_id, role_id) values ($1, $2)`, [rpt, role]);
  const admin = await one(`select id from users where username = 'admin'`);
  const at = (day: number, hour = 10) => `2020-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+08:00`;
  const h1 = await one(
    `insert into hospitals (name, province, city, level, province_code, city_code, type, covered, created_at) values ('测试医院一', '上海市', '上海市', '3A', '310000', '310100', 'GENERAL', true, $1) returning id`,
    [at(1)],
  );
  const h2 = await one(
    `insert into hospitals (name, province, city, level, province_code, city_code, type, created_at) values ('测试医院二', '北京市', '北京市', '3B', '110000', '110100', 'TCM', $1) returning id`,
    [at(1)],
  );
  await q(`insert into data_permissions (user_id, permission_type, permission_value) values ($1, 'hospital', $2)`, [rpt, String(h1)]);
  const doctor = (name: string, hospital: number, province: string, day: number, createdBy: number | null) =>
    one(
      `insert into doctors (name, hospital_id, province_code, city_code, dept1_code, title_code, source, created_by, created_at) values ($1, $2, $3, $4, 'NEI', 'CHIEF', $5, $6, $7) returning id`,
      [name, hospital, province, province.slice(0, 3) + '100', createdBy ? 'manual' : 'import', createdBy, at(day)],
    );
  ids.d1 = await doctor('测甲', h1, '310000', 2, rpt);
  ids.d2 = await doctor('测乙', h1, '310000', 3, null);
  ids.d3 = await doctor('测丙', h2, '110000', 3, rpt);
  const visit = (doctorId: number, channel: string, day: number, seconds: number | null, effective: boolean) =>
    q(
      `insert into visit_records (user_id, doctor_id, visit_at, channel, status, duration_seconds, effective, submitted_at) values ($1, $2, $3, $4, 1, $5, $6, $3)`,
      [rpt, doctorId, at(day), channel, seconds, effective],
    );
  await visit(ids.d1, 'phone', 2, 120, true);
  await visit(ids.d1, 'face', 3, 600, true);
  await visit(ids.d2, 'video', 4, 30, false);
  await visit(ids.d2, 'online', 5, null, false);
  await visit(ids.d3, 'phone', 5, 300, true); // outside rpt01's scope
  const call = (id: string, doctorId: number, seconds: number) =>
    q(`insert into call_records (call_id, user_id, doctor_id, direction, started_at, duration_seconds) values ($1, $2, $3, 'out', $4, $5)`, [
      id,
      rpt,
      doctorId,
      at(6),
      seconds,
    ]);
  await call('rpt-call-1', ids.d1, 90);
  await call('rpt-call-2', ids.d2, 0);
  await call('rpt-call-3', ids.d3, 60);
  const tag = await one(`insert into tags (name, created_by) values ('报表测试标签', $1) returning id`, [admin]);
  await q(`insert into doctor_tags (tag_id, doctor_id, created_by, created_at) values ($1, $2, $3, $4), ($1, $5, $3, $4)`, [tag, ids.d1, admin, at(7), ids.d3]);
  const meeting = (title: string, city: string, status: string, day: number) =>
    one(
      `insert into meetings (title, type, status, start_time, end_time, city, owner_id, created_at, updated_at) values ($1, 'academic', $2, $3, $4, $5, $6, $3, $3) returning id`,
      [title, status, at(day), at(day, 12), city, rpt],
    );
  const m1 = await meeting('测试会议一', '测试市甲', 'held', 8);
  await meeting('测试会议二', '测试市乙', 'cancelled', 9);
  await q(
    `insert into meeting_attendees (meeting_id, doctor_id, rsvp, attended, feedback_score, added_at) values ($1, $2, 'accepted', true, 4, now()), ($1, $3, 'accepted', false, null, now()), ($1, $4, 'accepted', true, 5, now())`,
    [m1, ids.d1, ids.d2, ids.d3],
  );
  const survey = await one(
    `insert into surveys (title, schema, start_time, end_time, status, author_id, response_count, created_at, updated_at) values ('测试问卷', '{"questions":[]}', $1, $2, 'published', $3, 2, $1, $1) returning id`,
    [at(1), at(20), admin],
  );
  await q(`insert into survey_responses (survey_id, user_id, answers, created_at) values ($1, $2, '{}', $4), ($1, $3, '{}', $5)`, [
    survey,
    rpt,
    admin,
    at(10),
    at(11),
  ]);
  const article = await one(
    `insert into articles (title, body, channel, category, status, publish_time, author_id, created_at, updated_at) values ('测试文章', '<p>x</p>', 'news', 'other', 'published', $1, $2, $1, $1) returning id`,
    [at(12), admin],
  );
  await q(`insert into article_reads (article_id, user_id, first_read_at, last_read_at, read_count) values ($1, $2, $4, $4, 2), ($1, $3, $5, $5, 1)`, [
    article,
    rpt,
    admin,
    at(12, 11),
    at(13),
  ]);
  const [a, b] = rpt < admin ? [rpt, admin] : [admin, rpt];
  const conversation = await one(`insert into conversations (user_a, user_b, created_at, last_message_at) values ($1, $2, $3, $3) returning id`, [
    a,
    b,
    at(14),
  ]);
  await q(
    `insert into chat_messages (conversation_id, sender_id, recipient_id, content, created_at, read_at) values
       ($1, $2, $3, '{"type":"text","text":"周会资料已发"}', $4, $4), ($1, $3, $2, '{"type":"text","text":"收到"}', $5, null), ($1, $2, $3, '{"type":"text","text":"谢谢"}', $5, null)`,
    [conversation, rpt, admin, at(14), at(15)],
  );
  for (const username of ['admin', 'rpt01', 'operator']) tokens[username] = (await h.login(username)).access;
});
afterAll(async () => h?.close());

async function dashboard(user: string, router: string, extra: Record<string, string> = {}, lang: 'zh' | 'en' = 'zh'): Promise<DashboardData> {
  const data = await dashboardData(h, tokens[user]!, user, router, { ...RANGE, ...extra }, lang);
  expect(data.hasData).toBe(true);
  return data;
}

const kpis = (d: DashboardData) => Object.fromEntries(d.kpis.map((k) => [k.key, k.value]));
const column = (d: DashboardData, name: string) => d.table.rows.map((r) => r[d.table.columns.indexOf(name)]);
const chart = (d: DashboardData, key: string) => d.charts.find((c) => c.key === key)!;

describe('visits and calls (activity)', () => {
  it('counts visits by channel inside the scope', async () => {
    expect(kpis(await dashboard('rpt01', 'telephoneVisit'))).toEqual({
      visits: 1,
      effectiveVisits: 1,
      effectiveRate: 100,
      doctorsVisited: 1,
      reps: 1,
      avgMinutes: 2,
    });
    const video = await dashboard('rpt01', 'multimediaVisit');
    expect(kpis(video)).toMatchObject({ visits: 1, effectiveVisits: 0, avgMinutes: 0.5 });
    expect(column(video, 'doctorName')).toEqual(['测乙']);
    expect(kpis(await dashboard('rpt01', 'onlineGraphicVisit'))).toMatchObject({ visits: 1, doctorsVisited: 1 });
    const effective = await dashboard('rpt01', 'effectiveVisit');
    expect(kpis(effective)).toMatchObject({ visits: 4, effectiveVisits: 2, effectiveRate: 50, doctorsVisited: 2 });
    const perDay = chart(effective, 'visitRecordsPerDay');
    expect(perDay.categories).toHaveLength(31);
    expect(perDay.series[0]!.values.slice(0, 5)).toEqual([0, 1, 1, 1, 1]);
    expect(chart(effective, 'visitsByChannel').categories.sort()).toEqual(['face', 'online', 'phone', 'video']);
  });

  it('applies the scope and the province filter: an all-scope viewer sees the Beijing doctor too', async () => {
    expect(kpis(await dashboard('admin', 'telephoneVisit'))).toMatchObject({ visits: 2, doctorsVisited: 2 });
    expect(kpis(await dashboard('admin', 'telephoneVisit', { province: '110000' }))).toMatchObject({ visits: 1 });
    expect(kpis(await dashboard('admin', 'telephoneVisit', { bu: 'HEMA_LL' }))).toMatchObject({ visits: 0 });
  });

  it('counts calls', async () => {
    const calls = await dashboard('rpt01', 'callRecord');
    expect(kpis(calls)).toEqual({ calls: 2, connected: 1, connectRate: 50, callMinutes: 1.5, doctorsCalled: 2, callsWithVisit: 0 });
    expect(column(calls, 'callId').sort()).toEqual(['rpt-call-1', 'rpt-call-2']);
  });
});

describe('doctors (customers)', () => {
  it('reach, relations, registrations, recruits, tags, master data', async () => {
    expect(kpis(await dashboard('rpt01', 'reachDoctor'))).toEqual({
      doctorsReached: 2,
      reachRate: 100,
      reachedByVisit: 2,
      reachedByCall: 2,
      contacts: 6,
      reps: 1,
    });
    const relations = await dashboard('rpt01', 'rdRelation');
    expect(kpis(relations)).toEqual({ relations: 2, doctorsCovered: 2, reps: 1, visits: 4 });
    expect(column(relations, 'visits')).toEqual([2, 2]);
    expect(kpis(await dashboard('rpt01', 'docRegisDetail'))).toMatchObject({ registered: 2, byReps: 1, hospitals: 1 });
    const recruits = await dashboard('rpt01', 'recruitDoctor');
    expect(kpis(recruits)).toMatchObject({ recruited: 1 });
    expect(column(recruits, 'doctorName')).toEqual(['测甲']);
    expect(column(recruits, 'doctorTitle')).toEqual(['主任医师']);
    expect(kpis(await dashboard('rpt01', 'docMain'))).toMatchObject({ doctors: 2, newDoctors: 2, hospitals: 1 });
    expect(kpis(await dashboard('rpt01', 'docTagDetail'))).toEqual({ taggings: 1, doctorsTagged: 1, tagsUsed: 1 });
    const master = await dashboard('rpt01', 'masterData', {}, 'en');
    expect(kpis(master)).toMatchObject({ hospitals: 1, coveredHospitals: 1, doctors: 2 });
    expect(column(master, 'level')).toEqual(['Grade 3A']);
  });
});

describe('team indicators (goData)', () => {
  it('shows the target an administrator sets next to the actuals', async () => {
    const put = (user: string, payload: object) => h.app.inject({ method: 'PUT', url: API.analytics.teamTarget, headers: h.auth(tokens[user]!), payload });
    const target = { orgId: teamId, period: '2020-03', targetRecruit: 4, targetInteraction: 10 };
    expect((await put('operator', target)).statusCode).toBe(403);
    const bad = await put('admin', { ...target, period: '2020-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('period');
    const unknown = await put('admin', { ...target, orgId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(message('analytics.teamNotFound', 'zh'));
    expect((await put('admin', target)).statusCode).toBe(200);
    const goals = await dashboard('rpt01', 'goData');
    expect(kpis(goals)).toMatchObject({
      targetRecruit: 4,
      actualRecruit: 1,
      recruitRate: 25,
      targetInteraction: 10,
      actualInteraction: 4,
      interactionRate: 40,
    });
    const row = goals.table.rows.find((r) => r[0] === '测试团队')!;
    expect(row).toEqual(['测试团队', '2020-03', 4, 1, 25, 10, 4, 40]);
  });
});

describe('meetings, surveys, articles, chats', () => {
  it('counts meetings and their in-scope attendees', async () => {
    expect(kpis(await dashboard('rpt01', 'meeting'))).toMatchObject({ meetings: 2, heldMeetings: 1, invited: 2, attended: 1, attendanceRate: 50, avgScore: 4 });
    expect(kpis(await dashboard('admin', 'meeting'))).toMatchObject({ invited: 3, attended: 2 });
    expect(kpis(await dashboard('rpt01', 'effectiveMeeting'))).toMatchObject({ effectiveMeetings: 1 });
    expect(kpis(await dashboard('rpt01', 'meetingMasterData'))).toMatchObject({ meetings: 2, cancelledMeetings: 1 });
    const cities = await dashboard('rpt01', 'cityMeetingDetails');
    expect(kpis(cities)).toMatchObject({ cities: 2 });
    expect(cities.table.rows.map((r) => r[0]).sort()).toEqual(['测试市乙', '测试市甲']);
  });

  it('counts survey responses, articles and chat messages', async () => {
    expect(kpis(await dashboard('rpt01', 'surveyResults'))).toEqual({ responses: 2, respondents: 2, surveys: 1, publishedSurveys: 1 });
    const articles = await dashboard('rpt01', 'articleLists');
    expect(kpis(articles)).toMatchObject({ articlesPublished: 1, reads: 3, firstReadsInRange: 2 });
    const chats = await dashboard('rpt01', 'imChatLog');
    expect(kpis(chats)).toEqual({ messages: 3, messagesRead: 1, readRate: 33.3, conversations: 1, senders: 2 });
    expect(column(chats, 'message').sort()).toEqual(['周会资料已发', '收到', '谢谢'].sort());
  });
});
