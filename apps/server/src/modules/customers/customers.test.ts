import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  CUSTOMERS_LIMITS,
  fillPath,
  message,
  type CorrectionRow,
  type Distribution,
  type DoctorInfo,
  type DoctorPage,
  type HospitalPage,
  type TagRow,
} from '@field-portal/shared';
import { callers, expectError, ok, signIn, type Lang } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { fillHospitalProvinceCodes } from './hospitals.js';

let h: Harness;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['admin', 'rep01', 'rep02', 'rep04', 'operator'], tokens);
  // On PostgreSQL the demo data (20,000 doctors) is seeded for this file; a loaded machine needs time.
}, 180_000);
afterAll(async () => h?.close());

const C = API.customers;
const { call, read: get } = callers(() => h, tokens);
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);
const n = async (text: string, params: unknown[] = []) => Number((await q<{ n: string }>(text, params))[0]!.n);
const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
const list = (user: string, params: Record<string, string | number>, lang: Lang = 'zh') => get(user, `${C.doctor.list}?${qs(params)}`, lang);
const doctors = async (user: string, params: Record<string, string | number>) => ok<DoctorPage>(await list(user, params));

describe('reference data and the national dataset', () => {
  it('seeds mainland regions with codes and tiers, the department taxonomy and the coded lists', async () => {
    expect(await n(`select count(*) as n from regions where level = 1`)).toBe(31);
    expect((await q<{ city_level: number }>(`select city_level from regions where code = '310100'`))[0]!.city_level).toBe(1);
    expect((await q<{ name: string }>(`select name from departments where code = '03.04'`))[0]!.name).toBe('心血管内科专业');
    const titles = ok<{ code: string; name: string; levelCode: string }[]>(await get('rep01', C.add.title));
    expect(titles.map((t) => t.name)).toEqual(['主任医师', '副主任医师', '主治医师', '住院医师']);
    expect(ok<{ code: string }[]>(await get('rep01', `${C.add.title}?levelCode=SENIOR`)).map((t) => t.code)).toEqual(['CHIEF']);
    expect(ok<{ name: string }[]>(await get('rep01', C.add.titleLevel)).map((t) => t.name)).toEqual(['正高级', '副高级', '中级', '初级']);
    const level1 = ok<{ code: string; name: string }[]>(await get('rep01', C.add.oneLevelDepartment));
    expect(level1.find((d) => d.code === '03')?.name).toBe('内科');
    expect(ok<{ code: string }[]>(await get('rep01', `${C.add.twoLevelDepartment}?parentCode=03`)).map((d) => d.code)).toContain('03.04');
    expect(ok<{ code: string }[]>(await get('admin', C.add.province))).toHaveLength(31);
    expect(ok<{ code: string; name: string }[]>(await get('rep01', `${C.add.city}?provinceCode=330000`)).map((c) => c.name)).toContain('杭州市');
    expect(ok<string[]>(await get('rep01', `${C.add.indication}?dept1Code=03&dept2Code=03.04`))).toContain('心力衰竭');
    expect(ok<string[]>(await get('rep01', `${C.add.indication}?keyword=${encodeURIComponent('糖尿病')}`))).toContain('2型糖尿病');
    expect(ok<{ code: string }[]>(await get('rep01', C.doctor.position)).map((p) => p.code)).toContain('DIRECTOR');
    const tree = ok<{ code: string; children: unknown[] }[]>(await get('rep01', C.doctor.queryDepartment));
    expect(tree.find((d) => d.code === '04')!.children.length).toBeGreaterThan(5);
    expectError(await get('rep01', `${C.add.city}?provinceCode=abc`), 400, 'customers.code.invalid', 'zh', { field: 'provinceCode' });
  });

  it('holds about 2,000 hospitals by real grade proportions and 20,000 doctors with affiliations and tags', async () => {
    expect(await n(`select count(*) as n from hospitals`)).toBe(2000);
    expect(await n(`select count(*) as n from doctors`)).toBe(20000);
    const top = await n(`select count(*) as n from hospitals where level = '3A'`);
    expect(top).toBeGreaterThan(50);
    expect(top).toBeLessThan(150);
    expect(await n(`select count(*) as n from doctor_affiliations where is_primary`)).toBe(20000);
    expect(await n(`select count(*) as n from doctor_affiliations where not is_primary`)).toBeGreaterThan(100);
    expect(
      await n(`select count(*) as n from doctors d join doctor_affiliations a on a.doctor_id = d.id and a.is_primary where a.hospital_id <> d.hospital_id`),
    ).toBe(0);
    expect(await n(`select count(distinct province_code) as n from hospitals`)).toBe(31);
    expect(await n(`select count(*) as n from doctors where pinyin = '' or initials = ''`)).toBe(0);
    // Doctors crowd into the top grades: a 3A hospital holds far more than an ungraded one.
    const perTop = await n(`select count(*) / count(distinct h.id) as n from doctors d join hospitals h on h.id = d.hospital_id where h.level = '3A'`);
    const perNone = await n(`select count(*) / count(distinct h.id) as n from doctors d join hospitals h on h.id = d.hospital_id where h.level = 'NONE'`);
    expect(perTop).toBeGreaterThan(perNone * 10);
  });
});

