import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  addAttendeesRequest,
  API,
  coOrganizerCandidatesQuery,
  coOrganizerQuery,
  deleteAttendeeRequest,
  MEETING_LIMITS,
  meetingIdQuery,
  meetingListQuery,
  meetingMetadataRequest,
  meetingNewsQuery,
  meetingPosterParams,
  meetingStatusRequest,
  message,
  saveMeetingRequest,
  sendReportQuery,
  updateAttendeeRequest,
  type MeetingMailResult,
} from '@field-portal/shared';
import { currentUser, type CurrentUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { contentDisposition } from '../../platform/file-types.js';
import { XLSX_TYPE } from '../../platform/excel.js';
import { searchDoctors } from './doctors.js';
import { sendMail } from '../../platform/mail.js';
import { receivePoster } from './poster.js';
import { meetingReport, reportFileName, reportMail, reportWorkbook } from './report.js';
import {
  addAttendees,
  addCoOrganizer,
  changeStatus,
  coOrganizerCandidates,
  deleteAttendee,
  deleteCoOrganizer,
  listCoOrganizers,
  listMeetings,
  meetingDetail,
  meetingMetadata,
  meetingNews,
  saveMeeting,
  teamMeeting,
  updateAttendee,
  type MeetingDeps,
} from './service.js';

/** Menu authority of the meeting screens (seed/menus.ts: other → meetingReportIndex). */
export const MEETING_AUTHORITY = 'other:meetingReportIndex';

const tags = ['meetings'];
const P = API.meetings;

/** Meetings: lifecycle, team, attendees, poster, report and its e-mail (spec 001 section 7.6; docs/decisions/0020). */
export async function meetingRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fileSize: MEETING_LIMITS.posterMaxBytes + 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): MeetingDeps => ({ db: app.ctx.database.db, files: app.ctx.files, now: app.ctx.now });
  const config = { authority: MEETING_AUTHORITY };
  /** A JSON call of the meeting screens: its query string or body checked by `input`, answered by `handle` for the caller. */
  const call = <S extends z.ZodType>(
    method: 'get' | 'post',
    path: string,
    summary: string,
    input: S,
    handle: (input: z.output<S>, user: CurrentUser) => Promise<unknown>,
  ) =>
    r.route({
      method: method.toUpperCase() as 'GET' | 'POST',
      url: path,
      config,
      schema: { tags, summary, ...(method === 'get' ? { querystring: input } : { body: input }) },
      handler: async (request) => handle((method === 'get' ? request.query : request.body) as z.output<S>, currentUser(request)),
    });

  call(
    'get',
    P.meetingList,
    "The caller's meetings (owner or co-organiser), newest start first; result {list, total, totalCapped, nextCursor}",
    meetingListQuery,
    async (input, user) => listMeetings(deps(), user, input),
  );

  call(
    'post',
    P.meetingMetadataList,
    "Meeting types, statuses, RSVP values and roles, with the caller's meetings by status and their cities",
    meetingMetadataRequest,
    async (_input, user) => meetingMetadata(deps(), user),
  );

  call('get', P.meetingDetail, 'One meeting with its team and attendees (404 unless the caller is on its team)', meetingIdQuery, async (input, user) =>
    meetingDetail(deps(), user, input.meetingId),
  );

  call(
    'post',
    P.saveMeeting,
    'Create a draft meeting (no id) or change one the caller owns while it is a draft or planned',
    saveMeetingRequest,
    async (input, user) => saveMeeting(deps(), user, input),
  );

  call(
    'post',
    P.meetingStatus,
    'Move the lifecycle: draft → planned → held → closed, or cancelled before it is held (owner)',
    meetingStatusRequest,
    async (input, user) => changeStatus(deps(), user, input.meetingId, input.status),
  );

  call('get', P.meetingCoOrganizer, 'The co-organisers of a meeting', meetingIdQuery, async (input, user) => listCoOrganizers(deps(), user, input.meetingId));

  call('get', P.meetingAddCoOrganizer, 'Add a portal user to the team (owner; 404 when the user does not exist)', coOrganizerQuery, async (input, user) =>
    addCoOrganizer(deps(), user, input.meetingId, input.userId),
  );

  call('get', P.meetingDeleteCoOrganizer, 'Remove a co-organiser (owner)', coOrganizerQuery, async (input, user) =>
    deleteCoOrganizer(deps(), user, input.meetingId, input.userId),
  );

  call('get', P.coOrganizerCandidates, 'Portal users by username or name, for the co-organiser picker', coOrganizerCandidatesQuery, async (input) =>
    coOrganizerCandidates(deps(), input.keyword),
  );

  call(
    'get',
    P.doctorCandidates,
    "Doctors within the caller's data scope by name, pinyin or initials, for the attendee picker",
    coOrganizerCandidatesQuery,
    async (input, user) => searchDoctors(app.ctx.database.db, user, input.keyword),
  );

  call('post', P.meetingAddAttendees, "Invite doctors (each within the caller's data scope, else 404) with a role", addAttendeesRequest, async (input, user) =>
    addAttendees(deps(), user, input),
  );

  call('post', P.meetingUpdateAttendee, "An attendee's RSVP, role, attendance (check-in time) and feedback score", updateAttendeeRequest, async (input, user) =>
    updateAttendee(deps(), user, input),
  );

  call('post', P.meetingDeleteAttendee, 'Remove an attendee', deleteAttendeeRequest, async (input, user) => deleteAttendee(deps(), user, input));

  r.post(P.uploadPoster, {
    config,
    schema: { tags, summary: 'Upload the poster: form field meetingId, then one JPG or PNG (5 MB) checked by its bytes', consumes: ['multipart/form-data'] },
    handler: async (request) => receivePoster(request, deps(), currentUser(request)),
  });

  r.get(P.poster, {
    config: { ...config, raw: true },
    schema: { tags, summary: "The meeting's poster image", params: meetingPosterParams },
    handler: async (request, reply) => {
      const meeting = await teamMeeting(deps().db, currentUser(request), request.params.meetingId);
      const file = meeting.poster_key ? await app.ctx.files.open(meeting.poster_key) : undefined;
      if (!file || !meeting.poster_mime) throw new AppError(404, 'meeting.noPoster');
      return reply
        .header('content-type', meeting.poster_mime)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition('inline', `meeting-${meeting.id}-poster.${meeting.poster_mime === 'image/png' ? 'png' : 'jpg'}`))
        .send(file.stream);
    },
  });

  call(
    'get',
    P.meetingReport,
    'The meeting report: attendance, RSVP, speakers, feedback, doctors reached and every attendee',
    meetingIdQuery,
    async (input, user) => meetingReport(deps(), user, input.meetingId),
  );

  r.get(P.meetingReportExport, {
    config: { ...config, raw: true },
    schema: { tags, summary: 'The meeting report as .xlsx', querystring: meetingIdQuery },
    handler: async (request, reply) => {
      const report = await meetingReport(deps(), currentUser(request), request.query.meetingId);
      const bytes = await reportWorkbook(report, request.lang);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', reportFileName(report)))
        .send(bytes);
    },
  });

  r.get(P.sendMeetingReportToEmail, {
    config,
    schema: {
      tags,
      summary:
        'E-mail the report (.xlsx attached) through SMTP_URL; without a mail server it is written to DATA_DIR/outbox and the answer says it was not sent',
      querystring: sendReportQuery,
    },
    handler: async (request): Promise<MeetingMailResult> => {
      const report = await meetingReport(deps(), currentUser(request), request.query.meetingId);
      const bytes = await reportWorkbook(report, request.lang);
      const email = request.query.email;
      const { subject, text } = reportMail(report, request.lang);
      let result;
      try {
        result = await sendMail(
          app.ctx.config,
          { to: email, subject, text, attachment: { filename: reportFileName(report), content: bytes, contentType: XLSX_TYPE } },
          app.ctx.now(),
        );
      } catch (error) {
        request.log.warn({ err: error }, 'meeting report mail refused');
        throw new AppError(502, 'meeting.mailFailed', { reason: (error as Error).message.slice(0, 200) });
      }
      return result.transport === 'smtp'
        ? { transport: 'smtp', message: message('meeting.reportSent', request.lang, { email }), file: null }
        : { transport: 'outbox', message: message('meeting.reportOutboxed', request.lang, { file: result.file }), file: result.file };
    },
  });

  // Any signed-in user: only the caller's own meetings are listed.
  r.get(P.meetingNews, {
    schema: { tags, summary: "Meeting messages: the caller's meetings of the last 30 days and ahead, with what each means now", querystring: meetingNewsQuery },
    handler: async (request) => meetingNews(deps(), currentUser(request)),
  });
}
