import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { simpleParser } from 'mailparser';
import {
  API,
  distinctDepartmentName,
  doctorTitleName,
  MEETING_WORDS,
  message,
  type AttendeeDoctor,
  type AttendeePart,
  type MeetingDetail,
  type MeetingListPage,
  type MeetingMailResult,
  type MeetingMetadata,
  type MeetingNewsItem,
  type MeetingPerson,
  type MeetingReport,
  type SaveMeetingRequest,
} from '@field-portal/shared';
import { callers, expectError, multipartPost, signIn, type Part } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

/** An attendee whose doctor the reader (here always one with every doctor in scope) sees. */
type NamedAttendee = AttendeePart & AttendeeDoctor;

let h: Harness;
const tokens: Record<string, string> = {};
const P = API.meetings;
const HOUR = 3_600_000;
const userIds: Record<string, number> = {};

beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['mkt01', 'mkt02', 'rep01', 'operator', 'admin'], tokens);
  for (const row of await h.database.query<{ id: number; username: string }>('select id, username from users')) userIds[row.username] = row.id;
});
afterAll(async () => h?.close());

const { headers, get, post } = callers(() => h, tokens);

const meeting = (extra: Partial<SaveMeetingRequest> = {}): SaveMeetingRequest => ({
  title: 'Oncology update',
  type: 'academic',
  startTime: new Date(h.clock.value + 24 * HOUR).toISOString(),
  endTime: new Date(h.clock.value + 26 * HOUR).toISOString(),
  city: '上海',
  hospital: '瑞金医院',
  medicine: 'Drug A',
  ...extra,
});

