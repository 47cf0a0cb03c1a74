import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows, type Database } from '../../db/client.js';
import { scratchDatabase } from '../../db/scratch.js';
import { withIndexesDeferred, writeDataset } from '../customers/index.js';
import { ensureReferenceData } from '../reference/index.js';
import { clearAcademicData, writeAcademicData } from './generator.js';
import { idRanges, recompute } from './compute.js';
import { recomputeAtScale, writeAcademicScale } from './scale.js';

/**
 * The academic data at national scale (docs/decisions/0024 "at national scale") at a tiny size:
 * the generator is deterministic from the seed, writes the counts it reports without duplicate
 * authorships, seed:scale's path rebuilds the indexes and the foreign key it drops, and the recompute sharded by
 * province gives every networked doctor one metric row and one score per indication.
 */
const DOCTORS = 400;
let database: Database;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const scratch = adminUrl ? await scratchDatabase(adminUrl, 'fp_scale') : undefined;
  database = await openDatabase(scratch ? { databaseUrl: scratch.url, poolSize: 2 } : {});
  drop = scratch?.drop;
  const db = database.db;
  await ensureReferenceData(db);
  await withIndexesDeferred(db, () => writeDataset(db, { hospitals: 12, doctors: DOCTORS, seed: 14, tagOwner: 1 }));
}, 300_000);

afterAll(async () => {
  await database?.close();
  await drop?.();
});

type PaperRow = { title: string; journal: string; year: number; citations: number; indication: string; authors: string };
const papersNow = () =>
  selectRows<PaperRow>(
    database.db,
    sql`select p.title, p.journal, p.year, p.citations, p.indication,
               (select string_agg(a.doctor_id || ':' || a.position, ',' order by a.position, a.doctor_id) from intel_paper_authors a where a.paper_id = p.id) as authors
          from intel_papers p order by p.id`,
  );