describe('hospitals of a database older than the region list', () => {
  it('take the code of the province their name names, once the regions are written; an unknown name keeps none', async () => {
    const ids = (
      await q<{ id: number }>(
        `insert into hospitals (name, province, province_code) values ('旧库医院甲', '上海市', ''), ('旧库医院乙', '不存在省', ''), ('旧库医院丙', '上海市', '440000') returning id`,
      )
    ).map((r) => Number(r.id));
    try {
      await fillHospitalProvinceCodes(h.database.db);
      const codes = await q<{ name: string; province_code: string }>(`select name, province_code from hospitals where id = any($1::int[]) order by id`, [ids]);
      expect(codes.map((r) => r.province_code)).toEqual(['310000', '', '440000']);
    } finally {
      await q(`delete from hospitals where id = any($1::int[])`, [ids]);
    }
  });
});

describe('doctor list', () => {
  it('needs the doctor range, refuses a sixth search condition and unknown codes, with messages naming the field', async () => {
    expectError(await get('rep01', C.doctor.list), 400, 'customers.doctorRange.required', 'zh', { field: 'doctorRange' });
    expectError(await get('rep01', C.doctor.list, 'en'), 400, 'customers.doctorRange.required', 'en', { field: 'doctorRange' });
    expectError(await list('rep01', { doctorRange: 'internal', search: 'a b c d e f' }), 400, 'customers.search.tooMany', 'zh', { field: 'search' });
    expect((await list('rep01', { doctorRange: 'internal', search: 'a b c d e' })).statusCode).toBe(200);
    expectError(await list('rep01', { doctorRange: 'internal', provinceCodes: '990000' }, 'en'), 400, 'customers.code.unknown', 'en', {
      field: 'provinceCodes',
      code: '990000',
    });
    expectError(await list('rep01', { doctorRange: 'internal', dept1Codes: '98' }), 400, 'customers.code.unknown', 'zh', { field: 'dept1Codes', code: '98' });
    expectError(await list('rep01', { doctorRange: 'internal', titleCodes: 'NOPE' }), 400, 'customers.code.unknown', 'zh', {
      field: 'titleCodes',
      code: 'NOPE',
    });
    expectError(await list('rep01', { doctorRange: 'internal', cursor: 'bm9wZQ' }), 400, 'page.cursorInvalid', 'zh', { field: 'cursor' });
    expectError(await list('rep01', { doctorRange: 'everyone' }), 400, 'customers.doctorRange.required', 'zh', { field: 'doctorRange' });
    expect((await list('rep01', { doctorRange: 'internal', size: 101 })).statusCode).toBe(400);
  });

  it('caps the total at 10,000 and pages by keyset without repeating a doctor', async () => {
    const all = await n(`select count(*) as n from doctors where doctor_range = 'internal'`);
    expect(all).toBeGreaterThan(CUSTOMERS_LIMITS.countCap);
    const first = await doctors('admin', { doctorRange: 'internal', size: 50 });
    expect(first.total).toBe(CUSTOMERS_LIMITS.countCap);
    expect(first.capped).toBe(true);
    expect(first.scopeCapped).toBe(true);
    expect(first.content).toHaveLength(50);
    const second = await doctors('admin', { doctorRange: 'internal', size: 50, cursor: first.nextCursor! });
    expect(second.content[0]!.id).toBeGreaterThan(first.content[49]!.id);
    expect(new Set([...first.content, ...second.content].map((d) => d.id)).size).toBe(100);
    const expected = (await q<{ id: number }>(`select id from doctors where doctor_range = 'internal' order by id limit 100`)).map((r) => Number(r.id));
    expect([...first.content, ...second.content].map((d) => d.id)).toEqual(expected);
  });

  it('applies every filter of spec 001 section 3, each matching the rows of the database', async () => {
    const sample = (
      await q<Record<string, unknown>>(
        `select * from doctors where doctor_range = 'internal' and dept2_code is not null and direction_code is not null and teaching_title_code is not null and outpatient_type is not null and cardinality(indications) > 0 order by id limit 1`,
      )
    )[0]!;
    const cases: [Record<string, string | number>, string, unknown[]][] = [
      [{ provinceCodes: String(sample.province_code) }, 'province_code = $1', [sample.province_code]],
      [{ cityCodes: String(sample.city_code) }, 'city_code = $1', [sample.city_code]],
      [{ countyCodes: String(sample.county_code) }, 'county_code = $1', [sample.county_code]],
      [{ cityLevels: '1,2' }, 'city_level in (1, 2)', []],
      [{ hospitalIds: String(sample.hospital_id) }, 'hospital_id = $1', [sample.hospital_id]],
      [{ dept1Codes: String(sample.dept1_code) }, 'dept1_code = $1', [sample.dept1_code]],
      [{ dept2Codes: String(sample.dept2_code) }, 'dept2_code = $1', [sample.dept2_code]],
      [{ hospitalLevels: '3A,3B' }, `hospital_level in ('3A', '3B')`, []],
      [{ titleCodes: 'CHIEF,ASSOCIATE_CHIEF' }, `title_code in ('CHIEF', 'ASSOCIATE_CHIEF')`, []],
      [{ teachingTitleCodes: 'PROFESSOR' }, `teaching_title_code = 'PROFESSOR'`, []],
      [{ directionCodes: String(sample.direction_code) }, 'direction_code = $1', [sample.direction_code]],
      [{ indications: (sample.indications as string[])[0]! }, 'indications && array[$1]::text[]', [(sample.indications as string[])[0]]],
      [{ onlinePatientsMin: 100, onlinePatientsMax: 500 }, 'online_patients between 100 and 500', []],
      [{ outpatientDays: '5,6' }, 'outpatient_days in (5, 6)', []],
      [{ outpatientTypes: 'SPECIAL' }, `outpatient_type = 'SPECIAL'`, []],
    ];
    for (const [params, condition, values] of cases) {
      const expected = await n(`select count(*) as n from doctors where doctor_range = 'internal' and ${condition}`, values);
      const page = await doctors('admin', { doctorRange: 'internal', size: 100, ...params });
      expect(page.total, JSON.stringify(params)).toBe(Math.min(expected, CUSTOMERS_LIMITS.countCap));
      expect(expected, JSON.stringify(params)).toBeGreaterThan(0);
    }
    // The doctor range itself: internet doctors only.
    const internet = await doctors('admin', { doctorRange: 'internet', provinceCodes: '310000', size: 100 });
    expect(internet.content.every((d) => d.doctorRange === 'internet')).toBe(true);
    expect(internet.total).toBe(await n(`select count(*) as n from doctors where doctor_range = 'internet' and province_code = '310000'`));
    // Combined: province + department + title, as the benchmark asks.
    const combined = await doctors('admin', { doctorRange: 'internal', provinceCodes: '440000', dept1Codes: '03', titleCodes: 'CHIEF', size: 100 });
    expect(combined.total).toBe(
      await n(`select count(*) as n from doctors where doctor_range = 'internal' and province_code = '440000' and dept1_code = '03' and title_code = 'CHIEF'`),
    );
    expect(combined.content.every((d) => d.provinceCode === '440000' && d.dept1Code === '03' && d.titleCode === 'CHIEF' && d.province === '广东省')).toBe(true);
  });

  it('searches by name, pinyin, initials, hospital and department, up to five conditions together', async () => {
    const d = (
      await q<{ id: number; name: string; pinyin: string; initials: string; hospital: string; dept: string }>(
        `select d.id, d.name, d.pinyin, d.initials, h.name as hospital, dp.name as dept from doctors d join hospitals h on h.id = d.hospital_id join departments dp on dp.code = d.dept1_code
        where d.doctor_range = 'internal' and char_length(d.name) = 3 order by d.id limit 1`,
      )
    )[0]!;
    const ids = async (search: string) => (await doctors('admin', { doctorRange: 'internal', search, size: 100 })).content.map((r) => r.id);
    expect(await ids(d.name)).toContain(Number(d.id));
    expect(await ids(d.pinyin)).toContain(Number(d.id));
    expect(await ids(d.initials.toUpperCase())).toContain(Number(d.id));
    // Two conditions: the name and the hospital; three: and the department.
    expect(await ids(`${d.name} ${d.hospital}`)).toContain(Number(d.id));
    expect(await ids(`${d.name} ${d.hospital} ${d.dept}`)).toContain(Number(d.id));
    const byHospital = await doctors('admin', { doctorRange: 'internal', search: d.hospital, size: 100 });
    expect(byHospital.total).toBe(
      await n(
        `select count(*) as n from doctors x where x.doctor_range = 'internal' and (x.name like $1 || '%' or x.hospital_id in (select id from hospitals where name like '%' || $1 || '%') or x.dept1_code in (select code from departments where level = 1 and name like '%' || $1 || '%') or x.dept2_code in (select code from departments where level = 2 and name like '%' || $1 || '%'))`,
        [d.hospital],
      ),
    );
    // A two-character name inside a scope filter.
    const short = (
      await q<{ name: string; province_code: string }>(
        `select name, province_code from doctors where char_length(name) = 2 and doctor_range = 'internal' order by id limit 1`,
      )
    )[0]!;
    const found = await doctors('admin', { doctorRange: 'internal', search: short.name, provinceCodes: short.province_code, size: 100 });
    expect(found.content.some((r) => r.name === short.name)).toBe(true);
    expect(found.content.every((r) => r.provinceCode === short.province_code)).toBe(true);
    // LIKE wildcards are text, not patterns.
    expect((await doctors('admin', { doctorRange: 'internal', search: '%_', size: 10 })).total).toBe(0);
  });
});