async function create(user = 'mkt01', extra: Partial<SaveMeetingRequest> = {}): Promise<MeetingDetail> {
  const res = await post(user, P.saveMeeting, meeting(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as MeetingDetail;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);

function posterForm(meetingId: number | string, file: { name: string; bytes: Buffer }, user = 'mkt01') {
  const parts: Part[] = [
    { name: 'meetingId', value: String(meetingId) },
    { name: 'file', bytes: file.bytes, filename: file.name, type: 'image/png' },
  ];
  return h.app.inject(multipartPost(P.uploadPoster, parts, headers(user)));
}

describe('saveMeeting', () => {
  it('creates a draft owned by the caller', async () => {
    const m = await create();
    expect(m).toMatchObject({
      status: 'draft',
      title: 'Oncology update',
      type: 'academic',
      mine: true,
      attendeeCount: 0,
      coOrganizers: [],
      attendees: [],
      nextStatuses: ['planned', 'cancelled'],
    });
    expect(m.owner.username).toBe('mkt01');
  });

  it('gives each rule its message, naming the field, and stores nothing', async () => {
    const before = await h.database.query<{ n: number }>('select count(*)::int as n from meetings');
    expect(expectError(await post('mkt01', P.saveMeeting, meeting({ title: '' })), 400, 'meeting.titleRequired').field).toBe('title');
    expect(expectError(await post('mkt01', P.saveMeeting, meeting({ type: 'party' as 'online' }), 'en'), 400, 'meeting.typeInvalid', 'en').field).toBe('type');
    expect(expectError(await post('mkt01', P.saveMeeting, meeting({ endTime: meeting().startTime })), 400, 'meeting.timeOrder').field).toBe('endTime');
    expect(expectError(await post('mkt01', P.saveMeeting, meeting({ hospital: '' })), 400, 'meeting.hospitalRequired').field).toBe('hospital');
    expect(expectError(await post('mkt01', P.saveMeeting, meeting({ type: 'online', hospital: '' })), 400, 'meeting.onlineUrlRequired').field).toBe(
      'onlineUrl',
    );
    expect(
      expectError(await post('mkt01', P.saveMeeting, meeting({ type: 'online', onlineUrl: 'javascript:alert(1)' })), 400, 'meeting.onlineUrlRequired').field,
    ).toBe('onlineUrl');
    expect(expectError(await post('mkt01', P.saveMeeting, meeting({ startTime: 'tomorrow' })), 400, 'meeting.timeRequired').field).toBe('startTime');
    expectError(await post('mkt01', P.saveMeeting, { ...meeting(), ownerId: 1 }), 400, 'field.unknown', 'zh', { field: 'ownerId' });
    const after = await h.database.query<{ n: number }>('select count(*)::int as n from meetings');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("changes the owner's meeting only, and only before it is held", async () => {
    const m = await create();
    const changed = (await post('mkt01', P.saveMeeting, { ...meeting({ title: 'Renamed' }), id: m.id })).json().result as MeetingDetail;
    expect(changed.title).toBe('Renamed');
    expectError(await post('mkt02', P.saveMeeting, { ...meeting(), id: m.id }), 404, 'meeting.notFound');
    await post('mkt01', P.meetingStatus, { meetingId: m.id, status: 'planned' });
    await post('mkt01', P.meetingStatus, { meetingId: m.id, status: 'held' });
    expectError(await post('mkt01', P.saveMeeting, { ...meeting(), id: m.id }), 409, 'meeting.notEditable');
  });

  it('is for the meeting screens only (403 for a card operator)', async () => {
    expectError(await post('operator', P.saveMeeting, meeting()), 403, 'auth.forbidden');
    expectError(await get('operator', P.meetingList), 403, 'auth.forbidden');
  });
});

describe('lifecycle', () => {
  it('goes draft → planned → held → closed and refuses every other step', async () => {
    const m = await create();
    // the statuses by their names in the reader's language, not their codes
    const early = expectError(await post('mkt01', P.meetingStatus, { meetingId: m.id, status: 'held' }), 409, 'meeting.transition', 'zh', {
      from: MEETING_WORDS.status.draft,
      to: MEETING_WORDS.status.held,
    });
    expect(early.msg).toBe('会议不能从「草稿」变为「已举行」');
    const english = await post('mkt01', P.meetingStatus, { meetingId: m.id, status: 'held' }, 'en');
    expect(expectError(english, 409, 'meeting.transition', 'en', { from: MEETING_WORDS.status.draft, to: MEETING_WORDS.status.held }).msg).toBe(
      'A meeting cannot go from Draft to Held',
    );
    for (const [status, next] of [
      ['planned', ['held', 'cancelled']],
      ['held', ['closed']],
      ['closed', []],
    ] as const) {
      const res = await post('mkt01', P.meetingStatus, { meetingId: m.id, status });
      expect(res.json().result as MeetingDetail).toMatchObject({ status, nextStatuses: next });
    }
    expectError(await post('mkt01', P.meetingStatus, { meetingId: m.id, status: 'cancelled' }), 409, 'meeting.transition', 'zh', {
      from: MEETING_WORDS.status.closed,
      to: MEETING_WORDS.status.cancelled,
    });
  });

  it('cancels a planned meeting; only the owner moves it', async () => {
    const m = await create();
    await post('mkt01', P.meetingStatus, { meetingId: m.id, status: 'planned' });
    await h.app.inject({
      method: 'GET',
      url: P.meetingAddCoOrganizer,
      query: { meetingId: String(m.id), userId: String(userIds.mkt02) },
      headers: headers('mkt01'),
    });
    expectError(await post('mkt02', P.meetingStatus, { meetingId: m.id, status: 'cancelled' }), 403, 'meeting.notYours');
    expect(((await post('mkt01', P.meetingStatus, { meetingId: m.id, status: 'cancelled' })).json().result as MeetingDetail).status).toBe('cancelled');
  });
});

describe('co-organisers', () => {
  it('adds, lists and removes portal users; the co-organiser sees the meeting', async () => {
    const m = await create();
    expectError(await get('mkt02', P.meetingDetail, { meetingId: m.id }), 404, 'meeting.notFound');
    const added = (await get('mkt01', P.meetingAddCoOrganizer, { meetingId: m.id, userId: userIds.mkt02! })).json().result as MeetingPerson[];
    expect(added.map((p) => p.username)).toEqual(['mkt02']);
    expect((await get('mkt02', P.meetingCoOrganizer, { meetingId: m.id })).json().result).toEqual(added);
    const seen = (await get('mkt02', P.meetingDetail, { meetingId: m.id })).json().result as MeetingDetail;
    expect(seen).toMatchObject({ mine: false, nextStatuses: [] });
    const list = (await get('mkt02', P.meetingList)).json().result as MeetingListPage;
    expect(list.list.map((x) => x.id)).toContain(m.id);
    expectError(await get('mkt01', P.meetingAddCoOrganizer, { meetingId: m.id, userId: userIds.mkt02! }), 409, 'meeting.coOrganizerExists');
    expectError(await get('mkt02', P.meetingAddCoOrganizer, { meetingId: m.id, userId: userIds.rep01! }), 403, 'meeting.notYours');
    const removed = (await get('mkt01', P.meetingDeleteCoOrganizer, { meetingId: m.id, userId: userIds.mkt02! })).json().result as MeetingPerson[];
    expect(removed).toEqual([]);
    expectError(await get('mkt02', P.meetingDetail, { meetingId: m.id }), 404, 'meeting.notFound');
  });

  it('answers 404 for a co-organiser who is not a user, and refuses the owner', async () => {
    const m = await create();
    const body = expectError(await get('mkt01', P.meetingAddCoOrganizer, { meetingId: m.id, userId: 999999 }), 404, 'meeting.coOrganizerNotUser');
    expect(body.field).toBe('userId');
    expectError(await get('mkt01', P.meetingAddCoOrganizer, { meetingId: m.id, userId: userIds.mkt01! }), 400, 'meeting.coOrganizerIsOwner');
    const candidates = (await get('mkt01', P.coOrganizerCandidates, { keyword: 'mkt' })).json().result as MeetingPerson[];
    expect(candidates.map((c) => c.username)).toEqual(['mkt01', 'mkt02']);
  });
});

describe('meetingList and meetingMetadataList', () => {
  it('pages the caller’s meetings newest start first, with filters and a total', async () => {
    const [a] = await h.database.query<{ n: number }>('select count(*)::int as n from meetings where owner_id = $1', [userIds.admin]);
    expect(a!.n).toBe(0);
    for (let i = 0; i < 5; i++)
      await create('admin', {
        title: `Admin ${i}`,
        startTime: new Date(h.clock.value + (i + 1) * HOUR).toISOString(),
        endTime: new Date(h.clock.value + (i + 2) * HOUR).toISOString(),
        type: i % 2 ? 'online' : 'department',
        onlineUrl: 'https://meet.example/x',
      });
    const first = (await get('admin', P.meetingList, { size: 2 })).json().result as MeetingListPage;
    expect(first).toMatchObject({ total: 5, totalCapped: false });
    expect(first.list.map((m) => m.title)).toEqual(['Admin 4', 'Admin 3']);
    const second = (await get('admin', P.meetingList, { size: 2, cursor: first.nextCursor! })).json().result as MeetingListPage;
    expect(second.list.map((m) => m.title)).toEqual(['Admin 2', 'Admin 1']);
    expect(second.total).toBeNull();
    const third = (await get('admin', P.meetingList, { size: 2, cursor: second.nextCursor! })).json().result as MeetingListPage;
    expect(third.list.map((m) => m.title)).toEqual(['Admin 0']);
    expect(third.nextCursor).toBeNull();
    const online = (await get('admin', P.meetingList, { type: 'online' })).json().result as MeetingListPage;
    expect(online.list.map((m) => m.title)).toEqual(['Admin 3', 'Admin 1']);
    const keyword = (await get('admin', P.meetingList, { keyword: 'Admin 2' })).json().result as MeetingListPage;
    expect(keyword.total).toBe(1);
    // the paging kit's cursor: text that is none, and a cursor of another list's key, are refused naming it
    expect(expectError(await get('admin', P.meetingList, { cursor: 'bad' }), 400, 'page.cursorInvalid').field).toBe('cursor');
    const another = Buffer.from(JSON.stringify([1, 'x'])).toString('base64url');
    expect(expectError(await get('admin', P.meetingList, { cursor: another }, 'en'), 400, 'page.cursorInvalid', 'en').field).toBe('cursor');
    const meta = (await post('admin', P.meetingMetadataList, {})).json().result as MeetingMetadata;
    expect(meta.countsByStatus).toEqual({ draft: 5, planned: 0, held: 0, closed: 0, cancelled: 0 });
    expect(meta.types).toEqual(['academic', 'department', 'speaker', 'online']);
    expect(meta.cities).toEqual(['上海']);
  });

  it('merges the co-organised meetings into the order, and follows a co-organised meeting that moves', async () => {
    const at = (hours: number) => ({
      startTime: new Date(h.clock.value + hours * HOUR).toISOString(),
      endTime: new Date(h.clock.value + (hours + 1) * HOUR).toISOString(),
    });
    const x = await create('mkt01', { title: 'Order X', ...at(30) });
    const y = await create('mkt01', { title: 'Order Y', ...at(10) });
    await create('admin', { title: 'Order A', ...at(20) });
    for (const m of [x, y]) expect((await get('mkt01', P.meetingAddCoOrganizer, { meetingId: m.id, userId: userIds.admin! })).statusCode).toBe(200);
    const titles = async (cursor?: string) => {
      const page = (await get('admin', P.meetingList, { keyword: 'Order', size: 2, ...(cursor ? { cursor } : {}) })).json().result as MeetingListPage;
      return { titles: page.list.map((m) => m.title), next: page.nextCursor };
    };
    const first = await titles();
    expect(first.titles).toEqual(['Order X', 'Order A']);
    expect((await titles(first.next!)).titles).toEqual(['Order Y']);
    // The co-organiser rows carry their meeting's start time (kept by triggers), moved with it.
    const moved = (await post('mkt01', P.saveMeeting, { ...meeting({ title: 'Order Y', ...at(40) }), id: y.id })).json().result as MeetingDetail;
    expect(moved.startTime).toBe(at(40).startTime);
    const rows = await h.database.query<{ meeting_id: number; same: boolean }>(
      `select c.meeting_id, c.start_time = m.start_time as same from meeting_co_organizers c join meetings m on m.id = c.meeting_id where c.user_id = $1 and c.meeting_id = any($2::int[]) order by c.meeting_id`,
      [userIds.admin, [x.id, y.id]],
    );
    expect(rows.map((r) => [r.meeting_id, r.same])).toEqual([
      [x.id, true],
      [y.id, true],
    ]);
    const after = await titles();
    expect(after.titles).toEqual(['Order Y', 'Order X']);
    expect((await titles(after.next!)).titles).toEqual(['Order A']);
  });
});

describe('poster', () => {
  it('takes a JPG or PNG by its bytes and serves it to the team', async () => {
    const m = await create();
    const up = await posterForm(m.id, { name: 'poster.png', bytes: PNG });
    expect(up.statusCode, up.body).toBe(200);
    const url = (up.json().result as { posterUrl: string }).posterUrl;
    const image = await h.app.inject({ method: 'GET', url, headers: headers('mkt01') });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await posterForm(m.id, { name: 'poster.jpg', bytes: JPEG })).statusCode).toBe(200);
    const replaced = await h.app.inject({ method: 'GET', url, headers: headers('mkt01') });
    expect(replaced.headers['content-type']).toBe('image/jpeg');
    expect((await h.app.inject({ method: 'GET', url, headers: headers('mkt02') })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image with 415 and one over 5 MB with 413, keeping the old poster', async () => {
    const m = await create();
    expectError(await posterForm(m.id, { name: 'poster.png', bytes: Buffer.from('<html><script>alert(1)</script></html>') }), 415, 'meeting.posterType');
    expectError(await posterForm(m.id, { name: 'poster.pdf', bytes: Buffer.from('%PDF-1.4 not an image at all') }), 415, 'meeting.posterType');
    expectError(await posterForm(m.id, { name: 'poster.png', bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }), 413, 'meeting.posterTooLarge');
    const [row] = await h.database.query<{ poster_key: string | null }>('select poster_key from meetings where id = $1', [m.id]);
    expect(row!.poster_key).toBeNull();
    expectError(await posterForm(999999, { name: 'poster.png', bytes: PNG }), 404, 'meeting.notFound');
  });
});

describe('meeting report and e-mail', () => {
  it('renders the report as a page and an .xlsx', async () => {
    const m = await create();
    const report = (await get('mkt01', P.meetingReport, { meetingId: m.id })).json().result as MeetingReport;
    expect(report).toMatchObject({ invited: 0, attended: 0, attendanceRate: 0, doctorsReached: 0, feedback: { count: 0, average: null } });
    const xlsx = await h.app.inject({ method: 'GET', url: P.meetingReportExport, query: { meetingId: String(m.id) }, headers: headers('mkt01') });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    expect(xlsx.headers['content-disposition']).toContain(`meeting-${m.id}-report.xlsx`);
  });

  it('writes the message to the outbox under DATA_DIR when no mail server is configured, and says it was not sent', async () => {
    const m = await create();
    const res = await get('mkt01', P.sendMeetingReportToEmail, { meetingId: m.id, email: 'boss@example.com' }, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result as MeetingMailResult;
    expect(result.transport).toBe('outbox');
    expect(result.message).toBe(message('meeting.reportOutboxed', 'en', { file: result.file! }));
    const eml = fs.readFileSync(path.join(h.dataDir, 'outbox', result.file!), 'utf8');
    expect(eml).toContain('To: boss@example.com');
    expect(eml).toContain(`meeting-${m.id}-report.xlsx`);
    expect(eml).toMatch(/Subject: .*Oncology update|Subject: =\?UTF-8/);
  });

  it('refuses an invalid address with 400 and writes nothing', async () => {
    const m = await create();
    const before = fs.existsSync(path.join(h.dataDir, 'outbox')) ? fs.readdirSync(path.join(h.dataDir, 'outbox')).length : 0;
    const body = expectError(await get('mkt01', P.sendMeetingReportToEmail, { meetingId: m.id, email: 'not-an-address' }), 400, 'meeting.emailInvalid');
    expect(body.field).toBe('email');
    const after = fs.existsSync(path.join(h.dataDir, 'outbox')) ? fs.readdirSync(path.join(h.dataDir, 'outbox')).length : 0;
    expect(after).toBe(before);
    expectError(await get('mkt02', P.sendMeetingReportToEmail, { meetingId: m.id, email: 'a@example.com' }), 404, 'meeting.notFound');
  });
});

describe('meetingNews', () => {
  it("lists the caller's meetings with what each means now", async () => {
    const m = await create('mkt02', { title: 'News meeting' });
    await post('mkt02', P.meetingStatus, { meetingId: m.id, status: 'planned' });
    const news = (await get('mkt02', P.meetingNews)).json().result as MeetingNewsItem[];
    expect(news.find((n) => n.meetingId === m.id)).toMatchObject({ kind: 'upcoming', mine: true, status: 'planned' });
    const operator = (await get('operator', P.meetingNews)).json().result as MeetingNewsItem[];
    expect(operator).toEqual([]);
  });
});

describe('attendees (doctors of the customers module, within the data scope)', () => {
  let doctors: { id: number; name: string; hospital_id: number }[];
  beforeAll(async () => {
    doctors = await h.database.query<{ id: number; name: string; hospital_id: number }>('select id, name, hospital_id from doctors order by id limit 5');
    expect(doctors.length).toBe(5);
  });
  const attendeesOf = async (id: number) => ((await get('admin', P.meetingDetail, { meetingId: id })).json().result as MeetingDetail).attendees;

  it('invites doctors with a role, once each, and refuses an unknown doctor with 404 adding nobody', async () => {
    const m = await create('admin');
    const ids = doctors.slice(0, 3).map((d) => d.id);
    const added = await post('admin', P.meetingAddAttendees, { meetingId: m.id, doctorIds: [...ids, ids[0]] });
    expect(added.statusCode, added.body).toBe(200);
    const list = added.json().result as NamedAttendee[];
    expect(list.map((a) => a.doctorId).sort()).toEqual([...ids].sort());
    expect(list.find((a) => a.doctorId === ids[0])).toMatchObject({
      doctorName: doctors[0]!.name,
      rsvp: 'pending',
      role: 'attendee',
      attended: false,
      checkInTime: null,
      feedbackScore: null,
    });
    expect(list[0]!.hospital).not.toBe('');
    const speaker = await post('admin', P.meetingAddAttendees, { meetingId: m.id, doctorIds: [doctors[3]!.id], role: 'speaker' });
    expect((speaker.json().result as NamedAttendee[])[0]).toMatchObject({ doctorId: doctors[3]!.id, role: 'speaker' });
    const body = expectError(
      await post('admin', P.meetingAddAttendees, { meetingId: m.id, doctorIds: [doctors[4]!.id, 999999] }),
      404,
      'request.notFound',
      'zh',
    );
    expect(body.field).toBe('doctorIds');
    expect((await attendeesOf(m.id)).length).toBe(4);
    expect(((await get('admin', P.meetingDetail, { meetingId: m.id })).json().result as MeetingDetail).attendeeCount).toBe(4);
    expect((await post('admin', P.meetingAddAttendees, { meetingId: m.id, doctorIds: [] })).statusCode).toBe(400);
  });

  it('records RSVP, attendance with its check-in time and feedback, then reports them', async () => {
    const m = await create('admin');
    const [a, b, c] = doctors.slice(0, 3).map((d) => d.id) as [number, number, number];
    await post('admin', P.meetingAddAttendees, { meetingId: m.id, doctorIds: [a, b, c] });
    await post('admin', P.meetingUpdateAttendee, { meetingId: m.id, doctorId: c, role: 'chair' });
    expectError(await post('admin', P.meetingUpdateAttendee, { meetingId: m.id, doctorId: a, attended: true }), 409, 'meeting.attendanceBeforeHeld');
    await post('admin', P.meetingStatus, { meetingId: m.id, status: 'planned' });
    await post('admin', P.meetingUpdateAttendee, { meetingId: m.id, doctorId: a, rsvp: 'accepted' });
    await post('admin', P.meetingUpdateAttendee, { meetingId: m.id, doctorId: b, rsvp: 'declined' });
    const marked = await post('admin', P.meetingUpdateAttendee, { meetingId: m.id, doctorId: a, attended: true });
    const checkIn = (marked.json().result as NamedAttendee[]).find((x) => x.doctorId === a)!.checkInTime;
    expect(checkIn).toBe(new Date(h.clock.value).toISOString());
    await post('admin', P.meetingUpdateAttendee, { meetingId: m.id, doctorId: c, attended: true, feedbackScore: 5 });
    await post('admin', P.meetingUpdateAttendee, { meetingId: m.id, doctorId: a, feedbackScore: 4 });
    const range = expectError(await post('admin', P.meetingUpdateAttendee, { meetingId: m.id, doctorId: a, feedbackScore: 6 }), 400, 'meeting.feedbackRange');
    expect(range.field).toBe('feedbackScore');
    expectError(await post('admin', P.meetingUpdateAttendee, { meetingId: m.id, doctorId: doctors[4]!.id, rsvp: 'accepted' }), 404, 'meeting.attendeeNotFound');
    const report = (await get('admin', P.meetingReport, { meetingId: m.id })).json().result as MeetingReport;
    expect(report).toMatchObject({
      invited: 3,
      attended: 2,
      attendanceRate: 66.7,
      doctorsReached: 2,
      rsvp: { accepted: 1, declined: 1, pending: 1, tentative: 0 },
      feedback: { count: 2, average: 4.5, distribution: [0, 0, 0, 1, 1] },
    });
    expect((report.speakers as NamedAttendee[]).map((s) => [s.doctorId, s.role])).toEqual([[c, 'chair']]);
    // unmarking clears the check-in time
    const unmarked = await post('admin', P.meetingUpdateAttendee, { meetingId: m.id, doctorId: a, attended: false });
    expect((unmarked.json().result as NamedAttendee[]).find((x) => x.doctorId === a)).toMatchObject({ attended: false, checkInTime: null });
  });

  it("writes the report's file and e-mail in the reader's language: names, not codes, and times in portal time", async () => {
    const m = await create('admin', { startTime: '2026-03-15T06:30:00.000Z', endTime: '2026-03-15T08:00:00.000Z' });
    const doctor = doctors[0]!;
    const [own] = await h.database.query<{ dept1_code: string; dept2_code: string | null; title_code: string }>(
      'select dept1_code, dept2_code, title_code from doctors where id = $1',
      [doctor.id],
    );
    await post('admin', P.meetingAddAttendees, { meetingId: m.id, doctorIds: [doctor.id], role: 'chair' });
    await post('admin', P.meetingStatus, { meetingId: m.id, status: 'planned' });
    await post('admin', P.meetingUpdateAttendee, { meetingId: m.id, doctorId: doctor.id, attended: true });
    const minute = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
    for (const lang of ['zh', 'en'] as const) {
      const res = await h.app.inject({ method: 'GET', url: P.meetingReportExport, query: { meetingId: String(m.id) }, headers: headers('admin', lang) });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const [summary, attendees] = book.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
      const values = new Map(summary.getSheetValues().flatMap((row) => (Array.isArray(row) ? [[String(row[1]), row[2]]] : [])));
      expect(values.get(lang === 'zh' ? '类型' : 'Type')).toBe(lang === 'zh' ? '学术会议' : 'Academic conference');
      expect(values.get(lang === 'zh' ? '状态' : 'Status')).toBe(lang === 'zh' ? '已计划' : 'Planned');
      // 06:30 UTC is 14:30 portal time
      expect(values.get(lang === 'zh' ? '开始时间' : 'Start')).toBe('2026-03-15 14:30');
      expect(String(values.get(lang === 'zh' ? '生成时间' : 'Generated'))).toMatch(minute);
      const row = (attendees.getRow(2).values as unknown[]).slice(1);
      expect(row.slice(0, 8)).toEqual([
        doctor.name,
        expect.any(String),
        distinctDepartmentName(own!.dept2_code ?? own!.dept1_code, lang),
        doctorTitleName(own!.title_code, lang),
        lang === 'zh' ? '主席' : 'Chair',
        lang === 'zh' ? '未回复' : 'No reply',
        lang === 'zh' ? '是' : 'Yes',
        expect.stringMatching(minute),
      ]);
    }
    const mail = await get('admin', P.sendMeetingReportToEmail, { meetingId: m.id, email: 'boss@example.com' });
    const parsed = await simpleParser(fs.readFileSync(path.join(h.dataDir, 'outbox', (mail.json().result as MeetingMailResult).file!)));
    expect(parsed.subject).toBe('会议报告:Oncology update');
    expect(parsed.text).toContain('2026-03-15 14:30 – 2026-03-15 16:00, 上海');
    expect(parsed.text).toContain('出席人数:1');
  });

  it('removes an attendee, and freezes attendees once the meeting is closed', async () => {
    const m = await create('admin');
    await post('admin', P.meetingAddAttendees, { meetingId: m.id, doctorIds: doctors.slice(0, 2).map((d) => d.id) });
    const left = await post('admin', P.meetingDeleteAttendee, { meetingId: m.id, doctorId: doctors[0]!.id });
    expect((left.json().result as NamedAttendee[]).map((a) => a.doctorId)).toEqual([doctors[1]!.id]);
    expectError(await post('admin', P.meetingDeleteAttendee, { meetingId: m.id, doctorId: doctors[0]!.id }), 404, 'meeting.attendeeNotFound');
    for (const status of ['planned', 'held', 'closed']) await post('admin', P.meetingStatus, { meetingId: m.id, status });
    expectError(await post('admin', P.meetingAddAttendees, { meetingId: m.id, doctorIds: [doctors[2]!.id] }), 409, 'meeting.attendanceClosed');
    expectError(await post('admin', P.meetingUpdateAttendee, { meetingId: m.id, doctorId: doctors[1]!.id, attended: true }), 409, 'meeting.attendanceClosed');
    expect(((await get('admin', P.meetingDetail, { meetingId: m.id })).json().result as MeetingDetail).attendeeCount).toBe(1);
  });

  it("offers and accepts only doctors within the caller's data scope", async () => {
    const all = (await get('admin', P.doctorCandidates, { keyword: doctors[0]!.name.slice(0, 1) })).json().result as { doctorId: number; name: string }[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((d) => d.name.startsWith(doctors[0]!.name.slice(0, 1)))).toBe(true);
    // mkt02 limited to the first doctor's hospital
    await h.database.query(`update roles set data_scope = 'custom' where name = 'MKT'`);
    await h.database.query(`insert into data_permissions (user_id, permission_type, permission_value) values ($1, 'hospital', $2)`, [
      userIds.mkt02,
      String(doctors[0]!.hospital_id),
    ]);
    const outside = (
      await h.database.query<{ id: number }>('select id from doctors where hospital_id <> $1 order by id limit 1', [doctors[0]!.hospital_id])
    )[0]!.id;
    const m = await create('mkt02');
    expectError(await post('mkt02', P.meetingAddAttendees, { meetingId: m.id, doctorIds: [outside] }), 404, 'request.notFound');
    expect((await post('mkt02', P.meetingAddAttendees, { meetingId: m.id, doctorIds: [doctors[0]!.id] })).statusCode).toBe(200);
    const offered = (await get('mkt02', P.doctorCandidates, { keyword: '' })).json().result as { doctorId: number; hospital: string }[];
    const inHospital = await h.database.query<{ id: number }>('select id from doctors where hospital_id = $1', [doctors[0]!.hospital_id]);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((d) => inHospital.some((x) => x.id === d.doctorId))).toBe(true);
  });
});
