import { z } from 'zod';
import { hasCardLink, isSafeCardLink } from '../cards.js';
import type { MessageText } from '../messages.js';
import { dbId, dbIdParam, dbText, isStorableText } from '../schemas/fields.js';

/** Meetings (spec 001 section 7.6; docs/decisions/0020): paths, limits, request schemas, rows and messages. */

const P = '/API-STEP-MEETING/meeting';

/**
 * API paths of meetings; envelope `{ code, msg, result }`. The spec's "GET /meeting/meetingList" and
 * "POST /meeting/meetingMetadataList" live under the same service prefix as the other meeting calls.
 */
export const MEETING_PATHS = {
  // spec 001 section 7.6, verbatim
  meetingList: `${P}/meetingList`,
  meetingMetadataList: `${P}/meetingMetadataList`,
  meetingCoOrganizer: `${P}/meetingCoOrganizer`,
  meetingAddCoOrganizer: `${P}/meetingAddCoOrganizer`,
  meetingDeleteCoOrganizer: `${P}/meetingDeleteCoOrganizer`,
  meetingReport: `${P}/meetingReport`,
  sendMeetingReportToEmail: `${P}/sendMeetingReportToEmail`,
  uploadPoster: `${P}/uploadPoster`,
  // ours (the spec shows no path)
  meetingDetail: `${P}/meetingDetail`,
  saveMeeting: `${P}/saveMeeting`,
  meetingStatus: `${P}/meetingStatus`,
  meetingAddAttendees: `${P}/meetingAddAttendees`,
  meetingUpdateAttendee: `${P}/meetingUpdateAttendee`,
  meetingDeleteAttendee: `${P}/meetingDeleteAttendee`,
  meetingReportExport: `${P}/meetingReport/export`,
  poster: `${P}/poster/:meetingId`,
  meetingNews: `${P}/meetingNews`,
  coOrganizerCandidates: `${P}/coOrganizerCandidates`,
  /** GET ?keyword: doctors within the caller's data scope, for the attendee picker. */
  doctorCandidates: `${P}/doctorCandidates`,
} as const;

export const meetingPosterUrl = (meetingId: number) => MEETING_PATHS.poster.replace(':meetingId', String(meetingId));