describe('the data scope: a user limited to two hospitals', () => {
  it('lists, counts, distributions, exports, tags and by-id reads agree; outside the scope is 404', async () => {
    const granted = (
      await q<{ v: string }>(
        `select permission_value as v from data_permissions dp join users u on u.id = dp.user_id where u.username = 'rep02' and permission_type = 'hospital' order by 1`,
      )
    ).map((r) => Number(r.v));
    expect(granted).toHaveLength(2);
    for (const range of ['internal', 'internet']) {
      const expected = await n(`select count(*) as n from doctors where doctor_range = $1 and hospital_id in (${granted.join(',')})`, [range]);
      const page = await doctors('rep02', { doctorRange: range, size: 100 });
      expect(page.total).toBe(expected);
      expect(page.scopeTotal).toBe(expected);
      expect(page.content.every((d) => granted.includes(d.hospitalId))).toBe(true);
      for (const dimension of ['department', 'title', 'province', 'city', 'hospital']) {
        const dist = ok<Distribution>(await get('rep02', `${C.doctor.distribution}?${qs({ doctorRange: range, dimension })}`));
        expect(dist.total).toBe(expected);
        if (dimension !== 'department' && dimension !== 'title') expect(dist.items.reduce((s, i) => s + i.count, 0)).toBe(expected);
        if (dimension === 'hospital') expect(dist.items.every((i) => granted.includes(Number(i.key)))).toBe(true);
      }
    }
    const exported = await get('rep02', `${C.doctor.export}?doctorRange=internal`);
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount - 1).toBe(
      await n(`select count(*) as n from doctors where doctor_range = 'internal' and hospital_id in (${granted.join(',')})`),
    );

    const inside = (await q<{ id: number }>(`select id from doctors where hospital_id = $1 order by id limit 1`, [granted[0]]))[0]!.id;
    const outside = (await q<{ id: number }>(`select id from doctors where hospital_id not in (${granted.join(',')}) order by id limit 1`))[0]!.id;
    expect(ok<DoctorInfo>(await get('rep02', `${C.doctor.info}?doctorId=${inside}`)).id).toBe(Number(inside));
    expectError(await get('rep02', `${C.doctor.info}?doctorId=${outside}`), 404, 'customers.doctor.noPanoramic');
    expectError(await get('rep02', `${C.doctor.info}?doctorId=${outside}`, 'en'), 404, 'customers.doctor.noPanoramic', 'en');
    expect(message('customers.doctor.noPanoramic', 'en')).toBe('You do not have permission on panoramic view of this doctor');
    expectError(await get('rep02', `${C.doctor.info}?doctorId=99999999`), 404, 'customers.doctor.noPanoramic');
    expect((await get('rep02', `${C.doctor.wecom}?doctorId=${outside}`)).statusCode).toBe(404);
    expect((await get('rep02', `${C.doctor.updatePhone}?doctorId=${outside}&phone=13800000000`)).statusCode).toBe(404);
    expect((await call('rep02', 'POST', C.doctor.modifyOverrideMode, { doctorId: Number(outside), overrideMode: true })).statusCode).toBe(404);
    expect((await call('rep02', 'POST', C.doctor.correction, { doctorId: Number(outside), content: '职称有误' })).statusCode).toBe(404);
    expect((await call('rep02', 'POST', C.tag.doctorTagUpdate, { doctorIds: [Number(outside)], addTagIds: [1] })).statusCode).toBe(404);
    // Hospitals: only the two, by list, count and id; a third is 404.
    const hospitals = ok<HospitalPage>(await get('rep02', `${C.hospital.list}?size=100`));
    expect(hospitals.content.map((x) => x.id).sort((a, b) => a - b)).toEqual(granted);
    expect(ok<{ count: number }>(await get('rep02', C.hospital.count)).count).toBe(2);
    const other = (await q<{ id: number }>(`select id from hospitals where id not in (${granted.join(',')}) order by id limit 1`))[0]!.id;
    expect((await get('rep02', `${C.hospital.byId}?id=${other}`)).statusCode).toBe(404);
    expect((await get('rep02', `${C.hospital.gender}?hospitalId=${other}`)).statusCode).toBe(404);
    expect((await get('rep02', `${C.doctor.queryDepartment}?hospitalId=${other}`)).statusCode).toBe(404);
    expect(
      ok<{ id: number }[]>(await get('rep02', `${C.doctor.queryXjpHospital}?size=50`))
        .map((x) => x.id)
        .sort((a, b) => a - b),
    ).toEqual(granted);
    // Tag counts count only doctors in scope.
    const tags = ok<TagRow[]>(await get('rep02', C.tag.list));
    for (const tag of tags.filter((t) => t.shared)) {
      expect(tag.doctorCount).toBe(
        await n(
          `select count(*) as n from doctor_tags dt join doctors d on d.id = dt.doctor_id where dt.tag_id = $1 and d.hospital_id in (${granted.join(',')})`,
          [tag.id],
        ),
      );
    }
  });

  it('a user without any data permission sees nothing; a province grant shows that province', async () => {
    expect((await doctors('rep04', { doctorRange: 'internal' })).total).toBe(0);
    expect(ok<HospitalPage>(await get('rep04', C.hospital.list)).total).toBe(0);
    const rep01 = await doctors('rep01', { doctorRange: 'internal', size: 100 });
    expect(rep01.content.every((d) => d.province === '上海市' || d.province === '浙江省')).toBe(true);
    expect(rep01.scopeTotal).toBe(
      Math.min(
        CUSTOMERS_LIMITS.countCap,
        await n(`select count(*) as n from doctors where doctor_range = 'internal' and province_code in ('310000', '330000')`),
      ),
    );
    const provinces = ok<{ code: string; name: string }[]>(await get('rep01', C.hospital.province));
    expect(provinces.map((p) => p.code)).toEqual(['310000', '330000']);
    const cities = ok<{ code: string }[]>(await get('rep01', `${C.hospital.city}?provinceCode=330000`));
    expect(cities.length).toBeGreaterThan(1);
    expect(ok<unknown[]>(await get('rep01', `${C.hospital.city}?provinceCode=110000`))).toEqual([]);
  });

  it("the add-doctor wizard offers only the places and hospitals of the caller's scope", async () => {
    // rep01's scope holds two provinces: the wizard offers those two, not the 31 of the mainland
    const provinces = ok<{ code: string }[]>(await get('rep01', C.add.province));
    expect(provinces.map((p) => p.code)).toEqual(['310000', '330000']);
    const inScope = async (level: string, where: string, params: unknown[]) =>
      (
        await q<{ code: string }>(
          `select distinct ${level} as code from hospitals where active and province_code in ('310000', '330000') and ${where} order by 1`,
          params,
        )
      ).map((r) => r.code);
    const cities = ok<{ code: string }[]>(await get('rep01', `${C.add.city}?provinceCode=330000`));
    expect(cities.map((c) => c.code)).toEqual(await inScope('city_code', 'province_code = $1', ['330000']));
    const city = cities[0]!.code;
    const counties = ok<{ code: string }[]>(await get('rep01', `${C.add.county}?cityCode=${city}`));
    expect(counties.map((c) => c.code)).toEqual(await inScope('county_code', 'city_code = $1', [city]));
    // every place offered leads to a hospital to choose
    const county = counties[0]!.code;
    expect(ok<unknown[]>(await get('rep01', `${C.add.hospital}?provinceCode=330000&cityCode=${city}&countyCode=${county}`)).length).toBeGreaterThan(0);
    // a province outside the scope offers nothing below it
    expect(ok<unknown[]>(await get('rep01', `${C.add.city}?provinceCode=110000`))).toEqual([]);
    expect(ok<unknown[]>(await get('rep01', `${C.add.hospital}?provinceCode=110000`))).toEqual([]);
    // a user without any data permission is offered no place at all (the wizard says why)
    expect(ok<unknown[]>(await get('rep04', C.add.province))).toEqual([]);
    // the administrator's scope is the whole mainland
    expect(ok<unknown[]>(await get('admin', `${C.add.county}?cityCode=330100`)).length).toBeGreaterThan(1);
  });
});

