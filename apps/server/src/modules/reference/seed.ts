import { sql } from 'drizzle-orm';
import {
  DEPARTMENT_TREE,
  DIRECTIONS_BY_DEPARTMENT,
  DOCTOR_POSITIONS,
  DOCTOR_TITLES,
  HOSPITAL_GRADES,
  HOSPITAL_TYPES,
  INDICATIONS_BY_DEPARTMENT,
  OUTPATIENT_TYPES,
  TEACHING_TITLES,
  TITLE_LEVELS,
  directionCode,
} from '@field-portal/shared';
import { selectRows, type Tx } from '../../db/client.js';
import { departments, indicationDepartments, referenceCodes, regions } from '../../db/schema/index.js';

/** The coded lists of `reference_codes`, by kind. */
export const REFERENCE_KINDS = ['hospitalGrade', 'hospitalType', 'titleLevel', 'title', 'teachingTitle', 'position', 'outpatientType', 'direction'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

function codeRows() {
  const rows: (typeof referenceCodes.$inferInsert)[] = [];
  const add = (kind: ReferenceKind, list: readonly { code: string; name: string; nameEn: string }[], parent?: (i: number) => string | null) =>
    list.forEach((item, i) => rows.push({ kind, code: item.code, name: item.name, nameEn: item.nameEn, parentCode: parent?.(i) ?? null, sort: i + 1 }));
  add('hospitalGrade', HOSPITAL_GRADES);
  add('hospitalType', HOSPITAL_TYPES);
  add('titleLevel', TITLE_LEVELS);
  add('title', DOCTOR_TITLES, (i) => DOCTOR_TITLES[i]!.level);
  add('teachingTitle', TEACHING_TITLES);
  add('position', DOCTOR_POSITIONS);
  add('outpatientType', OUTPATIENT_TYPES);
  for (const [dept, list] of Object.entries(DIRECTIONS_BY_DEPARTMENT)) {
    list.forEach(([name, nameEn], i) => rows.push({ kind: 'direction', code: directionCode(dept, i), name, nameEn, parentCode: dept, sort: i + 1 }));
  }
  return rows;
}

/**
 * Seeds the reference data when it is missing (every start may call it: it adds only what is
 * absent): regions, departments, the coded lists, and the indication–department pairs of data
 * management. Gives whether it wrote the regions: hospitals stored before then get their province
 * code from customers (fillHospitalProvinceCodes), which owns them.
 */
export async function ensureReferenceData(tx: Tx): Promise<{ regionsAdded: boolean }> {
  const [have] = await selectRows<{ regions: string; codes: string }>(
    tx,
    sql`select (select count(*) from regions) as regions, (select count(*) from reference_codes) as codes`,
  );
  const regionsAdded = Number(have?.regions ?? 0) === 0;
  if (regionsAdded) {
    // The region list (@vant/area-data) loads only when it is written.
    const { mainlandRegions } = await import('./regions.js');
    const all = mainlandRegions();
    for (let i = 0; i < all.length; i += 1000)
      await tx
        .insert(regions)
        .values(all.slice(i, i + 1000))
        .onConflictDoNothing();
  }
  if (Number(have?.codes ?? 0) > 0) return { regionsAdded };
  const deptRows: (typeof departments.$inferInsert)[] = [];
  DEPARTMENT_TREE.forEach(([code, name, nameEn, children], i) => {
    deptRows.push({ code, name, nameEn, level: 1, parentCode: null, sort: i + 1 });
    children?.forEach(([c, n, e], j) => deptRows.push({ code: c, name: n, nameEn: e, level: 2, parentCode: code, sort: j + 1 }));
  });
  await tx.insert(departments).values(deptRows).onConflictDoNothing();
  await tx.insert(referenceCodes).values(codeRows()).onConflictDoNothing();
  const names = new Map(deptRows.map((d) => [d.code, { name: d.name, nameEn: d.nameEn ?? '' }]));
  const pairs = Object.entries(INDICATIONS_BY_DEPARTMENT).flatMap(([code, list]) =>
    list.map((indication, i) => ({ indication, department: names.get(code)!.name, departmentEn: names.get(code)!.nameEn, sort: i + 1 })),
  );
  await tx.insert(indicationDepartments).values(pairs).onConflictDoNothing();
  return { regionsAdded };
}
