import { describe, expect, it } from 'vitest';
import { addDoctorRequest, dataCollectionForm, MAINLAND_MOBILE, updatePhoneQuery } from './index.js';

/** Issue 34: one mobile-number rule — a data request and the add-doctor wizard accept the same numbers. */
describe('the one mainland mobile rule', () => {
  const accepted = ['13800138000', '14512345678', '15912345678', '16612345678', '17712345678', '18612345678', '19912345678', ' 19112345678 '];
  const refused = ['12345678901', '10012345678', '1380013800', '138001380000', '23800138000', '1380013800a', '+8613800138000'];

  it('is a China mainland mobile number: 11 digits, 1 then 3 to 9 (16x and 19x included)', () => {
    for (const n of accepted) expect(MAINLAND_MOBILE.test(n.trim())).toBe(true);
    for (const n of refused) expect(MAINLAND_MOBILE.test(n)).toBe(false);
  });

  it('data requests, new doctors and doctors’ phones accept and refuse the same numbers', () => {
    // whatever else the form says, the number itself is accepted when no issue names its field
    const phoneAccepted = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }, field: string) =>
      result.success || !result.error!.issues.some((issue) => issue.path[0] === field);
    const request = (contactPhone: string) => phoneAccepted(dataCollectionForm.safeParse({ contactName: '王伟', contactPhone }), 'contactPhone');
    const doctor = (phone: string) => phoneAccepted(addDoctorRequest.safeParse({ name: '张三', phone }), 'phone');
    const update = (phone: string) => phoneAccepted(updatePhoneQuery.safeParse({ doctorId: '1', phone }), 'phone');
    for (const n of [...accepted, ...refused]) {
      const expected = MAINLAND_MOBILE.test(n.trim());
      expect([n, request(n)]).toEqual([n, expected]);
      expect([n, update(n)]).toEqual([n, expected]);
      expect([n, doctor(n)]).toEqual([n, expected]);
    }
  });
});