export const MEETING_TYPES = ['academic', 'department', 'speaker', 'online'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];
export const MEETING_STATUSES = ['draft', 'planned', 'held', 'closed', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const RSVP_VALUES = ['pending', 'accepted', 'tentative', 'declined'] as const;
export type Rsvp = (typeof RSVP_VALUES)[number];
export const ATTENDEE_ROLES = ['attendee', 'speaker', 'chair'] as const;
export type AttendeeRole = (typeof ATTENDEE_ROLES)[number];

/** The lifecycle: draft → planned → held → closed, or cancelled before it is held. */
export const MEETING_TRANSITIONS: Record<MeetingStatus, readonly MeetingStatus[]> = {
  draft: ['planned', 'cancelled'],
  planned: ['held', 'cancelled'],
  held: ['closed'],
  closed: [],
  cancelled: [],
};
export const canMoveMeeting = (from: MeetingStatus, to: MeetingStatus) => MEETING_TRANSITIONS[from].includes(to);
/** The meeting's own fields change only before it is held. */
export const isMeetingEditable = (status: MeetingStatus) => status === 'draft' || status === 'planned';
/** Attendees are added and their RSVP, attendance and feedback recorded until the meeting is closed. */
export const isAttendanceOpen = (status: MeetingStatus) => status === 'draft' || status === 'planned' || status === 'held';

export const MEETING_LIMITS = {
  titleMax: 100,
  cityMax: 50,
  hospitalMax: 100,
  medicineMax: 100,
  descriptionMax: 2000,
  urlMax: 500,
  emailMax: 254,
  pageDefault: 20,
  pageMax: 100,
  /** The list counts at most this many meetings and then says "more than 1,000" (a count is the costly part of a page). */
  countCap: 1_000,
  coOrganizersMax: 20,
  attendeesMax: 2000,
  addAttendeesMax: 200,
  feedbackMin: 1,
  feedbackMax: 5,
  posterMaxBytes: 5 * 1024 * 1024,
  keywordMax: 50,
} as const;

export const MEETING_POSTER_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** Messages of meetings, zh and en (merged into MESSAGES). */
export const MEETING_MESSAGES = {
  'meeting.titleRequired': { zh: '请输入会议名称', en: 'Please enter the meeting title' },
  'meeting.typeInvalid': { zh: '会议类型必须是学术会议、科室会、讲者项目或线上会议', en: 'The meeting type must be academic conference, department meeting, speaker programme or online' },
  'meeting.timeRequired': { zh: '请选择会议时间', en: 'Please choose the meeting time' },
  'meeting.timeOrder': { zh: '结束时间须晚于开始时间', en: 'The end time must be after the start time' },
  'meeting.cityRequired': { zh: '请输入城市', en: 'Please enter the city' },
  'meeting.hospitalRequired': { zh: '线下会议请填写医院或场地', en: 'An on-site meeting needs a hospital or venue' },
  'meeting.onlineUrlRequired': { zh: '线上会议请填写以 http:// 或 https:// 开头的会议链接', en: 'An online meeting needs a link starting with http:// or https://' },
  'meeting.notFound': { zh: '会议不存在或您无权查看', en: 'The meeting does not exist or you may not see it' },
  'meeting.notYours': { zh: '只有会议负责人可以执行此操作', en: 'Only the meeting owner can do this' },
  'meeting.notEditable': { zh: '会议已举行、关闭或取消,不能修改', en: 'The meeting has been held, closed or cancelled and cannot be changed' },
  'meeting.attendanceClosed': { zh: '会议已关闭或取消,不能再修改参会人', en: 'The meeting is closed or cancelled; its attendees cannot change' },
  'meeting.transition': { zh: '会议不能从「{from}」变为「{to}」', en: 'A meeting cannot go from {from} to {to}' },
  'meeting.attendanceBeforeHeld': { zh: '会议举行前不能签到', en: 'Attendance can be marked only once the meeting is planned or held' },
  'meeting.coOrganizerNotUser': { zh: '协办人不是门户用户', en: 'The co-organiser is not a portal user' },
  'meeting.coOrganizerIsOwner': { zh: '会议负责人不能同时是协办人', en: 'The owner cannot also be a co-organiser' },
  'meeting.coOrganizerExists': { zh: '该用户已是协办人', en: 'This user is already a co-organiser' },
  'meeting.coOrganizersMax': { zh: `协办人最多 ${MEETING_LIMITS.coOrganizersMax} 位`, en: `At most ${MEETING_LIMITS.coOrganizersMax} co-organisers` },
  'meeting.attendeesMax': { zh: `参会人最多 ${MEETING_LIMITS.attendeesMax} 位`, en: `At most ${MEETING_LIMITS.attendeesMax} attendees` },
  'meeting.attendeeNotFound': { zh: '该医生不是本次会议的参会人', en: 'This doctor is not an attendee of the meeting' },
  'meeting.feedbackRange': { zh: `反馈评分须为 ${MEETING_LIMITS.feedbackMin} 到 ${MEETING_LIMITS.feedbackMax}`, en: `The feedback score must be ${MEETING_LIMITS.feedbackMin} to ${MEETING_LIMITS.feedbackMax}` },
  'meeting.emailInvalid': { zh: '请输入正确的邮箱地址', en: 'Please enter a valid e-mail address' },
  'meeting.posterType': { zh: '海报只能是 JPG 或 PNG 图片', en: 'The poster must be a JPG or PNG image' },
  'meeting.posterTooLarge': { zh: `海报大小不能超过 ${MEETING_LIMITS.posterMaxBytes / 1024 / 1024}MB`, en: `The poster cannot exceed ${MEETING_LIMITS.posterMaxBytes / 1024 / 1024} MB` },
  'meeting.noPoster': { zh: '该会议还没有海报', en: 'This meeting has no poster yet' },
  'meeting.reportSent': { zh: '会议报告已通过邮件服务器发送至 {email}', en: 'The meeting report was sent to {email} through the mail server' },
  'meeting.reportOutboxed': {
    zh: '未配置邮件服务器:报告未发出,已写入服务器发件箱文件夹 {file}',
    en: 'No mail server is configured: the report was NOT sent; it was written to the server outbox folder as {file}',
  },
  'meeting.mailFailed': { zh: '邮件服务器拒绝了该邮件:{reason}', en: 'The mail server refused the message: {reason}' },
} as const satisfies Record<string, MessageText>;
const httpUrl = z
  .string()
  .trim()
  .max(MEETING_LIMITS.urlMax)
  .refine(isStorableText, { message: 'field.invalid' })
  .refine((value) => value === '' || (hasCardLink(value) && isSafeCardLink(value)), 'meeting.onlineUrlRequired');

const isoTime = z.iso.datetime({ offset: true, error: 'meeting.timeRequired' });

/** saveMeeting: without id a new draft owned by the caller; with id an edit of the caller's meeting. */
export const saveMeetingRequest = z
  .strictObject({
    id: dbId.optional(),
    title: dbText(MEETING_LIMITS.titleMax).pipe(z.string().min(1, 'meeting.titleRequired')),
    type: z.enum(MEETING_TYPES, { error: 'meeting.typeInvalid' }),
    startTime: isoTime,
    endTime: isoTime,
    city: dbText(MEETING_LIMITS.cityMax).pipe(z.string().min(1, 'meeting.cityRequired')),
    hospital: dbText(MEETING_LIMITS.hospitalMax).default(''),
    onlineUrl: httpUrl.default(''),
    medicine: dbText(MEETING_LIMITS.medicineMax).default(''),
    description: dbText(MEETING_LIMITS.descriptionMax).default(''),
  })
  .superRefine((value, ctx) => {
    if (Date.parse(value.endTime) <= Date.parse(value.startTime)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'meeting.timeOrder' });
    if (value.type === 'online' && value.onlineUrl === '') ctx.addIssue({ code: 'custom', path: ['onlineUrl'], message: 'meeting.onlineUrlRequired' });
    if (value.type !== 'online' && value.hospital === '') ctx.addIssue({ code: 'custom', path: ['hospital'], message: 'meeting.hospitalRequired' });
  });