describe('one doctor', () => {
  it('shows the doctor with affiliations, sets the override mode and the phone, and finds the enterprise-chat contact', async () => {
    const id = Number(
      (
        await q<{ id: number }>(
          `select d.id from doctors d where exists (select 1 from doctor_affiliations a where a.doctor_id = d.id and not a.is_primary) and d.wecom_external_id is not null order by d.id limit 1`,
        )
      )[0]!.id,
    );
    const info = ok<DoctorInfo>(await get('admin', `${C.doctor.info}?doctorId=${id}`));
    expect(info.affiliations.length).toBeGreaterThanOrEqual(2);
    expect(info.affiliations[0]!.isPrimary).toBe(true);
    expect(info.affiliations[0]!.hospitalId).toBe(info.hospitalId);
    expect(ok<DoctorInfo>(await call('admin', 'POST', C.doctor.modifyOverrideMode, { doctorId: id, overrideMode: true })).overrideMode).toBe(true);
    expect(ok<DoctorInfo>(await get('admin', `${C.doctor.updatePhone}?doctorId=${id}&phone=13912345678`)).phone).toBe('13912345678');
    expectError(await get('admin', `${C.doctor.updatePhone}?doctorId=${id}&phone=12912345678`), 400, 'customers.phone.invalid', 'zh', { field: 'phone' });
    expectError(await get('admin', `${C.doctor.updatePhone}?doctorId=${id}&phone=1391234567`, 'en'), 400, 'customers.phone.invalid', 'en', { field: 'phone' });
    const link = ok<{ bound: boolean; externalUserId: string }>(await get('admin', `${C.doctor.wecom}?doctorId=${id}`));
    expect(link.bound).toBe(true);
    expect(link.externalUserId).toMatch(/^wm/);
    const hospital = ok<{ doctorCount: number; name: string }>(await get('admin', `${C.hospital.byId}?id=${info.hospitalId}`));
    expect(hospital.doctorCount).toBe(await n(`select count(*) as n from doctors where hospital_id = $1`, [info.hospitalId]));
    const gender = ok<{ male: number; female: number; unknown: number }>(await get('admin', `${C.hospital.gender}?hospitalId=${info.hospitalId}`));
    expect(gender.male + gender.female + gender.unknown).toBe(hospital.doctorCount);
    const departments = ok<{ code: string }[]>(await get('admin', `${C.doctor.queryDepartment}?hospitalId=${info.hospitalId}`));
    expect(departments.map((d) => d.code)).toContain(info.dept1Code);
  });

  it('gives the top 10 by each dimension, largest first, with names', async () => {
    const dist = ok<Distribution>(await get('admin', `${C.doctor.distribution}?${qs({ doctorRange: 'internal', dimension: 'province' })}`));
    expect(dist.items).toHaveLength(10);
    const expected = await q<{ province_code: string; n: string }>(
      `select province_code, count(*) as n from doctors where doctor_range = 'internal' group by 1 order by 2 desc, 1 limit 10`,
    );
    expect(dist.items.map((i) => [i.key, i.count])).toEqual(expected.map((r) => [r.province_code, Number(r.n)]));
    expect(dist.items[0]!.name).toMatch(/省|市|区/);
    const titles = ok<Distribution>(
      await get('admin', `${C.doctor.distribution}?${qs({ doctorRange: 'internal', dimension: 'title', provinceCodes: '440000' })}`),
    );
    expect(titles.items.map((i) => i.name).sort()).toEqual(['主任医师', '主治医师', '住院医师', '副主任医师'].sort());
    expect((await get('admin', `${C.doctor.distribution}?doctorRange=internal&dimension=gender`)).statusCode).toBe(400);
  });
});

