import { sql } from 'drizzle-orm';
import type { CodeOption, DepartmentNode, DepartmentOption, MedicineOption, RegionOption, TitleOption } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { likePattern } from '../../db/like.js';
import type { ReferenceKind } from './seed.js';

/**
 * Reads of the reference data (regions, departments, coded lists, indications and medicines of
 * data management) for the customer area and the analysis areas. Other modules call these
 * instead of reading the reference tables themselves.
 */

export async function regionsOf(db: Db | Tx, level: 1 | 2 | 3, parentCode?: string): Promise<RegionOption[]> {
  return selectRows<RegionOption>(
    db,
    sql`select code, name${level === 2 ? sql`, city_level as "cityLevel"` : sql``} from regions
         where level = ${level} ${parentCode ? sql`and parent_code = ${parentCode}` : sql``} order by code`,
  );
}

export async function departmentsOf(db: Db | Tx, level: 1 | 2, parentCode?: string): Promise<DepartmentOption[]> {
  return selectRows<DepartmentOption>(
    db,
    sql`select code, name, name_en as "nameEn", level, parent_code as "parentCode" from departments
         where level = ${level} ${parentCode ? sql`and parent_code = ${parentCode}` : sql``} order by sort, code`,
  );
}

/** The two-level tree; with `only`, just those codes (and the level-1 parents of level-2 ones). */
export async function departmentTree(db: Db | Tx, only?: ReadonlySet<string>): Promise<DepartmentNode[]> {
  const rows = await selectRows<DepartmentOption & { sort: number }>(
    db,
    sql`select code, name, name_en as "nameEn", level, parent_code as "parentCode", sort from departments order by level, sort, code`,
  );
  const keep = (code: string) => !only || only.has(code);
  const tree: DepartmentNode[] = rows
    .filter((d) => d.level === 1)
    .map(({ sort: _sort, ...d }) => ({ ...d, children: rows.filter((c) => c.parentCode === d.code && keep(c.code)).map(({ sort: _s, ...c }) => c) }));
  return tree.filter((d) => keep(d.code) || d.children.length > 0);
}

export async function codesOf(db: Db | Tx, kind: ReferenceKind, parentCode?: string): Promise<CodeOption[]> {
  return selectRows<CodeOption>(
    db,
    sql`select code, name, name_en as "nameEn" from reference_codes where kind = ${kind} ${parentCode ? sql`and parent_code = ${parentCode}` : sql``} order by sort, code`,
  );
}

export async function titlesOf(db: Db | Tx, levelCode?: string): Promise<TitleOption[]> {
  return selectRows<TitleOption>(
    db,
    sql`select code, name, name_en as "nameEn", parent_code as "levelCode" from reference_codes
         where kind = 'title' ${levelCode ? sql`and parent_code = ${levelCode}` : sql``} order by sort`,
  );
}

/**
 * Every code of the reference data, kept in memory for a minute: the lists change only when the
 * reference data is seeded again, and every filtered list checks its codes.
 */
const CODE_TTL_MS = 60_000;
const codeCache = new WeakMap<object, { at: number; codes: Promise<Map<string, Set<string>>> }>();

async function loadCodes(db: Db | Tx): Promise<Map<string, Set<string>>> {
  const rows = await selectRows<{ kind: string; code: string }>(
    db,
    sql`select 'regions' as kind, code from regions union all select 'departments', code from departments union all select kind, code from reference_codes`,
  );
  const codes = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = codes.get(r.kind) ?? new Set<string>();
    set.add(r.code);
    codes.set(r.kind, set);
  }
  return codes;
}

/** The given codes that do not exist (of the regions, the departments, or a coded list). */
export async function unknownCodes(db: Db | Tx, table: 'regions' | 'departments' | ReferenceKind, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  let entry = codeCache.get(db);
  if (!entry || Date.now() - entry.at > CODE_TTL_MS) {
    entry = { at: Date.now(), codes: loadCodes(db) };
    codeCache.set(db, entry);
  }
  const known = (await entry.codes).get(table);
  const missing = codes.filter((c) => !known?.has(c));
  if (missing.length === 0) return [];
  // Not in the copy: perhaps added since; the database decides.
  codeCache.delete(db);
  const fresh = (await loadCodes(db)).get(table);
  return codes.filter((c) => !fresh?.has(c));
}

/** The department's row, when it exists. */
export async function departmentOf(db: Db | Tx, code: string): Promise<DepartmentOption | undefined> {
  const [row] = await selectRows<DepartmentOption>(
    db,
    sql`select code, name, name_en as "nameEn", level, parent_code as "parentCode" from departments where code = ${code}`,
  );
  return row;
}

