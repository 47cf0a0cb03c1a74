import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  API,
  homeChartInput,
  homeChartUpdate,
  homeDataInput,
  homeDataUpdate,
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
  messageGroupInput,
  messageGroupUpdate,
  parseChartContent,
  publicOpinionInput,
  publicOpinionUpdate,
  type HomeChartSeries,
  type HomeDataRecord,
  type MedicineRecord,
  type MessageGroupRecord,
} from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  homeCharts,
  homeStatistics,
  indicationDepartments,
  indicationStages,
  journals,
  keywords,
  medicineCompetitors,
  medicineIndications,
  medicinePublicOpinions,
  medicines,
  messageGroupMembers,
  messageGroups,
  users,
} from '../../db/schema/index.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { crudRoutes, type CrudSpec } from './crud.js';

/** Menu authorities (seed/menus.ts) of the data-management screens, message groups and enterprise settings. */
export const DATA_AUTHORITIES = {
  medicine: 'dataManage:medicineDurg',
  homeData: 'dataManage:homeData',
  homeChart: 'dataManage:homeChart',
  indicationStage: 'dataManage:indicationStage',
  indicationDepartment: 'dataManage:indicationDepartment',
  publicOpinion: 'dataManage:medicinePublicOpinion',
  keyword: 'dataManage:keyword',
  journal: 'dataManage:journalTable',
  messageGroup: ['system:messageManger', 'system:messageEdit'],
  enterprise: 'system:setting',
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
  const competitors = await tx.select().from(medicineCompetitors).where(inArray(medicineCompetitors.medicineId, ids)).orderBy(asc(medicineCompetitors.sort), asc(medicineCompetitors.id));
  const indications = await tx.select().from(medicineIndications).where(inArray(medicineIndications.medicineId, ids)).orderBy(asc(medicineIndications.sort), asc(medicineIndications.id));
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
  authority: DATA_AUTHORITIES.medicine,
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

// ---------------------------------------------------------------- home data (the home page's figures) and home charts

export const homeDataSpec: CrudSpec<typeof homeDataInput, HomeDataRecord> = {
  entity: 'homeData',
  tag: 'data',
  paths: P.homeData,
  authority: DATA_AUTHORITIES.homeData,
  table: homeStatistics,
  id: homeStatistics.id,
  input: homeDataInput,
  update: homeDataUpdate,
  search: [homeStatistics.key, homeStatistics.name, homeStatistics.nameEn],
  order: [homeStatistics.sort],
  unique: [{ columns: (i) => [[homeStatistics.key, i.key]], field: 'key', key: 'data.homeData.keyTaken' }],
  present: async (_tx, rows) =>
    rows.map((r) => ({ id: r.id as number, key: r.key as string, name: r.name as string, nameEn: r.nameEn as string, value: r.value as number, unit: r.unit as string, sort: r.sort as number })),
};

export const homeChartSpec: CrudSpec<typeof homeChartInput, HomeChartSeries> = {
  entity: 'homeChart',
  tag: 'data',
  paths: P.homeChart,
  authority: DATA_AUTHORITIES.homeChart,
  table: homeCharts,
  id: homeCharts.id,
  input: homeChartInput,
  update: homeChartUpdate,
  search: [homeCharts.name, homeCharts.nameEn],
  order: [homeCharts.sort],
  check: async (_tx, input) => {
    const parsed = parseChartContent(input.content);
    if ('error' in parsed) throw badRequest(parsed.error, 'content', parsed.params ?? {});
  },
  present: async (_tx, rows) => rows.map(toChartSeries),
};

function toChartSeries(r: Record<string, unknown>): HomeChartSeries {
  const parsed = parseChartContent(r.content as string);
  return {
    id: r.id as number,
    name: r.name as string,
    nameEn: r.nameEn as string,
    chartType: r.chartType as HomeChartSeries['chartType'],
    content: r.content as string,
    sort: r.sort as number,
    points: 'points' in parsed ? parsed.points : [],
  };
}

/** Every home chart with its points, for the home page. */
export async function allHomeCharts(db: Db): Promise<HomeChartSeries[]> {
  const rows = await db.select().from(homeCharts).orderBy(asc(homeCharts.sort), asc(homeCharts.id));
  return rows.map((r) => toChartSeries(r));
}

// ---------------------------------------------------------------- the simple lists

export const indicationStageSpec: CrudSpec<typeof indicationStageInput, unknown> = {
  entity: 'indicationStage',
  tag: 'data',
  paths: P.indicationStage,
  authority: DATA_AUTHORITIES.indicationStage,
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
  authority: DATA_AUTHORITIES.indicationDepartment,
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
  authority: DATA_AUTHORITIES.publicOpinion,
  table: medicinePublicOpinions,
  id: medicinePublicOpinions.id,
  input: publicOpinionInput,
  update: publicOpinionUpdate,
  search: [medicinePublicOpinions.drug, medicinePublicOpinions.standardCategory, medicinePublicOpinions.category, medicinePublicOpinions.categoryEn, medicinePublicOpinions.company],
  order: [medicinePublicOpinions.drug],
};

export const keywordSpec: CrudSpec<typeof keywordInput, unknown> = {
  entity: 'keyword',
  tag: 'data',
  paths: P.keyword,
  authority: DATA_AUTHORITIES.keyword,
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
  authority: DATA_AUTHORITIES.journal,
  table: journals,
  id: journals.id,
  input: journalInput,
  update: journalUpdate,
  search: [journals.name, journals.category, journals.alias, journals.formerName],
  order: [journals.name],
  unique: [{ columns: (i) => [[journals.name, i.name]], field: 'name', key: 'data.journal.nameTaken' }],
};

// ---------------------------------------------------------------- message groups

async function presentGroups(tx: Tx, rows: Record<string, unknown>[]): Promise<MessageGroupRecord[]> {
  const ids = rows.map((r) => r.id as number);
  if (ids.length === 0) return [];
  const members = await tx
    .select({ groupId: messageGroupMembers.groupId, id: users.id, username: users.username, firstName: users.firstName })
    .from(messageGroupMembers)
    .innerJoin(users, eq(users.id, messageGroupMembers.userId))
    .where(inArray(messageGroupMembers.groupId, ids))
    .orderBy(asc(users.username));
  return rows.map((r) => {
    const own = members.filter((m) => m.groupId === r.id).map(({ id, username, firstName }) => ({ id, username, firstName }));
    return {
      id: r.id as number,
      name: r.name as string,
      description: r.description as string,
      memberIds: own.map((m) => m.id),
      members: own,
      updatedAt: (r.updatedAt as Date).toISOString(),
    };
  });
}

export const messageGroupSpec: CrudSpec<typeof messageGroupInput, MessageGroupRecord> = {
  entity: 'messageGroup',
  tag: 'messageGroup',
  paths: API.apps.messageGroup,
  authority: DATA_AUTHORITIES.messageGroup,
  table: messageGroups,
  id: messageGroups.id,
  input: messageGroupInput,
  update: messageGroupUpdate,
  search: [messageGroups.name, messageGroups.description],
  order: [messageGroups.name],
  unique: [{ columns: (i) => [[messageGroups.name, i.name]], field: 'name', key: 'group.nameTaken' }],
  check: async (tx, input) => {
    if (input.memberIds.length === 0) return;
    const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, input.memberIds));
    if (found.length !== input.memberIds.length) throw new AppError(400, 'group.memberMissing', { field: 'memberIds' }, 'memberIds');
  },
  toRow: (i) => ({ name: i.name, description: i.description, updatedAt: new Date() }),
  writeChildren: async (tx, id, input, isUpdate) => {
    if (isUpdate) await tx.delete(messageGroupMembers).where(eq(messageGroupMembers.groupId, id));
    if (input.memberIds.length > 0) await tx.insert(messageGroupMembers).values(input.memberIds.map((userId) => ({ groupId: id, userId })));
  },
  present: presentGroups,
};

/** Registers the data-management and message-group routes. */
export function dataRoutes(app: FastifyInstance) {
  crudRoutes(app, medicineSpec);
  crudRoutes(app, homeDataSpec);
  crudRoutes(app, homeChartSpec);
  crudRoutes(app, indicationStageSpec);
  crudRoutes(app, indicationDepartmentSpec);
  crudRoutes(app, publicOpinionSpec);
  crudRoutes(app, keywordSpec);
  crudRoutes(app, journalSpec);
  crudRoutes(app, messageGroupSpec);
}