describe('hospitals', () => {
  it('lists by keyset with filters, marks coverage (keepers of master data)', async () => {
    const page = ok<HospitalPage>(await get('admin', `${C.hospital.list}?${qs({ provinceCode: '440000', levels: '3A,3B', size: 5 })}`));
    expect(page.total).toBe(await n(`select count(*) as n from hospitals where province_code = '440000' and level in ('3A', '3B')`));
    expect(page.content.every((x) => x.provinceCode === '440000' && ['3A', '3B'].includes(x.level))).toBe(true);
    if (page.total > 5) {
      const next = ok<HospitalPage>(
        await get('admin', `${C.hospital.list}?${qs({ provinceCode: '440000', levels: '3A,3B', size: 5, cursor: page.nextCursor! })}`),
      );
      expect(next.content[0]!.id).toBeGreaterThan(page.content[4]!.id);
    }
    const byPinyin = (await q<{ id: number; initials: string }>(`select id, initials from hospitals order by id limit 1`))[0]!;
    expect(ok<HospitalPage>(await get('admin', `${C.hospital.list}?keyword=${byPinyin.initials}&size=100`)).content.map((x) => x.id)).toContain(
      Number(byPinyin.id),
    );
    expect((await get('admin', `${C.hospital.list}?levels=9Z`)).statusCode).toBe(400);
    const target = page.content[0]!;
    expect(ok<{ covered: boolean }>(await get('admin', `${C.hospital.coverage}?hospitalId=${target.id}&covered=${String(!target.covered)}`)).covered).toBe(
      !target.covered,
    );
    expect((await get('rep01', `${C.hospital.coverage}?hospitalId=${target.id}&covered=true`)).statusCode).toBe(403);
  });
});

