import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  EFFECTIVE_MIN_SECONDS,
  isEffectiveVisit,
  type ActivityCount,
  type ActivityPage,
  type BusinessRecordItem,
  type CallItem,
  type CallMessage,
  type RecordTypeCount,
  type TaskItem,
  type TeamVisitPage,
  type VisitItem,
} from '@field-portal/shared';
import { callers, expectFieldError, namedDoctor, ok, signIn, userIds } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
/** Doctors in rep01's scope (Shanghai) and outside it (Beijing). */
let inScope: number[] = [];
let outside = 0;
beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['rep01', 'rep02', 'rep05', 'mgr01', 'mgr02', 'operator'], tokens);
  Object.assign(ids, await userIds(h));
  const province = async (name: string, n: number) =>
    (
      await h.database.query<{ id: number }>(
        `select d.id from doctors d join regions r on r.code = d.province_code and r.level = 1 where r.name = $1 order by d.id limit ${n}`,
        [name],
      )
    ).map((r) => r.id);
  inScope = await province('上海市', 60);
  outside = (await province('北京市', 1))[0]!;
  expect(inScope.length).toBe(60);
});
afterAll(async () => h?.close());

const P = API.activity;
const id = (u: string) => ids[u]!;
const { get, post } = callers(() => h, tokens);
const expectError = expectFieldError;
const count = async (table: string) => Number((await h.database.query<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);
const hourAgo = () => h.clock.now() - 3_600_000;
const visit = (doctorId: number, extra: object = {}) => ({
  doctorId,
  visitTime: hourAgo(),
  channel: 'face',
  purpose: '介绍新适应症',
  products: [{ product: 'Cardiox', keyMessages: ['降低心衰再住院率', '每日一次'] }, { product: 'Neurox' }],
  ...extra,
});

describe('the effective-visit rule (kept once, in packages/shared)', () => {
  it('needs submission, a key message on manual records, and a minute on phone and video', () => {
    const base = { status: 1, type: 0, channel: 'face' as const, durationSeconds: null, products: [{ keyMessages: ['x'] }] };
    expect(isEffectiveVisit(base)).toBe(true);
    expect(isEffectiveVisit({ ...base, status: 0 })).toBe(false);
    expect(isEffectiveVisit({ ...base, products: [{ keyMessages: [] }] })).toBe(false);
    expect(isEffectiveVisit({ ...base, channel: 'phone', durationSeconds: EFFECTIVE_MIN_SECONDS - 1 })).toBe(false);
    expect(isEffectiveVisit({ ...base, channel: 'video', durationSeconds: EFFECTIVE_MIN_SECONDS })).toBe(true);
    expect(isEffectiveVisit({ ...base, type: 1, channel: 'phone', durationSeconds: 300, products: [] })).toBe(true);
  });
});

describe('visit records (spec 001 sections 3 and 7.5)', () => {
  it('saves (status 0), edits, submits (status 1, effective stored) and then locks the record', async () => {
    const saved = ok<VisitItem>(await post('rep01', P.addVisitRecord, visit(inScope[0]!)));
    expect(saved).toMatchObject({ status: 0, type: 0, channel: 'face', effective: false, submittedAt: null, user: { username: 'rep01' } });
    expect(namedDoctor(saved.doctor).id).toBe(inScope[0]);
    expect(namedDoctor(saved.doctor).name).not.toBe('');
    expect(saved.products).toEqual([
      { product: 'Cardiox', keyMessages: ['降低心衰再住院率', '每日一次'] },
      { product: 'Neurox', keyMessages: [] },
    ]);
    const edited = ok<VisitItem>(
      await post('rep01', P.addVisitRecord, {
        ...visit(inScope[0]!),
        id: saved.id,
        feedback: '有兴趣',
        products: [{ product: 'Cardiox', keyMessages: ['每日一次'] }],
      }),
    );
    expect(edited).toMatchObject({ id: saved.id, feedback: '有兴趣', products: [{ product: 'Cardiox', keyMessages: ['每日一次'] }] });
    // Someone else cannot touch it.
    expectError(await post('rep05', P.addVisitRecord, { ...visit(inScope[0]!), id: saved.id }), 404, 'request.notFound');
    // Nor can a colleague who sees the doctor: the draft answers as an id that does not exist (issue 30).
    const colleague = await post('mgr01', P.addVisitRecord, { ...visit(inScope[0]!), id: saved.id });
    const missing = await post('mgr01', P.addVisitRecord, { ...visit(inScope[0]!), id: 2_000_000_000 });
    expectError(colleague, 404, 'request.notFound');
    expect(colleague.json()).toEqual(missing.json());
    const submitted = ok<VisitItem>(await post('rep01', P.addVisitRecord, { ...visit(inScope[0]!), id: saved.id, status: 1 }));
    expect(submitted).toMatchObject({ status: 1, effective: true });
    expect(submitted.submittedAt).not.toBeNull();
    const before = await count('visit_products');
    expectError(await post('rep01', P.addVisitRecord, { ...visit(inScope[0]!), id: saved.id, status: 1 }), 409, 'activity.visitSubmitted', 'zh', 'id');
    expectError(
      await post('rep01', P.addVisitRecord, { ...visit(inScope[0]!), id: saved.id, purpose: '改' }, 'en'),
      409,
      'activity.visitSubmitted',
      'en',
      'id',
    );
    expect(await count('visit_products')).toBe(before);
    expect(ok<VisitItem>(await get('rep01', P.findById, { id: saved.id })).purpose).toBe('介绍新适应症');
  });

  it('refuses a visit later than today, outside the scope, without a doctor or a channel: nothing stored', async () => {
    const n = await count('visit_records');
    const tomorrow = h.clock.now() + 2 * 86_400_000;
    expectError(await post('rep01', P.addVisitRecord, visit(inScope[1]!, { visitTime: tomorrow })), 400, 'activity.visitFuture', 'zh', 'visitTime');
    expectError(await post('rep01', P.addVisitRecord, visit(outside)), 404, 'request.notFound');
    expectError(await post('rep01', P.addVisitRecord, visit(999_999_999)), 404, 'request.notFound');
    const { doctorId: _d, ...noDoctor } = visit(inScope[1]!);
    expectError(await post('rep01', P.addVisitRecord, noDoctor, 'en'), 400, 'activity.doctorRequired', 'en', 'doctorId');
    expectError(await post('rep01', P.addVisitRecord, visit(inScope[1]!, { channel: 'fax' })), 400, 'activity.channelRequired', 'zh', 'channel');
    expectError(
      await post('rep01', P.addVisitRecord, visit(inScope[1]!, { products: [{ product: '' }] })),
      400,
      'activity.productRequired',
      'zh',
      'products.0.product',
    );
    expectError(await post('rep01', P.addVisitRecord, visit(inScope[1]!, { userId: id('rep05') })), 400, 'field.unknown', 'zh', 'userId');
    // A representative without any data permission sees no doctor at all.
    expectError(await post('rep05', P.addVisitRecord, visit(inScope[1]!)), 404, 'request.notFound');
    expect(await count('visit_records')).toBe(n);
  });

  it('records a group visit as one row per doctor in one transaction, or none of them', async () => {
    const doctors = inScope.slice(2, 52);
    const rows = ok<VisitItem[]>(await post('rep01', P.addVisitRecordList, { ...visit(0), doctorId: undefined, doctorIds: doctors, status: 1 }));
    expect(rows.map((r) => namedDoctor(r.doctor).id)).toEqual(doctors);
    expect(new Set(rows.map((r) => r.groupId)).size).toBe(1);
    expect(rows[0]!.groupId).not.toBeNull();
    expect(rows.every((r) => r.products.length === 2 && r.status === 1 && r.effective)).toBe(true);
    const n = await count('visit_records');
    // One doctor outside the scope: nothing is stored.
    expectError(
      await post('rep01', P.addVisitRecordList, { visitTime: hourAgo(), channel: 'face', doctorIds: [inScope[52]!, outside] }),
      404,
      'request.notFound',
    );
    expectError(
      await post('rep01', P.addVisitRecordList, { visitTime: hourAgo(), channel: 'face', doctorIds: [inScope[52]!, inScope[52]!] }),
      400,
      'activity.doctorsDuplicate',
      'zh',
      'doctorIds',
    );
    expectError(
      await post('rep01', P.addVisitRecordList, { visitTime: hourAgo(), channel: 'face', doctorIds: [] }),
      400,
      'activity.doctorsRequired',
      'zh',
      'doctorIds',
    );
    expect(await count('visit_records')).toBe(n);
  });

  it('plans visits as visit tasks, and a submitted record completes its task', async () => {
    const planned = ok<TaskItem[]>(
      await post('rep01', P.addVisitActivity, { doctorIds: [inScope[53]!, inScope[54]!], planTime: h.clock.now() + 86_400_000, channel: 'video' }),
    );
    expect(planned.map((t) => [t.classification, t.doctor && namedDoctor(t.doctor).id, t.principal.username, t.status])).toEqual([
      ['visit', inScope[53], 'rep01', 0],
      ['visit', inScope[54], 'rep01', 0],
    ]);
    expectError(await post('rep01', P.addVisitActivity, { doctorIds: [outside], planTime: h.clock.now() }), 404, 'request.notFound');
    // Another representative's task cannot be fulfilled.
    expectError(await post('rep02', P.addVisitRecord, visit(inScope[53]!, { taskId: planned[0]!.id })), 400, 'field.invalid', 'zh', 'taskId');
    const record = ok<VisitItem>(await post('rep01', P.addVisitRecord, visit(inScope[53]!, { taskId: planned[0]!.id, status: 1 })));
    expect(record.taskId).toBe(planned[0]!.id);
    const task = ok<TaskItem>(await get('rep01', P.taskById, { id: planned[0]!.id }));
    expect(task.status).toBe(2);
  });

  it('lists my records by keyset with labels converted to codes, and groups by record type', async () => {
    const all = ok<ActivityPage<VisitItem>>(await get('rep01', P.findVisitRecord, { size: 100 }));
    expect(all.list.every((v) => v.user.username === 'rep01')).toBe(true);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: ActivityPage<VisitItem> = ok(await get('rep01', P.findVisitRecord, { size: 7, ...(cursor ? { cursor } : {}) }));
      expect(page.total).toBe(all.total);
      seen.push(...page.list.map((v) => v.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.list.map((v) => v.id));
    const byLabel = ok<ActivityPage<VisitItem>>(await get('rep01', P.findVisitRecord, { status: '已提交', size: 100 }));
    const byCode = ok<ActivityPage<VisitItem>>(await get('rep01', P.findVisitRecord, { status: 1, size: 100 }));
    const byEnglish = ok<ActivityPage<VisitItem>>(await get('rep01', P.findVisitRecord, { status: 'Submitted', size: 100 }));
    expect(byLabel.list.map((v) => v.id)).toEqual(byCode.list.map((v) => v.id));
    expect(byEnglish.total).toBe(byCode.total);
    expect(byCode.list.every((v) => v.status === 1)).toBe(true);
    expectError(await get('rep01', P.findVisitRecord, { status: 'maybe' }), 400, 'field.invalid', 'zh', 'status');
    const start = h.clock.now() - 365 * 86_400_000;
    const groups = ok<RecordTypeCount[]>(await get('rep01', P.groupByRecordType, { start, end: h.clock.now() + 1000 }));
    expect(groups.map((g) => g.channel)).toEqual(['face', 'phone', 'video', 'online', 'wxwork']);
    const [face] = await h.database.query<{ total: number; submitted: number; effective: number }>(
      `select count(*)::int as total, count(*) filter (where status = 1)::int as submitted, count(*) filter (where effective)::int as effective from visit_records where user_id = $1 and channel = 'face'`,
      [id('rep01')],
    );
    expect(groups[0]).toEqual({ channel: 'face', ...face });
    expectError(await get('rep01', P.groupByRecordType, { start, end: start + 400 * 86_400_000 }), 400, 'activity.rangeTooLong', 'zh', 'end', { days: 366 });
  });
});

describe('call records (spec 001 section 7.5)', () => {
  it('records a call with its transcript; the ended call becomes a system visit that cannot be edited', async () => {
    const startTime = hourAgo();
    const call = ok<CallItem>(
      await post('rep01', P.addCallId, {
        callId: 'udesk-0001',
        doctorId: inScope[55]!,
        startTime,
        endTime: startTime + 125_000,
        messages: [
          { speaker: 'rep', text: '王主任您好,打扰两分钟。' },
          { speaker: 'doctor', text: '你说。' },
        ],
      }),
    );
    expect(call).toMatchObject({ callId: 'udesk-0001', durationSeconds: 125, visitId: null, messages: 2 });
    expectError(await post('rep01', P.addCallId, { callId: 'udesk-0001', doctorId: inScope[55]!, startTime }), 409, 'activity.callExists', 'zh', 'callId');
    expectError(await post('rep01', P.addCallId, { callId: 'udesk-0002', doctorId: outside, startTime }), 404, 'request.notFound');
    const transcript = ok<CallMessage[]>(await get('rep01', P.queryMessages, { callId: 'udesk-0001' }));
    expect(transcript.map((m) => [m.seq, m.speaker, m.text])).toEqual([
      [1, 'rep', '王主任您好,打扰两分钟。'],
      [2, 'doctor', '你说。'],
    ]);
    const made = ok<VisitItem>(await post('rep01', P.createCallVisit, { callId: 'udesk-0001' }));
    expect(made).toMatchObject({ type: 1, status: 1, channel: 'phone', durationSeconds: 125, effective: true, callId: 'udesk-0001' });
    expectError(await post('rep01', P.createCallVisit, { callId: 'udesk-0001' }), 409, 'activity.callVisitExists', 'zh', 'callId');
    expectError(await post('rep01', P.addVisitRecord, { ...visit(inScope[55]!), id: made.id }), 409, 'activity.visitSystem', 'zh', 'id');
    expect(ok<CallItem>(await get('rep01', P.queryInfo, { callId: 'udesk-0001' })).visitId).toBe(made.id);
    // A call not yet ended cannot become a visit.
    ok<CallItem>(await post('rep01', P.addCallId, { callId: 'udesk-0003', doctorId: inScope[55]!, startTime }));
    expectError(await post('rep01', P.createCallVisit, { callId: 'udesk-0003' }), 409, 'activity.callNotEnded', 'zh', 'callId');
    expectError(await post('rep01', P.createCallVisit, { callId: 'nope' }), 404, 'activity.callNotFound', 'zh', 'callId');
    const mine = ok<ActivityPage<CallItem>>(await get('rep01', P.listByCallInfo));
    expect(mine.list.map((c) => c.callId)).toEqual(['udesk-0003', 'udesk-0001'].filter((c) => mine.list.some((m) => m.callId === c)));
    // Outside the doctor's scope the call does not exist.
    expectError(await get('rep05', P.queryInfo, { callId: 'udesk-0001' }), 404, 'activity.callNotFound', 'zh', 'callId');
  });
});

describe("the doctor's business record (a view over the source tables)", () => {
  it('shows visits, calls and tasks of the doctor newest first, pages by keyset, within the scope', async () => {
    const doctor = inScope[56]!;
    ok<VisitItem>(await post('rep01', P.addVisitRecord, visit(doctor, { visitTime: h.clock.now() - 5 * 3_600_000, status: 1 })));
    ok<VisitItem>(await post('rep01', P.addVisitRecord, visit(doctor, { visitTime: h.clock.now() - 4 * 3_600_000 })));
    ok<CallItem>(await post('rep01', P.addCallId, { callId: 'udesk-0100', doctorId: doctor, startTime: h.clock.now() - 3 * 3_600_000 }));
    ok<TaskItem>(await post('rep01', P.createTask, { title: '送资料', principalId: id('rep01'), dueTime: h.clock.now() + 86_400_000, doctorId: doctor }));
    const record = ok<ActivityPage<BusinessRecordItem>>(await get('rep01', P.businessRecord, { doctorId: doctor }));
    expect(record.list.map((r) => [r.kind, r.status])).toEqual([
      ['task', 0],
      ['call', null],
      ['visit', 0],
      ['visit', 1],
    ]);
    expect(record.total).toBe(4);
    const first = ok<ActivityPage<BusinessRecordItem>>(await get('rep01', P.businessRecord, { doctorId: doctor, size: 3 }));
    const rest = ok<ActivityPage<BusinessRecordItem>>(await get('rep01', P.businessRecord, { doctorId: doctor, size: 3, cursor: first.nextCursor! }));
    expect([...first.list, ...rest.list]).toEqual(record.list);
    // A manager (scope all) sees the submitted visit and the call, not the draft nor rep01's own task.
    const manager = ok<ActivityPage<BusinessRecordItem>>(await get('mgr01', P.businessRecord, { doctorId: doctor }));
    expect(manager.list.map((r) => r.kind)).toEqual(['call', 'visit']);
    expectError(await get('rep05', P.businessRecord, { doctorId: doctor }), 404, 'request.notFound');
    expectError(await get('rep01', P.businessRecord, { doctorId: outside }), 404, 'request.notFound');
    // It is a view: a new visit shows at once.
    const view = await h.database.query<{ relkind: string }>(`select relkind from pg_class where relname = 'doctor_business_record'`);
    expect(view[0]!.relkind).toBe('v');
  });
});

describe('team interaction records (managers)', () => {
  it("pages a team's records newest first across its members, each record once, as one ordered list", async () => {
    // rep02 joins mgr01's organisation for this test, with visits to the doctors rep01 visits.
    const [org] = await h.database.query<{ id: number }>(
      `select o.id from organisations o join users m on o.leader = m.username where m.username = 'mgr01' limit 1`,
    );
    const [before] = await h.database.query<{ org_id: number | null }>(`select org_id from users where username = 'rep02'`);
    await h.database.query(`update users set org_id = $1 where username = 'rep02'`, [org!.id]);
    let added: { id: number }[] = [];
    try {
      added = await h.database.query<{ id: number }>(
        `insert into visit_records (user_id, doctor_id, visit_at, channel, status)
         select $1, v.doctor_id, v.visit_at + (g * interval '37 minutes'), v.channel, 1
           from (select doctor_id, visit_at, channel from visit_records where user_id = $2 order by id limit 3) v, generate_series(1, 4) g
         returning id`,
        [id('rep02'), id('rep01')],
      );
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 400; pages++) {
        const page = ok<ActivityPage<VisitItem>>(await get('mgr01', P.teamInteractioRecord, { size: 5, ...(cursor ? { cursor } : {}) }));
        seen.push(...page.list.map((v) => v.id));
        cursor = page.nextCursor ?? undefined;
        if (!cursor) break;
      }
      const expected = await h.database.query<{ id: number }>(
        // The team: rep01, rep05 (the demo's history) and, for now, rep02 with the visits added above.
        `select id from visit_records where user_id in ($1, $2) or id = any($3::int[]) order by visit_at desc, id desc`,
        [id('rep01'), id('rep05'), added.map((r) => r.id)],
      );
      expect(seen.length).toBeGreaterThan(12);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expected.map((r) => r.id));
    } finally {
      await h.database.query(`delete from visit_records where id = any($1::int[])`, [added.map((r) => r.id)]);
      await h.database.query(`update users set org_id = $1 where username = 'rep02'`, [before!.org_id]);
    }
  });

  it("shows the team's records to their manager only, within the manager's scope", async () => {
    ok<VisitItem>(await post('rep01', P.addVisitRecord, visit(inScope[57]!, { status: 1 })));
    const team = ok<ActivityPage<VisitItem>>(await get('mgr01', P.teamInteractioRecord, { size: 100 }));
    const [n] = await h.database.query<{ n: number }>(`select count(*)::int as n from visit_records where user_id in ($1, $2)`, [id('rep01'), id('rep05')]);
    expect(team.total).toBe(n!.n);
    // The North team: rep01 (the visits of these tests) and rep05 (the demo's history); nobody else.
    expect(team.list.some((v) => v.user.username === 'rep01')).toBe(true);
    expect(team.list.every((v) => v.user.username === 'rep01' || v.user.username === 'rep05')).toBe(true);
    const one = ok<ActivityPage<VisitItem>>(await get('mgr01', P.teamInteractioRecord, { userId: id('rep01'), status: 1 }));
    expect(one.list.every((v) => v.user.username === 'rep01' && v.status === 1)).toBe(true);
    expectError(await get('mgr01', P.teamInteractioRecord, { userId: id('rep02') }), 403, 'activity.notTeamMember', 'zh', 'userId');
    expect(ok<ActivityPage<VisitItem>>(await get('mgr02', P.teamInteractioRecord)).list.every((v) => v.user.username !== 'rep01')).toBe(true);
    // The manager may open a team member's record; another manager may see it only through the doctor's scope when submitted.
    const draft = ok<VisitItem>(await post('rep01', P.addVisitRecord, visit(inScope[58]!)));
    expect(ok<VisitItem>(await get('mgr01', P.findById, { id: draft.id })).id).toBe(draft.id);
    expectError(await get('mgr02', P.findById, { id: draft.id }), 404, 'request.notFound');
    expectError(await get('operator', P.teamInteractioRecord), 403, 'auth.forbidden');
  });

  it('answers the team page without its count when asked, and counts the same records in a call of its own', async () => {
    const counted = ok<ActivityPage<VisitItem>>(await get('mgr01', P.teamInteractioRecord, { size: 3 }));
    const uncounted = ok<TeamVisitPage>(await get('mgr01', P.teamInteractioRecord, { size: 3, total: 'false' }));
    expect(uncounted.total).toBeNull();
    expect(uncounted.list.map((v) => v.id)).toEqual(counted.list.map((v) => v.id));
    expect(uncounted.nextCursor).toBe(counted.nextCursor);
    expect(ok<ActivityCount>(await get('mgr01', P.teamInteractioRecordCount))).toEqual({ total: counted.total, totalCapped: counted.totalCapped });
    // The same filters and rules as the list: one member, another manager's scope, a stranger to the team, no authority.
    const one = ok<ActivityPage<VisitItem>>(await get('mgr01', P.teamInteractioRecord, { userId: id('rep01'), status: 1 }));
    expect(ok<ActivityCount>(await get('mgr01', P.teamInteractioRecordCount, { userId: id('rep01'), status: 1 })).total).toBe(one.total);
    expect(ok<ActivityCount>(await get('mgr02', P.teamInteractioRecordCount)).total).toBe(
      ok<ActivityPage<VisitItem>>(await get('mgr02', P.teamInteractioRecord)).total,
    );
    expectError(await get('mgr01', P.teamInteractioRecordCount, { userId: id('rep02') }), 403, 'activity.notTeamMember', 'zh', 'userId');
    expectError(await get('mgr01', P.teamInteractioRecordCount, { size: 5 }), 400, 'field.unknown', 'zh', 'size');
    expectError(await get('mgr01', P.teamInteractioRecord, { total: 'no' }), 400, 'field.invalid', 'zh', 'total');
    expectError(await get('operator', P.teamInteractioRecordCount), 403, 'auth.forbidden');
  });
});
