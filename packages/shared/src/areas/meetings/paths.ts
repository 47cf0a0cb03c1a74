/** Meetings (spec 001 section 7.6; docs/decisions/0020): paths, statuses and limits (no schemas: pages that only show these load no zod). */
import type { MessageText } from '../../message-text.js';

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

/**
 * The names of a meeting's types, statuses, replies and roles, zh and en: the screens' words
 * (meetings.type.*, meetings.status.*, meetings.rsvp.*, meetings.role.*) and the report's file and
 * messages take them from here.
 */
export const MEETING_WORDS = {
  type: {
    academic: { zh: '学术会议', en: 'Academic conference' },
    department: { zh: '科室会', en: 'Department meeting' },
    speaker: { zh: '讲者项目', en: 'Speaker programme' },
    online: { zh: '线上会议', en: 'Online' },
  },
  status: {
    draft: { zh: '草稿', en: 'Draft' },
    planned: { zh: '已计划', en: 'Planned' },
    held: { zh: '已举行', en: 'Held' },
    closed: { zh: '已关闭', en: 'Closed' },
    cancelled: { zh: '已取消', en: 'Cancelled' },
  },
  rsvp: {
    pending: { zh: '未回复', en: 'No reply' },
    accepted: { zh: '接受', en: 'Accepted' },
    tentative: { zh: '待定', en: 'Tentative' },
    declined: { zh: '拒绝', en: 'Declined' },
  },
  role: {
    attendee: { zh: '参会者', en: 'Attendee' },
    speaker: { zh: '讲者', en: 'Speaker' },
    chair: { zh: '主席', en: 'Chair' },
  },
} as const satisfies {
  type: Record<MeetingType, MessageText>;
  status: Record<MeetingStatus, MessageText>;
  rsvp: Record<Rsvp, MessageText>;
  role: Record<AttendeeRole, MessageText>;
};

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