/**
 * The indications data management keeps (medicine indications and indication departments),
 * optionally only those of the given department names, optionally matching a keyword.
 */
export async function indications(db: Db | Tx, keyword = '', departmentNames: readonly string[] = []): Promise<string[]> {
  const byDept =
    departmentNames.length > 0
      ? sql`and department in (${sql.join(
          departmentNames.map((n) => sql`${n}`),
          sql`,`,
        )})`
      : sql``;
  const like = keyword ? likePattern(keyword) : '%';
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select name from (
          select indication as name from indication_departments where indication ilike ${like} ${byDept}
          ${departmentNames.length === 0 ? sql`union select indication from medicine_indications where indication ilike ${like}` : sql``}
        ) i group by name order by name limit 200`,
  );
  return rows.map((r) => r.name);
}

/** The names among `names` that data management does not know as indications. */
export async function unknownIndications(db: Db | Tx, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const list = sql.join(
    names.map((n) => sql`${n}`),
    sql`,`,
  );
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select indication as name from indication_departments where indication in (${list})
        union select indication from medicine_indications where indication in (${list})`,
  );
  const found = new Set(rows.map((r) => r.name));
  return names.filter((n) => !found.has(n));
}

/** Every medicine of data management with its indications. */
export async function medicinesWithIndications(db: Db | Tx): Promise<MedicineOption[]> {
  const rows = await selectRows<MedicineOption>(
    db,
    sql`select m.id, m.name, m.alias, m.code,
               coalesce((select array_agg(mi.indication order by mi.sort, mi.id) from medicine_indications mi where mi.medicine_id = m.id), '{}') as indications
          from medicines m order by m.id`,
  );
  return rows;
}

/** How many medicines data management holds. */
export async function medicineCount(db: Db | Tx): Promise<number> {
  const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from medicines`);
  return row?.n ?? 0;
}

/** Every medicine of data management with its competitors and indications (market intelligence). */
export async function medicinesWithCompetitors(db: Db | Tx): Promise<{ id: number; name: string; competitors: string[]; indications: string[] }[]> {
  return selectRows(
    db,
    sql`select m.id, m.name,
               coalesce((select array_agg(c.name order by c.sort, c.id) from medicine_competitors c where c.medicine_id = m.id), '{}') as competitors,
               coalesce((select array_agg(mi.indication order by mi.sort, mi.id) from medicine_indications mi where mi.medicine_id = m.id), '{}') as indications
          from medicines m order by m.id`,
  );
}

/** Enabled keywords of the given categories (the sentiment lexicon of market intelligence). */
export async function keywordsOfCategories(db: Db | Tx, categories: readonly string[]): Promise<{ keyword: string; category: string }[]> {
  if (categories.length === 0) return [];
  return selectRows(
    db,
    sql`select keyword, category from keywords where enabled and category in (${sql.join(
      categories.map((c) => sql`${c}`),
      sql`,`,
    )}) order by keyword`,
  );
}

/** Adds keywords that are not there yet (a seed's starting lexicon); existing ones are left as they are. */
export async function addKeywords(db: Db | Tx, entries: readonly { keyword: string; category: string }[]): Promise<void> {
  if (entries.length === 0) return;
  await db.execute(
    sql`insert into keywords (keyword, category) values ${sql.join(
      entries.map((e) => sql`(${e.keyword}, ${e.category})`),
      sql`,`,
    )} on conflict (keyword) do nothing`,
  );
}

/** Data management's journals (doctor intelligence records papers in them); `core` when the category names a core journal. */
export async function journalList(db: Db | Tx): Promise<{ id: number; name: string; core: boolean }[]> {
  const rows = await selectRows<{ id: number; name: string; category: string }>(db, sql`select id, name, category from journals order by id`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, core: r.category.includes('核心') || /core/i.test(r.category) }));
}

/** The indication stages data management keeps, with their English names. */
export async function stagesOf(db: Db | Tx): Promise<{ name: string; nameEn: string }[]> {
  return selectRows(db, sql`select name, name_en as "nameEn" from indication_stages order by sort, id`);
}

/** Adds journals not yet in data management's list (by name); used by generated demo data. */
export async function ensureJournals(db: Db | Tx, items: readonly { name: string; category: string; alias: string }[]): Promise<void> {
  for (const j of items) {
    await db.execute(sql`insert into journals (name, category, alias) values (${j.name}, ${j.category}, ${j.alias}) on conflict (name) do nothing`);
  }
}

export { mainlandRegions } from './regions.js';