describe('add doctor', () => {
  it('adds a doctor with its primary affiliation and refuses the same doctor twice, naming the one that exists', async () => {
    const hospital = (await q<{ id: number; name: string }>(`select id, name from hospitals where province = '上海市' order by id limit 1`))[0]!;
    const body = {
      name: '欧阳明远',
      gender: 1,
      hospitalId: Number(hospital.id),
      dept1Code: '03',
      dept2Code: '03.04',
      titleCode: 'CHIEF',
      teachingTitleCode: 'PROFESSOR',
      positionCode: 'DIRECTOR',
      indications: ['心力衰竭'],
      phone: '13700001111',
      outpatientDays: 3,
      outpatientType: 'EXPERT',
    };
    const added = ok<DoctorInfo>(await call('rep01', 'POST', C.add.addDoctor, body));
    expect(added.pinyin).toBe('ouyangmingyuan');
    expect(added.initials).toBe('oymy');
    expect(added.affiliations).toHaveLength(1);
    expect(added.affiliations[0]!.positionCode).toBe('DIRECTOR');
    expect(added.doctorRange).toBe('internal');
    const dup = expectError(await call('rep01', 'POST', C.add.addDoctor, body), 409, 'customers.doctor.duplicate', 'zh', {
      name: '欧阳明远',
      hospital: hospital.name,
      department: '内科',
      id: added.id,
    });
    expect(dup.msg).toContain(String(added.id));
    // The 409 carries the doctor already there (in the caller's scope), so the wizard links to them.
    expect((dup as unknown as { result: unknown }).result).toEqual({ id: added.id, name: '欧阳明远' });
    const dupEn = expectError(await call('admin', 'POST', C.add.addDoctor, body, 'en'), 409, 'customers.doctor.duplicate', 'en', {
      name: '欧阳明远',
      hospital: hospital.name,
      department: '内科',
      id: added.id,
    });
    expect((dupEn as unknown as { result: unknown; field: string }).field).toBe('name');
    expect((dupEn as unknown as { result: unknown }).result).toEqual({ id: added.id, name: '欧阳明远' });
    expect(await n(`select count(*) as n from doctors where name = '欧阳明远'`)).toBe(1);
    expect((await doctors('rep01', { doctorRange: 'internal', search: 'oymy' })).content.map((d) => d.id)).toContain(added.id);
    // Bad input changes nothing.
    expectError(await call('rep01', 'POST', C.add.addDoctor, { ...body, name: '新医生', dept2Code: '04.01' }), 400, 'customers.dept2.mismatch', 'zh', {
      field: 'dept2Code',
      code: '04.01',
    });
    expectError(await call('rep01', 'POST', C.add.addDoctor, { ...body, name: '新医生', dept1Code: '97' }), 400, 'customers.code.unknown', 'zh', {
      field: 'dept1Code',
      code: '97',
    });
    expectError(
      await call('rep01', 'POST', C.add.addDoctor, { ...body, name: '新医生', indications: ['不存在的病'] }),
      400,
      'customers.indication.unknown',
      'zh',
      { field: 'indications', name: '不存在的病' },
    );
    expectError(await call('rep01', 'POST', C.add.addDoctor, { ...body, name: '新医生', titleCode: 'BOSS' }, 'en'), 400, 'customers.code.unknown', 'en', {
      field: 'titleCode',
      code: 'BOSS',
    });
    expectError(await call('rep01', 'POST', C.add.addDoctor, { ...body, name: '' }), 400, 'customers.doctor.nameRequired', 'zh', { field: 'name' });
    expectError(await call('rep01', 'POST', C.add.addDoctor, { ...body, name: '新医生', phone: '123' }), 400, 'customers.phone.invalid', 'zh', {
      field: 'phone',
    });
    const beijing = (await q<{ id: number }>(`select id from hospitals where province = '北京市' order by id limit 1`))[0]!.id;
    expectError(
      await call('rep01', 'POST', C.add.addDoctor, { ...body, name: '新医生', hospitalId: Number(beijing) }),
      400,
      'customers.hospital.unknown',
      'zh',
      { field: 'hospitalId' },
    );
    expect(await n(`select count(*) as n from doctors where name = '新医生'`)).toBe(0);
    const picked = ok<{ id: number; province: string }[]>(await get('rep01', `${C.add.hospital}?provinceCode=310000&size=5`));
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.every((x) => x.province === '上海市')).toBe(true);
  });
});

