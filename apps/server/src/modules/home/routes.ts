import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  homeChartInput,
  homeChartUpdate,
  homeDataInput,
  homeDataUpdate,
  parseChartContent,
  type HomeChartSeries,
  type HomeDataRecord,
} from '@field-portal/shared';
import type { Db } from '../../db/client.js';
import { homeCharts, homeStatistics } from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';
import { crudRoutes, type CrudSpec } from '../../platform/crud.js';

/**
 * The home page's figures and charts, kept by data management (spec 001 /dataManage homeData,
 * homeChart; docs/decisions/0010). Their paths stay under the app module's API as the spec names them.
 */

/** Menu authorities (seed/menus.ts) of the two data-management screens. */
const AUTHORITIES = { homeData: 'dataManage:homeData', homeChart: 'dataManage:homeChart' } as const;

const P = API.apps.data;

const homeDataSpec: CrudSpec<typeof homeDataInput, HomeDataRecord> = {
  entity: 'homeData',
  tag: 'data',
  paths: P.homeData,
  authority: AUTHORITIES.homeData,
  table: homeStatistics,
  id: homeStatistics.id,
  input: homeDataInput,
  update: homeDataUpdate,
  search: [homeStatistics.key, homeStatistics.name, homeStatistics.nameEn],
  order: [homeStatistics.sort],
  unique: [{ columns: (i) => [[homeStatistics.key, i.key]], field: 'key', key: 'data.homeData.keyTaken' }],
  present: async (_tx, rows) =>
    rows.map((r) => ({
      id: r.id as number,
      key: r.key as string,
      name: r.name as string,
      nameEn: r.nameEn as string,
      value: r.value as number,
      unit: r.unit as string,
      sort: r.sort as number,
    })),
};

const homeChartSpec: CrudSpec<typeof homeChartInput, HomeChartSeries> = {
  entity: 'homeChart',
  tag: 'data',
  paths: P.homeChart,
  authority: AUTHORITIES.homeChart,
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
async function allHomeCharts(db: Db): Promise<HomeChartSeries[]> {
  const rows = await db.select().from(homeCharts).orderBy(asc(homeCharts.sort), asc(homeCharts.id));
  return rows.map((r) => toChartSeries(r));
}

/** Registers the routes of home data and home charts, and the home page's read of every chart (any signed-in user). */
export async function homeRoutes(app: FastifyInstance) {
  crudRoutes(app, homeDataSpec);
  crudRoutes(app, homeChartSpec);
  app.withTypeProvider<ZodTypeProvider>().get(API.apps.data.homeCharts, {
    schema: { tags: ['data'], summary: 'Every home chart with its points (the home page)', querystring: z.strictObject({}) },
    handler: async () => allHomeCharts(app.ctx.database.db),
  });
}
