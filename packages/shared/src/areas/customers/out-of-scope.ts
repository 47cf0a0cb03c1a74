/**
 * A doctor named by something else a reader sees (a task, a visit, a call, a meeting attendee)
 * when the doctor lies outside the reader's data scope: the row stays, and says only that such a
 * doctor is concerned — no name, hospital, department, title or id (docs/decisions/0036).
 * Kept apart from the customer area's other messages so that the screens showing such rows load
 * only this one.
 */
export interface DoctorOutOfScope {
  outOfScope: true;
}

/** Whether a named doctor is the out-of-scope marker rather than the doctor. */
export function isDoctorOutOfScope(doctor: object): doctor is DoctorOutOfScope {
  return 'outOfScope' in doctor && doctor.outOfScope === true;
}

/** What a screen, export or e-mail shows in place of such a doctor. */
export const DOCTOR_OUT_OF_SCOPE_MESSAGES = {
  'dataScope.doctorOutOfScope': { zh: '数据权限范围外的医生', en: 'A doctor outside your data scope' },
} as const;