export type SaveMeetingRequest = z.input<typeof saveMeetingRequest>;

const pageNumber = z.coerce.number().int().min(1).max(MEETING_LIMITS.pageMax);

/** GET meetingList: the caller's meetings (owner or co-organiser), newest start first, keyset-paged. */
export const meetingListQuery = z.strictObject({
  status: z.enum(MEETING_STATUSES).optional(),
  type: z.enum(MEETING_TYPES).optional(),
  keyword: dbText(MEETING_LIMITS.keywordMax).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(40).regex(/^-?\d{1,15}_\d{1,10}$/).optional(),
  size: pageNumber.default(MEETING_LIMITS.pageDefault),
});
export type MeetingListQuery = z.input<typeof meetingListQuery>;

export const meetingIdQuery = z.strictObject({ meetingId: dbIdParam });
export const meetingPosterParams = z.strictObject({ meetingId: dbIdParam });

export const coOrganizerQuery = z.strictObject({ meetingId: dbIdParam, userId: dbIdParam });
export const coOrganizerCandidatesQuery = z.strictObject({ keyword: dbText(MEETING_LIMITS.keywordMax).default('') });

export const sendReportQuery = z.strictObject({
  meetingId: dbIdParam,
  email: z.string().trim().max(MEETING_LIMITS.emailMax).pipe(z.email({ error: 'meeting.emailInvalid' })),
});

export const meetingStatusRequest = z.strictObject({
  meetingId: dbId,
  status: z.enum(MEETING_STATUSES),
});

export const meetingNewsQuery = z.strictObject({});
export const meetingMetadataRequest = z.strictObject({});

export const addAttendeesRequest = z.strictObject({
  meetingId: dbId,
  doctorIds: z.array(dbId).min(1).max(MEETING_LIMITS.addAttendeesMax),
  role: z.enum(ATTENDEE_ROLES).default('attendee'),
});

