import { z } from 'zod';
import { hasCardLink, isSafeCardLink } from '../cards.js';
import { dbId, dbIdParam, dbText, isStorableText, pageCursor } from '../../schemas/fields.js';
import { ATTENDEE_ROLES, MEETING_LIMITS, MEETING_STATUSES, MEETING_TYPES, RSVP_VALUES } from './paths.js';

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
  cursor: pageCursor,
  size: pageNumber.default(MEETING_LIMITS.pageDefault),
});
export type MeetingListQuery = z.input<typeof meetingListQuery>;

export const meetingIdQuery = z.strictObject({ meetingId: dbIdParam });
export const meetingPosterParams = z.strictObject({ meetingId: dbIdParam });

export const coOrganizerQuery = z.strictObject({ meetingId: dbIdParam, userId: dbIdParam });
export const coOrganizerCandidatesQuery = z.strictObject({ keyword: dbText(MEETING_LIMITS.keywordMax).default('') });

export const sendReportQuery = z.strictObject({
  meetingId: dbIdParam,
  email: z
    .string()
    .trim()
    .max(MEETING_LIMITS.emailMax)
    .pipe(z.email({ error: 'meeting.emailInvalid' })),
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
  feedbackScore: z
    .number()
    .int()
    .min(MEETING_LIMITS.feedbackMin, 'meeting.feedbackRange')
    .max(MEETING_LIMITS.feedbackMax, 'meeting.feedbackRange')
    .nullable()
    .optional(),
});

export const deleteAttendeeRequest = z.strictObject({ meetingId: dbId, doctorId: dbId });