describe('tags', () => {
  it('keeps personal tags private, shared tags for keepers of master data, and tags a filtered set at once', async () => {
    const mine = ok<TagRow>(await call('rep01', 'POST', C.tag.add, { name: '本周拜访', color: '#1677ff' }));
    expect(mine.shared).toBe(false);
    expectError(await call('rep01', 'POST', C.tag.add, { name: '本周拜访' }), 409, 'customers.tag.duplicate', 'zh', { field: 'name' });
    expectError(await call('rep01', 'POST', C.tag.add, { name: '全员标签', shared: true }), 403, 'customers.tag.sharedForbidden');
    expectError(await call('rep01', 'POST', C.tag.add, { name: ' ' }), 400, 'customers.tag.nameRequired', 'zh', { field: 'name' });
    const shared = ok<TagRow>(await call('admin', 'POST', C.tag.add, { name: '年度重点', shared: true }));
    expect(ok<TagRow[]>(await get('rep01', C.tag.list)).map((t) => t.id)).toEqual(expect.arrayContaining([mine.id, shared.id]));
    expect(ok<TagRow[]>(await get('rep02', C.tag.list)).map((t) => t.id)).not.toContain(mine.id);
    expect((await call('rep02', 'PUT', C.tag.update, { id: mine.id, name: '改名' })).statusCode).toBe(404);
    expect((await call('rep02', 'DELETE', `${C.tag.remove}?id=${mine.id}`)).statusCode).toBe(404);
    expectError(await call('rep01', 'PUT', C.tag.update, { id: shared.id, name: '改名' }), 403, 'customers.tag.sharedForbidden');
    expect(ok<TagRow>(await call('rep01', 'PUT', C.tag.update, { id: mine.id, name: '本周必访', color: '' })).name).toBe('本周必访');
    expectError(await call('rep02', 'POST', C.tag.doctorTagUpdate, { doctorIds: [1], addTagIds: [mine.id] }), 400, 'customers.tag.unknown', 'zh', {
      field: 'addTagIds',
      id: mine.id,
    });

    // Five filtered doctors at once.
    const filter = { doctorRange: 'internal', provinceCodes: '330000', dept1Codes: '03', titleCodes: 'CHIEF' };
    const before = await doctors('rep01', { ...filter, size: 100 });
    expect(before.total).toBeGreaterThanOrEqual(5);
    const result = ok<{ doctors: number; added: number }>(await call('rep01', 'POST', C.tag.doctorTagUpdate, { filter, addTagIds: [mine.id] }));
    expect(result.doctors).toBe(before.total);
    expect(result.added).toBe(before.total);
    const tagged = await doctors('rep01', { doctorRange: 'internal', tagIds: String(mine.id), size: 100 });
    expect(tagged.content.map((d) => d.id).sort((a, b) => a - b)).toEqual(before.content.map((d) => d.id).sort((a, b) => a - b));
    expect(tagged.content[0]!.tags.map((t) => t.name)).toContain('本周必访');
    // Another user neither sees the personal tag on the doctor nor filters by it.
    expect((await doctors('admin', { doctorRange: 'internal', tagIds: String(mine.id) })).total).toBe(0);
    // Listed doctors: remove from two.
    const two = tagged.content.slice(0, 2).map((d) => d.id);
    const removed = ok<{ removed: number }>(await call('rep01', 'POST', C.tag.doctorTagUpdate, { doctorIds: two, removeTagIds: [mine.id] }));
    expect(removed.removed).toBe(2);
    expectError(await call('rep01', 'POST', C.tag.doctorTagUpdate, { addTagIds: [mine.id] }), 400, 'customers.tag.targetRequired', 'zh', {
      field: 'doctorIds',
    });
    expectError(await call('rep01', 'POST', C.tag.doctorTagUpdate, { doctorIds: two }), 400, 'customers.tag.nothing', 'zh', { field: 'addTagIds' });
    expectError(
      await call('admin', 'POST', C.tag.doctorTagUpdate, { filter: { doctorRange: 'internal' }, addTagIds: [shared.id] }),
      400,
      'customers.tag.setTooLarge',
      'zh',
      { field: 'filter', max: CUSTOMERS_LIMITS.taggedSetMax },
    );
    ok(await call('rep01', 'DELETE', `${C.tag.remove}?id=${mine.id}`));
    expect(await n(`select count(*) as n from doctor_tags where tag_id = $1`, [mine.id])).toBe(0);
  });
});

