import type { AttendeeRole, MeetingStatus, MeetingType, Rsvp } from './paths.js';
import type { DoctorOutOfScope } from '../customers/out-of-scope.js';

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
  /** The department (the sub-department when there is one) and the title as the database names them, in Chinese. */
  department: string;
  title: string;
  /** Their codes, for their names in the reader's language (`distinctDepartmentName`, `doctorTitleName`). */
  departmentCode: string;
  titleCode: string;
}

/** The attendee's doctor, inside the reader's data scope. */
export interface AttendeeDoctor {
  doctorId: number;
  doctorName: string;
  hospital: string;
  /** As `MeetingDoctor`'s: the names in Chinese, and the codes for the reader's language. */
  department: string;
  title: string;
  departmentCode: string;
  titleCode: string;
}

/** An attendee's part in the meeting, whoever the doctor. */
export interface AttendeePart {
  rsvp: Rsvp;
  role: AttendeeRole;
  attended: boolean;
  checkInTime: string | null;
  feedbackScore: number | null;
}

/**
 * One attendee. A doctor outside the reader's data scope stays a row (the counts hold it) with
 * only the marker in place of the doctor (docs/decisions/0036); the reader cannot change it.
 */
export type MeetingAttendee = AttendeePart & (AttendeeDoctor | DoctorOutOfScope);

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
