import { describe, expect, it } from 'vitest';
import type { MeetingAttendee } from '@field-portal/shared';
import { attendeeRows } from './attendee-rows';

const part = { rsvp: 'accepted', role: 'speaker', attended: true, checkInTime: null, feedbackScore: 4 } as const;

describe('attendee rows', () => {
  it('keeps a doctor outside the reader’s scope as a row without a doctor, keyed by its place', () => {
    const attendees: MeetingAttendee[] = [
      { outOfScope: true, ...part },
      {
        doctorId: 7,
        doctorName: '王医生',
        hospital: '瑞金医院',
        department: '心内科',
        title: '主任医师',
        departmentCode: '03',
        titleCode: 'CHIEF',
        ...part,
        role: 'attendee',
      },
      { outOfScope: true, ...part, role: 'chair' },
    ];
    const rows = attendeeRows(attendees);
    expect(rows.map((r) => [r.key, r.doctor?.doctorName ?? null, r.role])).toEqual([
      ['out-of-scope-0', null, 'speaker'],
      ['7', '王医生', 'attendee'],
      ['out-of-scope-2', null, 'chair'],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
    expect(rows[0]).toMatchObject({ attended: true, feedbackScore: 4 });
  });
});
