import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  competitorQuery,
  drugIndicationQuery,
  eventDetailQuery,
  marketIndicationQuery,
  opinionItemsQuery,
  opinionTrendQuery,
  productQuery,
} from '@field-portal/shared';
import { requestScope } from '../customers/index.js';
import * as service from './service.js';

const tags = ['market'];
const P = API.market;

/** Menu authorities (seed/menus.ts) of the market-intelligence pages. */
export const MARKET_AUTHORITIES = {
  net: 'medicine:medicineNet',
  market: 'medicine:medicineMarket',
  opinion: 'medicine:MedAna',
  indication: 'medicine:indicationMedAna',
  attitude: 'medicine:indicationDrug',
  event: 'medicine:eventDetail',
  lecturer: 'doctor:lecturerRating',
  patients: 'doctor:patientAna',
  groups: 'doctor:doctorGroupAnalysis',
} as const;
const A = MARKET_AUTHORITIES;

/** Market intelligence: public opinion, drug market and net search, attitude, groups, lecturer rating (docs/decisions/0025). */
export async function marketRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): service.MarketDeps => ({ db: app.ctx.database.db, now: app.ctx.now });
  const scope = (request: Parameters<typeof requestScope>[0]) => requestScope(request, app.ctx.database.db);

  r.get(P.options, {
    config: { authority: Object.values(A) },
    schema: { tags, summary: 'Drugs with competitors and indications, opinion platforms, lecturer products', querystring: z.strictObject({}) },
    handler: async () => service.marketOptions(deps()),
  });
  r.get(P.opinionTrend, {
    config: { authority: [A.opinion, A.indication, A.event] },
    schema: { tags, summary: 'Sentiment by month, platform and drug, and the events (MedAna)', querystring: opinionTrendQuery },
    handler: async (request) => service.opinionTrend(deps(), await scope(request), request.query),
  });
  r.get(P.opinionItems, {
    config: { authority: [A.opinion, A.event, A.attitude] },
    schema: {
      tags,
      summary: 'Opinion items of the period, newest published first, each with the words that scored (keyset cursor)',
      querystring: opinionItemsQuery,
    },
    handler: async (request) => service.opinionItems(deps(), await scope(request), request.query),
  });
  r.get(P.eventDetail, {
    config: { authority: [A.event, A.opinion] },
    schema: { tags, summary: "An event's sentiment split and its items by day (eventDetail)", querystring: eventDetailQuery },
    handler: async (request) => service.eventDetail(deps(), await scope(request), request.query.id),
  });
  r.get(P.indicationDrug, {
    config: { authority: A.attitude },
    schema: { tags, summary: 'Per doctor in scope, the attitude of their items on a drug and indication', querystring: drugIndicationQuery },
    handler: async (request) => service.indicationDrug(deps(), await scope(request), request.query),
  });
  r.get(P.marketCompare, {
    config: { authority: A.market },
    schema: { tags, summary: 'Sales by month and province of a drug beside a competitor (choose a competitor and click query)', querystring: competitorQuery },
    handler: async (request) => service.marketCompare(deps(), await scope(request), request.query),
  });
  r.get(P.netSearch, {
    config: { authority: A.net },
    schema: { tags, summary: 'Search index, opinion volume and online consultations of a drug beside a competitor', querystring: competitorQuery },
    handler: async (request) => service.netSearch(deps(), await scope(request), request.query),
  });
  r.get(P.indicationMedAna, {
    config: { authority: A.indication },
    schema: { tags, summary: 'The drugs of an indication by sales share, search and sentiment', querystring: marketIndicationQuery },
    handler: async (request) => service.indicationMedAna(deps(), await scope(request), request.query),
  });
  r.get(P.lecturerRating, {
    config: { authority: A.lecturer },
    schema: { tags, summary: 'Lecturer levels of a product from speaker history and feedback, with the rule', querystring: productQuery },
    handler: async (request) => service.lecturerRating(deps(), await scope(request), request.query.product),
  });
  r.get(P.patientGroups, {
    config: { authority: A.patients },
    schema: { tags, summary: 'Aggregate patient groups of a drug and indication (drug and indication required)', querystring: drugIndicationQuery },
    handler: async (request) => service.patientGroups(deps(), await scope(request), request.query),
  });
  r.get(P.doctorGroups, {
    config: { authority: A.groups },
    schema: { tags, summary: 'Doctors consulting on a drug and indication, grouped (drug and indication required)', querystring: drugIndicationQuery },
    handler: async (request) => service.doctorGroups(deps(), await scope(request), request.query),
  });
}