describe('academic data at scale', () => {
  it('is the same from the same seed, different from another, with the counts it reports', async () => {
    const db = database.db;
    const first = await writeAcademicData(db, { seed: 14, papersPerDoctor: 5 });
    expect(first.papers).toBe(DOCTORS * 5);
    const rows = await papersNow();
    expect(rows).toHaveLength(first.papers);
    const [authors] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from intel_paper_authors`);
    expect(Number(authors!.n)).toBe(first.authors);
    const [items] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from intel_academic_items`);
    expect(Number(items!.n)).toBe(first.items);

    await clearAcademicData(db);
    const again = await writeAcademicData(db, { seed: 14, papersPerDoctor: 5 });
    expect(again).toEqual(first);
    expect(await papersNow()).toEqual(rows);

    await clearAcademicData(db);
    await writeAcademicData(db, { seed: 15, papersPerDoctor: 5 });
    expect(await papersNow()).not.toEqual(rows);
  }, 300_000);

  it('gives every paper one lead author, at most one corresponding author and no doctor twice', async () => {
    const db = database.db;
    await clearAcademicData(db);
    await writeAcademicData(db, { seed: 14, papersPerDoctor: 5 });
    const [check] = await selectRows<{ papers: number; leads: number; no_lead: number; two_corresponding: number; doubled: number }>(
      db,
      sql`select (select count(*) from intel_papers)::int as papers,
                 (select count(*) from intel_paper_authors where position = 1)::int as leads,
                 (select count(*) from intel_papers p where not exists (select 1 from intel_paper_authors a where a.paper_id = p.id and a.position = 1))::int as no_lead,
                 (select count(*) from (select paper_id from intel_paper_authors where position = 3 group by paper_id having count(*) > 1) x)::int as two_corresponding,
                 (select count(*) from (select paper_id, doctor_id from intel_paper_authors group by 1, 2 having count(*) > 1) x)::int as doubled`,
    );
    expect(check).toEqual({ papers: DOCTORS * 5, leads: DOCTORS * 5, no_lead: 0, two_corresponding: 0, doubled: 0 });
  }, 300_000);

  it('seed:scale writes it with the indexes dropped and builds them again, with progress lines', async () => {
    const db = database.db;
    const lines: string[] = [];
    const counts = await writeAcademicScale(db, { seed: 14, papersPerDoctor: 2, log: (line) => lines.push(line) });
    expect(counts.papers).toBe(DOCTORS * 2);
    expect(lines.at(-1)).toMatch(
      new RegExp(`^${(DOCTORS * 2).toLocaleString('en')} papers, [\\d,]+ authorships, [\\d,]+ academic records in [\\d.]+ s \\([\\d,]+ rows/s`),
    );
    const indexes = (
      await selectRows<{ indexname: string }>(
        db,
        sql`select indexname from pg_indexes where tablename in ('intel_papers', 'intel_paper_authors', 'intel_academic_items')`,
      )
    ).map((r) => r.indexname);
    expect(indexes).toEqual(expect.arrayContaining(['intel_papers_indication_idx', 'intel_paper_authors_doctor_idx', 'intel_academic_items_doctor_idx']));
    // The authorships' foreign key, dropped for the load, is back with its definition and holds.
    const keys = await selectRows<{ name: string; definition: string }>(
      db,
      sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = 'intel_paper_authors'::regclass and contype = 'f'`,
    );
    expect(keys).toEqual([
      { name: 'intel_paper_authors_paper_id_intel_papers_id_fk', definition: 'FOREIGN KEY (paper_id) REFERENCES intel_papers(id) ON DELETE CASCADE' },
    ]);
    await expect(db.execute(sql`insert into intel_paper_authors (paper_id, doctor_id, position) values (2147483647, 1, 1)`)).rejects.toThrow();
  }, 300_000);

  it('splits the doctors into inclusive id ranges', () => {
    expect(idRanges([{ id: 3 }, { id: 5 }, { id: 9 }, { id: 10 }, { id: 12 }], 2)).toEqual([
      [3, 5],
      [9, 10],
      [12, 12],
    ]);
    expect(idRanges([], 2)).toEqual([]);
  });

  it('recomputes per province shard: one metric row per networked doctor, PageRank summing to 1, the same scores counted', async () => {
    const db = database.db;
    await clearAcademicData(db);
    await writeAcademicData(db, { seed: 14, papersPerDoctor: 5 });
    const whole = await db.transaction((tx) => recompute(tx));
    expect(whole.shards).toBe(1);
    const sharded = await db.transaction((tx) => recompute(tx, new Date(), { shardAboveRelations: 0 }));
    expect(sharded.shards).toBeGreaterThan(1);
    expect(sharded.relations).toBe(whole.relations);
    expect(sharded.scored).toBe(whole.scored);
    const [m] = await selectRows<{ n: number; doctors: number; total: number; communities: number; top: number; mixed: number }>(
      db,
      sql`select count(*)::int as n, count(distinct doctor_id)::int as doctors, sum(pagerank)::float8 as total,
                 count(distinct community)::int as communities, max(community)::int as top,
                 (select count(*) from (select community from intel_doctor_metrics group by community having count(distinct province_code) > 1) x)::int as mixed
            from intel_doctor_metrics`,
    );
    expect(m!.n).toBe(m!.doctors);
    expect(m!.n).toBeGreaterThan(0);
    expect(m!.total).toBeCloseTo(1, 6);
    // Communities are numbered without gaps across the shards and never span two provinces.
    expect(m!.communities).toBe(sharded.communities);
    expect(m!.top).toBe(sharded.communities - 1);
    expect(m!.mixed).toBe(0);
  }, 300_000);

  it('runs the recompute as the job does and reads meanwhile', async () => {
    const lines: string[] = [];
    const result = await recomputeAtScale(database.db, { log: (line) => lines.push(line) });
    expect(result.stats.doctors).toBe(DOCTORS);
    expect(result.peakRssMb).toBeGreaterThan(0);
    expect(lines[0]).toMatch(/^recompute: 400 doctors, [\d,]+ relations, [\d,]+ scores, [\d,]+ communities over 1 shard\(s\) in [\d.]+ s, peak RSS [\d,]+ MB$/);
    expect(lines[1]).toMatch(/^reads meanwhile: \d+ KOL ranking first pages/);
    const [job] = await selectRows<{ status: string }>(database.db, sql`select status from intel_jobs order by id desc limit 1`);
    expect(job!.status).toBe('done');
  }, 300_000);
});