export const updateAttendeeRequest = z.strictObject({
  meetingId: dbId,
  doctorId: dbId,
  rsvp: z.enum(RSVP_VALUES).optional(),
  role: z.enum(ATTENDEE_ROLES).optional(),
  attended: z.boolean().optional(),
  feedbackScore: z.number().int().min(MEETING_LIMITS.feedbackMin, 'meeting.feedbackRange').max(MEETING_LIMITS.feedbackMax, 'meeting.feedbackRange').nullable().optional(),
});

export const deleteAttendeeRequest = z.strictObject({ meetingId: dbId, doctorId: dbId });

export interface MeetingPerson {
  userId: number;
  username: string;
  name: string;
}

/** One meeting as lists show it. */
export interface MeetingRow {
  id: number;
  title: string;
  type: MeetingType;
  status: MeetingStatus;
  startTime: string;
  endTime: string;
  city: string;
  hospital: string;
  onlineUrl: string;
  medicine: string;
  owner: MeetingPerson;
  /** Whether the caller owns it (a co-organiser may work on attendees but not change the meeting). */
  mine: boolean;
  attendeeCount: number;
  posterUrl: string | null;
}

/** A doctor offered by the attendee picker. */
export interface MeetingDoctor {
  doctorId: number;
  name: string;
  hospital: string;
  department: string;
  title: string;
}

export interface MeetingAttendee {
  doctorId: number;
  doctorName: string;
  hospital: string;
  department: string;
  title: string;
  rsvp: Rsvp;
  role: AttendeeRole;
  attended: boolean;
  checkInTime: string | null;
  feedbackScore: number | null;
}

export interface MeetingDetail extends MeetingRow {
  description: string;
  coOrganizers: MeetingPerson[];
  attendees: MeetingAttendee[];
  createdAt: string;
  updatedAt: string;
  /** Where the lifecycle may go from here. */
  nextStatuses: MeetingStatus[];
}

export interface MeetingListPage {
  list: MeetingRow[];
  /** Counted up to the cap on the first page (no cursor); null on later pages, where the first page's total stands. */
  total: number | null;
  totalCapped: boolean;
  nextCursor: string | null;
}

export interface MeetingMetadata {
  types: readonly MeetingType[];
  statuses: readonly MeetingStatus[];
  rsvp: readonly Rsvp[];
  roles: readonly AttendeeRole[];
  /** The caller's meetings by status. */
  countsByStatus: Record<MeetingStatus, number>;
  /** Cities of the caller's meetings, most used first. */
  cities: string[];
}

export interface MeetingReport {
  meeting: MeetingRow;
  invited: number;
  rsvp: Record<Rsvp, number>;
  attended: number;
  /** attended / invited, in percent with one decimal (0 without attendees). */
  attendanceRate: number;
  speakers: MeetingAttendee[];
  feedback: { count: number; average: number | null; distribution: number[] };
  /** Distinct doctors who attended (the doctors the meeting reached). */
  doctorsReached: number;
  attendees: MeetingAttendee[];
  generatedAt: string;
}

export interface MeetingMailResult {
  transport: 'smtp' | 'outbox';
  /** The message the user sees: sent, or written to the outbox and NOT sent. */
  message: string;
  /** The outbox file name when nothing was sent. */
  file: string | null;
}

export interface MeetingNewsItem {
  meetingId: number;
  title: string;
  status: MeetingStatus;
  startTime: string;
  city: string;
  ownerName: string;
  mine: boolean;
  /** upcoming: planned and not started; today: on today; held: held in the last 30 days; other. */
  kind: 'upcoming' | 'today' | 'held' | 'cancelled' | 'draft' | 'closed';
}

/** Page cursor: the last row's start time (ms) and id. */
export const encodeMeetingCursor = (startMs: number, id: number) => `${startMs}_${id}`;
export function decodeMeetingCursor(cursor: string): { startMs: number; id: number } | undefined {
  const match = /^(-?\d{1,15})_(\d{1,10})$/.exec(cursor);
  if (!match) return undefined;
  return { startMs: Number(match[1]), id: Number(match[2]) };
}
