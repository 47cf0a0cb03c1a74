import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  type ActivityPage,
  type BusinessRecordItem,
  type DoctorInfo,
  type DoctorPage,
  type HospitalDetail,
  type HospitalOption,
  type HospitalPage,
  type ImportBatchResult,
} from '@field-portal/shared';
import { callers, ok, signIn } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

/** A doctor or hospital an import deactivated leaves the current lists, keeps its history (docs/decisions/0050). */

let h: Harness;
const tokens: Record<string, string> = {};
const { get, post } = callers(() => h, tokens);
const C = API.customers;

interface Picked {
  doctorId: number;
  doctorName: string;
  range: string;
  hospitalId: number;
  hospitalName: string;
  visits: number;
  tags: number;
}
let picked: Picked;

const one = async <T>(query: string) => (await h.database.query<T>(query))[0]!;
const n = async (query: string) => Number((await one<{ n: number | string }>(query)).n);
/** The kept counts equal the active doctor rows, whichever way a doctor's `active` went. */
async function expectKeptCountsEqualRows() {
  expect(await n('select coalesce(sum(doctors), 0) as n from doctor_hospital_counts')).toBe(await n('select count(*) as n from doctors where active'));
  expect(await n('select coalesce(sum(doctors), 0) as n from doctor_profile_counts')).toBe(await n('select count(*) as n from doctors where active'));
  expect(await n(`select coalesce(sum(doctors), 0) as n from doctor_hospital_counts where hospital_id = ${picked.hospitalId}`)).toBe(
    await n(`select count(*) as n from doctors where active and hospital_id = ${picked.hospitalId}`),
  );
}
const doctorIdsNamed = async (name: string) =>
  ok<DoctorPage>(await get('admin', C.doctor.list, { doctorRange: picked.range, search: name, size: 100 })).content.map((d) => d.id);

beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['admin'], tokens);
  // A demo doctor with submitted visits, and a hospital other than its own; both given the company's code so an import can name them.
  const d = await one<{ id: number; name: string; doctor_range: string; hospital_id: number }>(
    `select d.id, d.name, d.doctor_range, d.hospital_id from doctors d where exists (select 1 from visit_records v where v.doctor_id = d.id and v.status = 1) order by d.id limit 1`,
  );
  const hosp = await one<{ id: number; name: string }>(
    `select id, name from hospitals where id <> ${d.hospital_id} and exists (select 1 from doctors x where x.hospital_id = hospitals.id) order by id limit 1`,
  );
  await h.database.query(`update doctors set code = 'INACTIVE-D1' where id = ${d.id}`);
  await h.database.query(`update hospitals set code = 'INACTIVE-H1' where id = ${hosp.id}`);
  // A tag on the doctor before it goes: history that stays.
  const tag = ok<{ id: number }>(await post('admin', C.tag.add, { name: '停用前标签' }));
  ok(await post('admin', C.tag.doctorTagUpdate, { doctorIds: [d.id], addTagIds: [tag.id] }));
  picked = {
    doctorId: d.id,
    doctorName: d.name,
    range: d.doctor_range,
    hospitalId: hosp.id,
    hospitalName: hosp.name,
    visits: await n(`select count(*) as n from visit_records where doctor_id = ${d.id}`),
    tags: await n(`select count(*) as n from doctor_tags where doctor_id = ${d.id}`),
  };
});
afterAll(async () => h?.close());

describe('deactivated customers', () => {
  it('a deactivated doctor leaves the lists and counts, and keeps its visits, tags and detail', async () => {
    expect(await doctorIdsNamed(picked.doctorName)).toContain(picked.doctorId);
    const before = ok<DoctorPage>(await get('admin', C.doctor.list, { doctorRange: picked.range, size: 1 }));
    const coveredBefore = await n(`select count(*) as n from doctors where active`);
    expect(picked.visits).toBeGreaterThan(0);

    const off = ok<ImportBatchResult>(await post('admin', API.imports.deactivateDoctors, { codes: ['INACTIVE-D1'] }));
    expect(off.results.map((r) => r.status)).toEqual(['deactivated']);

    expect(await doctorIdsNamed(picked.doctorName)).not.toContain(picked.doctorId);
    const after = ok<DoctorPage>(await get('admin', C.doctor.list, { doctorRange: picked.range, size: 1 }));
    if (!before.capped && !after.capped) expect(after.total).toBe(before.total - 1);
    if (!before.scopeCapped && !after.scopeCapped) expect(after.scopeTotal).toBe(before.scopeTotal - 1);
    expect(await n(`select count(*) as n from doctors where active`)).toBe(coveredBefore - 1);
    await expectKeptCountsEqualRows();

    // History: the detail, its visits and its tags stay.
    expect(ok<DoctorInfo>(await get('admin', C.doctor.info, { doctorId: picked.doctorId })).id).toBe(picked.doctorId);
    expect(await n(`select count(*) as n from visit_records where doctor_id = ${picked.doctorId}`)).toBe(picked.visits);
    expect(await n(`select count(*) as n from doctor_tags where doctor_id = ${picked.doctorId}`)).toBe(picked.tags);
    const record = ok<ActivityPage<BusinessRecordItem>>(await get('admin', API.activity.businessRecord, { doctorId: picked.doctorId }));
    expect(record.list.length).toBeGreaterThan(0);
  });

  it('the kept counts follow a doctor made active again', async () => {
    await h.database.query(`update doctors set active = true where id = ${picked.doctorId}`);
    expect(await doctorIdsNamed(picked.doctorName)).toContain(picked.doctorId);
    await expectKeptCountsEqualRows();
    await h.database.query(`update doctors set active = false where id = ${picked.doctorId}`);
    await expectKeptCountsEqualRows();
  });

  it('a deactivated hospital leaves the hospital list, count and pickers, and its detail stays reachable', async () => {
    const keyword = picked.hospitalName;
    const listed = async () => ok<HospitalPage>(await get('admin', C.hospital.list, { keyword, size: 100 })).content.map((x) => x.id);
    const picker = async () => ok<HospitalOption[]>(await get('admin', C.doctor.queryXjpHospital, { keyword })).map((x) => x.id);
    const counted = async () => ok<{ count: number }>(await get('admin', C.hospital.count, { keyword })).count;
    expect(await listed()).toContain(picked.hospitalId);
    expect(await picker()).toContain(picked.hospitalId);
    const countBefore = await counted();

    const off = ok<ImportBatchResult>(await post('admin', API.imports.deactivateHospitals, { codes: ['INACTIVE-H1'] }));
    expect(off.results.map((r) => r.status)).toEqual(['deactivated']);

    expect(await listed()).not.toContain(picked.hospitalId);
    expect(await picker()).not.toContain(picked.hospitalId);
    expect(await counted()).toBe(countBefore - 1);
    expect(ok<HospitalDetail>(await get('admin', C.hospital.byId, { id: picked.hospitalId })).id).toBe(picked.hospitalId);
  });

  it('a hospital counts its current doctors only', async () => {
    const detail = async () => ok<HospitalDetail>(await get('admin', C.hospital.byId, { id: picked.hospitalId })).doctorCount;
    const before = await detail();
    const doctor = await one<{ id: number }>(`select id from doctors where hospital_id = ${picked.hospitalId} and active order by id limit 1`);
    await h.database.query(`update doctors set active = false where id = ${doctor.id}`);
    expect(await detail()).toBe(before - 1);
    await expectKeptCountsEqualRows();
  });
});
