import { queryOptions } from '@tanstack/react-query';
import {
  API,
  type AttendeeRole,
  type MeetingAttendee,
  type MeetingDetail,
  type MeetingDoctor,
  type MeetingListPage,
  type MeetingListQuery,
  type MeetingMailResult,
  type MeetingMetadata,
  type MeetingNewsItem,
  type MeetingPerson,
  type MeetingReport,
  type MeetingStatus,
  type Rsvp,
  type SaveMeetingRequest,
} from '@field-portal/shared';
import { downloadAuthorised } from '@/lib/download';
import { getResult, http, postResult } from '@/lib/http';

/** Calls of the meetings area (spec 001 section 7.6; docs/decisions/0020). */
const P = API.meetings;
const compact = (params: object) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export const meetingKeys = {
  all: ['meetings'] as const,
  list: (query: MeetingListQuery) => ['meetings', 'list', query] as const,
  detail: (id: number) => ['meetings', 'detail', id] as const,
  report: (id: number) => ['meetings', 'report', id] as const,
  metadata: ['meetings', 'metadata'] as const,
  news: ['meetings', 'news'] as const,
  users: (keyword: string) => ['meetings', 'users', keyword] as const,
};

export const meetingListQuery = (query: MeetingListQuery) =>
  queryOptions({ queryKey: meetingKeys.list(query), queryFn: () => getResult<MeetingListPage>(P.meetingList, { params: compact(query) }) });
export const meetingDetailQuery = (id: number) =>
  queryOptions({ queryKey: meetingKeys.detail(id), queryFn: () => getResult<MeetingDetail>(P.meetingDetail, { params: { meetingId: id } }) });
export const meetingReportQuery = (id: number) =>
  queryOptions({ queryKey: meetingKeys.report(id), queryFn: () => getResult<MeetingReport>(P.meetingReport, { params: { meetingId: id } }) });
export const meetingMetadataQuery = () =>
  queryOptions({ queryKey: meetingKeys.metadata, queryFn: () => postResult<MeetingMetadata>(P.meetingMetadataList, {}) });
export const meetingNewsQuery = () => queryOptions({ queryKey: meetingKeys.news, queryFn: () => getResult<MeetingNewsItem[]>(P.meetingNews) });
export const userSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: meetingKeys.users(keyword),
    queryFn: () => getResult<MeetingPerson[]>(P.coOrganizerCandidates, { params: { keyword } }),
    staleTime: 30_000,
  });

export const doctorSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['meetings', 'doctors', keyword] as const,
    queryFn: () => getResult<MeetingDoctor[]>(P.doctorCandidates, { params: { keyword } }),
    staleTime: 30_000,
  });

export const saveMeeting = (body: SaveMeetingRequest) => postResult<MeetingDetail>(P.saveMeeting, body);
export const changeMeetingStatus = (meetingId: number, status: MeetingStatus) => postResult<MeetingDetail>(P.meetingStatus, { meetingId, status });
export const addCoOrganizer = (meetingId: number, userId: number) => getResult<MeetingPerson[]>(P.meetingAddCoOrganizer, { params: { meetingId, userId } });
export const deleteCoOrganizer = (meetingId: number, userId: number) =>
  getResult<MeetingPerson[]>(P.meetingDeleteCoOrganizer, { params: { meetingId, userId } });
export const addAttendees = (meetingId: number, doctorIds: number[], role: AttendeeRole) =>
  postResult<MeetingAttendee[]>(P.meetingAddAttendees, { meetingId, doctorIds, role });
export const updateAttendee = (
  meetingId: number,
  doctorId: number,
  change: { rsvp?: Rsvp; role?: AttendeeRole; attended?: boolean; feedbackScore?: number | null },
) => postResult<MeetingAttendee[]>(P.meetingUpdateAttendee, { meetingId, doctorId, ...change });
export const deleteAttendee = (meetingId: number, doctorId: number) => postResult<MeetingAttendee[]>(P.meetingDeleteAttendee, { meetingId, doctorId });
export const sendReport = (meetingId: number, email: string) => getResult<MeetingMailResult>(P.sendMeetingReportToEmail, { params: { meetingId, email } });
/** The report as an .xlsx, under the name the server gives it. */
export const exportReport = (meetingId: number) => downloadAuthorised(P.meetingReportExport, { meetingId });

export async function uploadPoster(meetingId: number, file: File): Promise<{ posterUrl: string }> {
  const form = new FormData();
  form.append('meetingId', String(meetingId));
  form.append('file', file);
  const response = await http.post<{ result: { posterUrl: string } }>(P.uploadPoster, form);
  return response.data.result;
}
