import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  API,
  homeChartInput,
  homeChartUpdate,
  homeDataInput,
  homeDataUpdate,
  messageGroupInput,
  messageGroupUpdate,
  parseChartContent,
  type HomeChartSeries,
  type HomeDataRecord,
  type MessageGroupRecord,
} from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  homeCharts,
  homeStatistics,
  messageGroupMembers,
  messageGroups,
  users,
} from '../../db/schema/index.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { crudRoutes, type CrudSpec } from '../../platform/crud.js';

/** Menu authorities (seed/menus.ts) of the data-management screens, message groups and enterprise settings. */
export const DATA_AUTHORITIES = {
  homeData: 'dataManage:homeData',
  homeChart: 'dataManage:homeChart',
  messageGroup: ['system:messageManger', 'system:messageEdit'],
  enterprise: 'system:setting',
} as const;

const P = API.apps.data;

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

/** Registers the routes of home data, home charts and message groups (the reference data's are in modules/reference). */
export function dataRoutes(app: FastifyInstance) {
  crudRoutes(app, homeDataSpec);
  crudRoutes(app, homeChartSpec);
  crudRoutes(app, messageGroupSpec);
}