describe('corrections', () => {
  it('a correction waits as pending until a keeper of master data accepts it and its values apply', async () => {
    const doctor = (
      await q<{ id: number; title_code: string; hospital_id: number }>(
        `select id, title_code, hospital_id from doctors where province_code = '310000' and title_code = 'ATTENDING' order by id limit 1`,
      )
    )[0]!;
    expectError(
      await call('rep01', 'POST', C.doctor.correction, { doctorId: Number(doctor.id), content: '  ' }),
      400,
      'customers.correction.contentRequired',
      'zh',
      { field: 'content' },
    );
    expect(message('customers.correction.contentRequired', 'zh')).toBe('纠正内容不能为空');
    expectError(
      await call('rep01', 'POST', C.doctor.correction, { doctorId: Number(doctor.id), content: 'x', changes: { titleCode: 'BOSS' } }),
      400,
      'customers.code.unknown',
      'zh',
      { field: 'changes.titleCode', code: 'BOSS' },
    );
    const newHospital = (await q<{ id: number; name: string }>(`select id, name from hospitals where province = '浙江省' order by id limit 1`))[0]!;
    const created = ok<CorrectionRow>(
      await call('rep01', 'POST', C.doctor.correction, {
        doctorId: Number(doctor.id),
        content: '已晋升副主任医师并调往浙江',
        changes: { titleCode: 'ASSOCIATE_CHIEF', hospitalId: Number(newHospital.id) },
      }),
    );
    expect(created.status).toBe('pending');
    const row = (await doctors('rep01', { doctorRange: 'internal', pendingCorrection: 'true', size: 100 })).content.find((d) => d.id === Number(doctor.id));
    expect(row?.pendingCorrection).toBe(true);
    expect(ok<DoctorInfo>(await get('rep01', `${C.doctor.info}?doctorId=${doctor.id}`)).corrections.map((c) => c.id)).toContain(created.id);
    expect(ok<{ content: CorrectionRow[] }>(await get('rep01', C.doctor.correctionList)).content.map((c) => c.id)).toContain(created.id);
    expect(ok<{ content: CorrectionRow[] }>(await get('rep02', C.doctor.correctionList)).content.map((c) => c.id)).not.toContain(created.id);
    expectError(await call('rep01', 'POST', fillPath(C.doctor.correctionAccept, { id: created.id }), {}), 403, 'auth.forbidden');

    const accepted = ok<CorrectionRow>(await call('admin', 'POST', fillPath(C.doctor.correctionAccept, { id: created.id }), { note: '核实无误' }));
    expect(accepted.status).toBe('accepted');
    expect(accepted.decisionNote).toBe('核实无误');
    const after = ok<DoctorInfo>(await get('admin', `${C.doctor.info}?doctorId=${doctor.id}`));
    expect(after.titleCode).toBe('ASSOCIATE_CHIEF');
    expect(after.hospitalId).toBe(Number(newHospital.id));
    expect(after.provinceCode).toBe('330000');
    expect(after.pendingCorrection).toBe(false);
    const primary = after.affiliations.filter((a) => a.isPrimary && a.endDate === null);
    expect(primary.map((a) => a.hospitalId)).toEqual([Number(newHospital.id)]);
    expect(after.affiliations.some((a) => a.hospitalId === Number(doctor.hospital_id) && a.endDate !== null)).toBe(true);
    expectError(await call('admin', 'POST', fillPath(C.doctor.correctionReject, { id: created.id }), {}), 409, 'customers.correction.notPending');

    const second = ok<CorrectionRow>(await call('admin', 'POST', C.doctor.correction, { doctorId: Number(doctor.id), content: '电话有误' }));
    expect(ok<CorrectionRow>(await call('admin', 'POST', fillPath(C.doctor.correctionReject, { id: second.id }), {})).status).toBe('rejected');
    expect(ok<{ content: CorrectionRow[] }>(await get('admin', `${C.doctor.correctionList}?status=rejected`)).content.map((c) => c.id)).toContain(second.id);
    expect((await call('admin', 'POST', fillPath(C.doctor.correctionAccept, { id: 99999999 }), {})).statusCode).toBe(404);
  });
});

describe("the user's medicines and the permissions of the area", () => {
  it('lists the medicines with their indications; roles without the customer area are refused', async () => {
    const medicines = ok<{ name: string; indications: string[] }[]>(await get('rep01', C.userMedicine));
    expect(medicines.find((m) => m.name === '菲立康')?.indications).toEqual(['高血压', '心力衰竭']);
    for (const url of [`${C.doctor.list}?doctorRange=internal`, C.tag.list, C.hospital.list, C.add.province]) {
      expectError(await get('operator', url), 403, 'auth.forbidden');
    }
  });
});
