import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { doctorGenerator, generateHospitals } from './generator.js';
import { seedMoreDoctors } from '../../seed/customers.js';
import { DEMO_DATASET, DEMO_DOCTORS_MAX } from '../../seed/demo-size.js';
import { createHarness, type Harness } from '../../../test/harness.js';

/**
 * DEMO_DOCTORS (docs/decisions/0022): the setting's validation, and a bigger demo's doctors on the
 * demo database: the national dataset's next doctors from the same generator, on the demo's
 * hospitals, with the demo's own doctors left exactly as they were.
 */

describe('DEMO_DOCTORS', () => {
  it('is the demo dataset by default and takes a whole number up to the national size', () => {
    expect(loadConfig({}).demoDoctors).toBe(DEMO_DATASET.doctors);
    expect(loadConfig({ DEMO_DOCTORS: '135000' }).demoDoctors).toBe(135_000);
    expect(loadConfig({ DEMO_DOCTORS: String(DEMO_DATASET.doctors) }).demoDoctors).toBe(DEMO_DATASET.doctors);
    expect(loadConfig({ DEMO_DOCTORS: String(DEMO_DOCTORS_MAX) }).demoDoctors).toBe(DEMO_DOCTORS_MAX);
  });

  it('refuses anything else and names the setting and the range', () => {
    for (const bad of ['19999', '5000', '0', String(DEMO_DOCTORS_MAX + 1), '1e5', '100,000', '100000.5', '-100000', 'many', '']) {
      expect(() => loadConfig({ DEMO_DOCTORS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ DEMO_DOCTORS: bad }), bad).toThrow(`DEMO_DOCTORS: must be a whole number from 20000 to ${DEMO_DOCTORS_MAX}`);
    }
  });
});

describe('a bigger demo (seedMoreDoctors)', () => {
  let h: Harness;
  const q = <T = Record<string, unknown>>(text: string) => h.database.query<T>(text);
  const ADDED = 1_000;
  // The demo's doctors, as a fingerprint taken before the others are added.
  const fingerprint = `select count(*)::int as n, md5(string_agg(concat_ws('|', id, name, hospital_id, doctor_range, phone, source, created_at, created_by), ',' order by id)) as digest
                         from doctors`;
  let before: { n: number; digest: string };
  const indexCount = `select count(*)::int as n from pg_indexes where schemaname = 'public' and tablename in ('doctors', 'doctor_affiliations', 'doctor_tags')`;
  let indexesBefore: unknown[];

  beforeAll(async () => {
    h = await createHarness();
    [before] = (await q<{ n: number; digest: string }>(fingerprint)) as [{ n: number; digest: string }];
    indexesBefore = await q(indexCount);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('adds nothing at the demo size', async () => {
    expect(await h.database.db.transaction((tx) => seedMoreDoctors(tx, DEMO_DATASET.doctors))).toBe(0);
    expect(await q(fingerprint)).toEqual([before]);
  });

  it("adds the dataset's next doctors on the demo's hospitals and leaves the demo's own as they were", async () => {
    const [last] = await q<{ id: number }>('select max(id)::int as id from doctors');
    expect(await h.database.db.transaction((tx) => seedMoreDoctors(tx, DEMO_DATASET.doctors + ADDED))).toBe(ADDED);

    const [count] = await q<{ n: number }>('select count(*)::int as n from doctors');
    expect(count!.n).toBe(before.n + ADDED);
    expect(
      await q(`select count(*)::int as n, md5(string_agg(concat_ws('|', id, name, hospital_id, doctor_range, phone, source, created_at, created_by), ',' order by id)) as digest
                      from doctors where id <= ${last!.id}`),
    ).toEqual([before]);

    // Each added doctor is the generator's doctor of the same index, at the hospital of that name.
    const added = await q<{
      name: string;
      hospital: string;
      doctor_range: string;
      phone: string | null;
      created_at: string;
      source: string;
      created_by: number | null;
    }>(
      `select d.name, h.name as hospital, d.doctor_range, d.phone, d.created_at::text, d.source, d.created_by
         from doctors d join hospitals h on h.id = d.hospital_id where d.id > ${last!.id} order by d.id`,
    );
    const hospitals = generateHospitals(DEMO_DATASET.hospitals, DEMO_DATASET.seed);
    const doctorAt = doctorGenerator(hospitals, DEMO_DATASET.seed * 101);
    expect(added.map((d) => [d.name, d.hospital, d.doctor_range, d.phone])).toEqual(
      Array.from({ length: ADDED }, (_, i) => {
        const d = doctorAt(DEMO_DATASET.doctors + i);
        return [d.name, hospitals[d.hospital]!.name, d.doctorRange, d.phone];
      }),
    );
    // No hospital was added: the added doctors work at the demo's.
    const [hospitalRows] = await q<{ n: number }>('select count(*)::int as n from hospitals');
    expect(hospitalRows!.n).toBe(DEMO_DATASET.hospitals);

    // A registration history as the demo's doctors have: registered between four months and about three
    // years ago, and a few of them added by the representative who follows them, in the last four months.
    const now = Date.now();
    for (const d of added) {
      const days = (now - new Date(d.created_at).getTime()) / 86_400_000;
      if (d.source === 'manual') {
        expect(d.created_by).not.toBeNull();
        expect(days).toBeLessThan(121);
      } else {
        expect(d.source).toBe('generated');
        expect(days).toBeGreaterThanOrEqual(119);
        expect(days).toBeLessThan(1121);
      }
    }
    expect(added.some((d) => d.source === 'manual')).toBe(true);

    // Their affiliations and tags, and the kept counts the report screens read (decision 0033).
    const [links] = await q<{ primary: number; tagged: number }>(
      `select (select count(*)::int from doctor_affiliations where doctor_id > ${last!.id} and is_primary) as primary,
              (select count(distinct doctor_id)::int from doctor_tags where doctor_id > ${last!.id}) as tagged`,
    );
    expect(links!.primary).toBe(ADDED);
    expect(links!.tagged).toBeGreaterThan(0);
    const [kept] = await q<{ n: number }>('select sum(doctors)::int as n from doctor_hospital_counts');
    expect(kept!.n).toBe(before.n + ADDED);
    // The indexes put aside for the load are all back.
    expect(await q(indexCount)).toEqual(indexesBefore);
  });
});
