import { isDoctorOutOfScope, type AttendeeDoctor, type AttendeePart, type MeetingAttendee } from '@field-portal/shared';

/** An attendee as the tables show it: its doctor, or null for one outside the reader's data scope (docs/decisions/0036). */
export interface AttendeeRow extends AttendeePart {
  key: string;
  doctor: AttendeeDoctor | null;
}

/** The attendees as table rows; those outside the reader's scope carry no doctor id, so their key is their place in the list. */
export function attendeeRows(attendees: readonly MeetingAttendee[]): AttendeeRow[] {
  return attendees.map((a, i) => {
    const part: AttendeePart = { rsvp: a.rsvp, role: a.role, attended: a.attended, checkInTime: a.checkInTime, feedbackScore: a.feedbackScore };
    if (isDoctorOutOfScope(a)) return { ...part, key: `out-of-scope-${i}`, doctor: null };
    const { doctorId, doctorName, hospital, department, title, departmentCode, titleCode } = a;
    return { ...part, key: String(doctorId), doctor: { doctorId, doctorName, hospital, department, title, departmentCode, titleCode } };
  });
}
