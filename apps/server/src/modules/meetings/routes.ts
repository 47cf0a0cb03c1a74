import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { currentUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { contentDisposition } from '../../platform/file-types.js';
import { XLSX_TYPE } from '../push/excel.js';
import { searchDoctors } from './doctors.js';
import { sendMail } from './mail.js';
import { receivePoster } from './poster.js';
import { meetingReport, reportFileName, reportWorkbook } from './report.js';
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

  r.get(P.meetingList, {
    config,
    schema: { tags, summary: "The caller's meetings (owner or co-organiser), newest start first; result {list, total, totalCapped, nextCursor}", querystring: meetingListQuery },
    handler: async (request) => listMeetings(deps(), currentUser(request), request.query),
  });

  r.post(P.meetingMetadataList, {
    config,
    schema: { tags, summary: "Meeting types, statuses, RSVP values and roles, with the caller's meetings by status and their cities", body: meetingMetadataRequest },
    handler: async (request) => meetingMetadata(deps(), currentUser(request)),
  });

  r.get(P.meetingDetail, {
    config,
    schema: { tags, summary: 'One meeting with its team and attendees (404 unless the caller is on its team)', querystring: meetingIdQuery },
    handler: async (request) => meetingDetail(deps(), currentUser(request), request.query.meetingId),
  });

  r.post(P.saveMeeting, {
    config,
    schema: { tags, summary: 'Create a draft meeting (no id) or change one the caller owns while it is a draft or planned', body: saveMeetingRequest },
    handler: async (request) => saveMeeting(deps(), currentUser(request), request.body),
  });

  r.post(P.meetingStatus, {
    config,
    schema: { tags, summary: 'Move the lifecycle: draft → planned → held → closed, or cancelled before it is held (owner)', body: meetingStatusRequest },
    handler: async (request) => changeStatus(deps(), currentUser(request), request.body.meetingId, request.body.status),
  });

  r.get(P.meetingCoOrganizer, {
    config,
    schema: { tags, summary: 'The co-organisers of a meeting', querystring: meetingIdQuery },
    handler: async (request) => listCoOrganizers(deps(), currentUser(request), request.query.meetingId),
  });

  r.get(P.meetingAddCoOrganizer, {
    config,
    schema: { tags, summary: 'Add a portal user to the team (owner; 404 when the user does not exist)', querystring: coOrganizerQuery },
    handler: async (request) => addCoOrganizer(deps(), currentUser(request), request.query.meetingId, request.query.userId),
  });

  r.get(P.meetingDeleteCoOrganizer, {
    config,
    schema: { tags, summary: 'Remove a co-organiser (owner)', querystring: coOrganizerQuery },
    handler: async (request) => deleteCoOrganizer(deps(), currentUser(request), request.query.meetingId, request.query.userId),
  });

  r.get(P.coOrganizerCandidates, {
    config,
    schema: { tags, summary: 'Portal users by username or name, for the co-organiser picker', querystring: coOrganizerCandidatesQuery },
    handler: async (request) => coOrganizerCandidates(deps(), request.query.keyword),
  });

  r.get(P.doctorCandidates, {
    config,
    schema: { tags, summary: "Doctors within the caller's data scope by name, pinyin or initials, for the attendee picker", querystring: coOrganizerCandidatesQuery },
    handler: async (request) => searchDoctors(app.ctx.database.db, currentUser(request), request.query.keyword),
  });

  r.post(P.meetingAddAttendees, {
    config,
    schema: { tags, summary: "Invite doctors (each within the caller's data scope, else 404) with a role", body: addAttendeesRequest },
    handler: async (request) => addAttendees(deps(), currentUser(request), request.body),
  });

  r.post(P.meetingUpdateAttendee, {
    config,
    schema: { tags, summary: "An attendee's RSVP, role, attendance (check-in time) and feedback score", body: updateAttendeeRequest },
    handler: async (request) => updateAttendee(deps(), currentUser(request), request.body),
  });

  r.post(P.meetingDeleteAttendee, {
    config,
    schema: { tags, summary: 'Remove an attendee', body: deleteAttendeeRequest },
    handler: async (request) => deleteAttendee(deps(), currentUser(request), request.body),
  });

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

  r.get(P.meetingReport, {
    config,
    schema: { tags, summary: 'The meeting report: attendance, RSVP, speakers, feedback, doctors reached and every attendee', querystring: meetingIdQuery },
    handler: async (request) => meetingReport(deps(), currentUser(request), request.query.meetingId),
  });

  r.get(P.meetingReportExport, {
    config: { ...config, raw: true },
    schema: { tags, summary: 'The meeting report as .xlsx', querystring: meetingIdQuery },
    handler: async (request, reply) => {
      const report = await meetingReport(deps(), currentUser(request), request.query.meetingId);
      const bytes = await reportWorkbook(report, request.lang);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition('attachment', reportFileName(report))).send(bytes);
    },
  });

  r.get(P.sendMeetingReportToEmail, {
    config,
    schema: {
      tags,
      summary: 'E-mail the report (.xlsx attached) through SMTP_URL; without a mail server it is written to DATA_DIR/outbox and the answer says it was not sent',
      querystring: sendReportQuery,
    },
    handler: async (request): Promise<MeetingMailResult> => {
      const report = await meetingReport(deps(), currentUser(request), request.query.meetingId);
      const bytes = await reportWorkbook(report, request.lang);
      const email = request.query.email;
      const subject = `${request.lang === 'zh' ? '会议报告' : 'Meeting report'}: ${report.meeting.title}`;
      const text = [
        report.meeting.title,
        `${report.meeting.startTime} – ${report.meeting.endTime}, ${report.meeting.city}`,
        `invited ${report.invited}, attended ${report.attended} (${report.attendanceRate}%), doctors reached ${report.doctorsReached}, speakers ${report.speakers.length}`,
        `feedback ${report.feedback.count}, average ${report.feedback.average ?? '-'}`,
      ].join('\n');
      let result;
      try {
        result = await sendMail(app.ctx.config, { to: email, subject, text, attachment: { filename: reportFileName(report), content: bytes, contentType: XLSX_TYPE } }, app.ctx.now());
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
