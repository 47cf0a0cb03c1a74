import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  API,
  indicationDepartmentInput,
  indicationDepartmentUpdate,
  indicationStageInput,
  indicationStageUpdate,
  journalInput,
  journalUpdate,
  keywordInput,
  keywordUpdate,
  medicineInput,
  medicineUpdate,
  publicOpinionInput,
  publicOpinionUpdate,
  type MedicineRecord,
} from '@field-portal/shared';
import type { Tx } from '../../db/client.js';
import {
  indicationDepartments,
  indicationStages,
  journals,
  keywords,
  medicineCompetitors,
  medicineIndications,
  medicinePublicOpinions,
  medicines,
} from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';
import { crudRoutes, type CrudSpec } from '../../platform/crud.js';

/**
 * The reference data data management keeps (docs/decisions/0010, 0017): medicines with their
 * competitors and indications, indication stages and departments, drug public opinion, keywords
 * and journals. Their screens and paths are data management's; the customer area and the
 * analysis areas read them through service.ts.
 */

/** Menu authorities (seed/menus.ts) of the data-management screens of the reference data. */
export const REFERENCE_AUTHORITIES = {
  medicine: 'dataManage:medicineDurg',
  indicationStage: 'dataManage:indicationStage',
  indicationDepartment: 'dataManage:indicationDepartment',
  publicOpinion: 'dataManage:medicinePublicOpinion',
  keyword: 'dataManage:keyword',
  journal: 'dataManage:journalTable',
} as const;

const P = API.apps.data;

// ---------------------------------------------------------------- medicines with competitors and indications

type MedicineIn = z.output<typeof medicineInput>;

function firstDuplicate(values: string[]): string | undefined {
  const seen = new Set<string>();
  for (const v of values) {
    const k = v.toLowerCase();
    if (seen.has(k)) return v;
    seen.add(k);
  }
  return undefined;
}

/** Competitors and indications of a medicine must not repeat (case-insensitive). */
export function checkMedicine(input: MedicineIn): void {
  const competitor = firstDuplicate(input.competitors.map((c) => c.name));
  if (competitor !== undefined) throw badRequest('data.medicine.competitorDuplicate', 'competitors', { name: competitor });
  const indication = firstDuplicate(input.indications);
  if (indication !== undefined) throw badRequest('data.medicine.indicationDuplicate', 'indications', { name: indication });
}

async function presentMedicines(tx: Tx, rows: Record<string, unknown>[]): Promise<MedicineRecord[]> {
  const ids = rows.map((r) => r.id as number);
  if (ids.length === 0) return [];
  const competitors = await tx
    .select()
    .from(medicineCompetitors)
    .where(inArray(medicineCompetitors.medicineId, ids))
    .orderBy(asc(medicineCompetitors.sort), asc(medicineCompetitors.id));
  const indications = await tx
    .select()
    .from(medicineIndications)
    .where(inArray(medicineIndications.medicineId, ids))
    .orderBy(asc(medicineIndications.sort), asc(medicineIndications.id));
  return rows.map((r) => ({
    id: r.id as number,
    name: r.name as string,
    alias: r.alias as string,
    code: r.code as string,
    companyId: r.companyId as string,
    competitors: competitors.filter((c) => c.medicineId === r.id).map((c) => ({ name: c.name, alias: c.alias })),
    indications: indications.filter((i) => i.medicineId === r.id).map((i) => i.indication),
  }));
}

export const medicineSpec: CrudSpec<typeof medicineInput, MedicineRecord> = {
  entity: 'medicine',
  tag: 'data',
  paths: P.medicine,
  authority: REFERENCE_AUTHORITIES.medicine,
  table: medicines,
  id: medicines.id,
  input: medicineInput,
  update: medicineUpdate,
  search: [medicines.name, medicines.alias, medicines.code],
  order: [medicines.name],
  unique: [{ columns: (i) => [[medicines.code, i.code]], field: 'code', key: 'data.medicine.codeTaken' }],
  check: async (_tx, input) => checkMedicine(input),
  toRow: (i) => ({ name: i.name, alias: i.alias, code: i.code, companyId: i.companyId, updatedAt: new Date() }),
  writeChildren: async (tx, id, input, isUpdate) => {
    if (isUpdate) {
      await tx.delete(medicineCompetitors).where(eq(medicineCompetitors.medicineId, id));
      await tx.delete(medicineIndications).where(eq(medicineIndications.medicineId, id));
    }
    if (input.competitors.length > 0) {
      await tx.insert(medicineCompetitors).values(input.competitors.map((c, sort) => ({ medicineId: id, name: c.name, alias: c.alias, sort })));
    }
    if (input.indications.length > 0) {
      await tx.insert(medicineIndications).values(input.indications.map((indication, sort) => ({ medicineId: id, indication, sort })));
    }
  },
  present: presentMedicines,
};

// ---------------------------------------------------------------- the simple lists

export const indicationStageSpec: CrudSpec<typeof indicationStageInput, unknown> = {
  entity: 'indicationStage',
  tag: 'data',
  paths: P.indicationStage,
  authority: REFERENCE_AUTHORITIES.indicationStage,
  table: indicationStages,
  id: indicationStages.id,
  input: indicationStageInput,
  update: indicationStageUpdate,
  search: [indicationStages.name, indicationStages.nameEn],
  order: [indicationStages.sort],
  unique: [{ columns: (i) => [[indicationStages.name, i.name]], field: 'name', key: 'data.stage.nameTaken' }],
};

export const indicationDepartmentSpec: CrudSpec<typeof indicationDepartmentInput, unknown> = {
  entity: 'indicationDepartment',
  tag: 'data',
  paths: P.indicationDepartment,
  authority: REFERENCE_AUTHORITIES.indicationDepartment,
  table: indicationDepartments,
  id: indicationDepartments.id,
  input: indicationDepartmentInput,
  update: indicationDepartmentUpdate,
  search: [indicationDepartments.indication, indicationDepartments.department, indicationDepartments.departmentEn],
  order: [indicationDepartments.indication, indicationDepartments.sort],
  unique: [
    {
      columns: (i) => [
        [indicationDepartments.indication, i.indication],
        [indicationDepartments.department, i.department],
      ],
      field: 'department',
      key: 'data.department.taken',
    },
  ],
};

export const publicOpinionSpec: CrudSpec<typeof publicOpinionInput, unknown> = {
  entity: 'publicOpinion',
  tag: 'data',
  paths: P.publicOpinion,
  authority: REFERENCE_AUTHORITIES.publicOpinion,
  table: medicinePublicOpinions,
  id: medicinePublicOpinions.id,
  input: publicOpinionInput,
  update: publicOpinionUpdate,
  search: [
    medicinePublicOpinions.drug,
    medicinePublicOpinions.standardCategory,
    medicinePublicOpinions.category,
    medicinePublicOpinions.categoryEn,
    medicinePublicOpinions.company,
  ],
  order: [medicinePublicOpinions.drug],
};

export const keywordSpec: CrudSpec<typeof keywordInput, unknown> = {
  entity: 'keyword',
  tag: 'data',
  paths: P.keyword,
  authority: REFERENCE_AUTHORITIES.keyword,
  table: keywords,
  id: keywords.id,
  input: keywordInput,
  update: keywordUpdate,
  search: [keywords.keyword, keywords.category],
  order: [keywords.keyword],
  unique: [{ columns: (i) => [[keywords.keyword, i.keyword]], field: 'keyword', key: 'data.keyword.taken' }],
};

export const journalSpec: CrudSpec<typeof journalInput, unknown> = {
  entity: 'journal',
  tag: 'data',
  paths: P.journal,
  authority: REFERENCE_AUTHORITIES.journal,
  table: journals,
  id: journals.id,
  input: journalInput,
  update: journalUpdate,
  search: [journals.name, journals.category, journals.alias, journals.formerName],
  order: [journals.name],
  unique: [{ columns: (i) => [[journals.name, i.name]], field: 'name', key: 'data.journal.nameTaken' }],
};

/** Registers the data-management routes of the reference data. */
export async function referenceRoutes(app: FastifyInstance) {
  crudRoutes(app, medicineSpec);
  crudRoutes(app, indicationStageSpec);
  crudRoutes(app, indicationDepartmentSpec);
  crudRoutes(app, publicOpinionSpec);
  crudRoutes(app, keywordSpec);
  crudRoutes(app, journalSpec);
}
