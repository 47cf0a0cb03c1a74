import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  INTELLIGENCE_AUTHORITIES as AUTH,
  areaQuery,
  contextQuery,
  doctor360Query,
  egoQuery,
  kolCompareQuery,
  kolExplainQuery,
  kolProvincesQuery,
  kolRankingQuery,
  lookAlikeQuery,
  papersQuery,
  relationsQuery,
  saveWeightsRequest,
} from '@field-portal/shared';
import { currentUser, holdsAuthority } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { requestScope } from '../customers/index.js';
// The KOL list's export, run by the download centre (docs/decisions/0022).
import './downloads.js';
import { impactRoutes } from './impact.js';
import { jobState, queueRecompute } from './jobs.js';
import { suggestionRoutes } from './suggestions-routes.js';
import {
  academicContext,
  areaNetwork,
  doctor360,
  doctorPapers,
  doctorRelations,
  egoNetwork,
  kolCompare,
  kolExplain,
  kolProvinces,
  kolRanking,
  kolWeights,
  lookAlike,
  saveKolWeights,
} from './service.js';

const P = API.intelligence;
const emptyQuery = z.strictObject({});

/** Routes of doctor intelligence (docs/decisions/0024); every read goes through the caller's data scope. */
export async function intelligenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.ctx.database.db;
  const deps = () => ({ db: db(), now: app.ctx.now });
  const scope = (request: FastifyRequest) => requestScope(request, db());
  const tags = ['doctor-intelligence'];
  await suggestionRoutes(app);
  await impactRoutes(app);

  r.get(P.full360, {
    schema: {
      tags,
      summary: "A doctor's 360 view; 403 'no permission on panoramic view' without the view's menu, 404 outside the scope",
      querystring: doctor360Query,
    },
    handler: async (request) => {
      const user = currentUser(request);
      // Spec 001 section 6: the panoramic view has its own permission and its own message.
      if (!holdsAuthority(user.authorities, AUTH.full360)) throw forbidden('customers.doctor.noPanoramic');
      return doctor360(deps(), await scope(request), user, request.query.doctorId, request.lang);
    },
  });
  r.get(P.papers, {
    config: { authority: AUTH.full360 },
    schema: { tags, summary: "A doctor's papers, newest first, keyset paged", querystring: papersQuery },
    handler: async (request) => doctorPapers(db(), await scope(request), request.query),
  });
  r.get(P.weights, {
    config: { authority: AUTH.kol },
    schema: { tags, summary: 'The weight of each KOL dimension', querystring: emptyQuery },
    handler: async () => kolWeights(db()),
  });
  r.put(P.saveWeights, {
    config: { authority: AUTH.admin },
    schema: { tags, summary: 'Saves the KOL weights and queues a recompute', body: saveWeightsRequest },
    handler: async (request) => saveKolWeights(db(), currentUser(request), request.body),
  });
  r.get(P.ranking, {
    config: { authority: AUTH.kol },
    schema: { tags, summary: "KOL ranking of an indication in the caller's scope, by score, keyset paged", querystring: kolRankingQuery },
    handler: async (request) => kolRanking(db(), await scope(request), request.query),
  });
  r.get(P.explain, {
    config: { authority: AUTH.kol },
    schema: { tags, summary: "One doctor's score explained: each dimension's raw value, percentile, weight and contribution", querystring: kolExplainQuery },
    handler: async (request) => kolExplain(db(), await scope(request), request.query.indication, request.query.doctorId),
  });
  r.get(P.compare, {
    config: { authority: AUTH.kol },
    schema: { tags, summary: 'Two to five doctors explained side by side (the radar)', querystring: kolCompareQuery },
    handler: async (request) => kolCompare(db(), await scope(request), request.query.indication, request.query.doctorIds),
  });
  r.get(P.provinces, {
    config: { authority: AUTH.kol },
    schema: { tags, summary: 'Scored doctors and tiers by province', querystring: kolProvincesQuery },
    handler: async (request) => kolProvinces(db(), await scope(request), request.query.indication),
  });
  r.get(P.lookAlike, {
    config: { authority: AUTH.lookAlike },
    schema: { tags, summary: 'The doctors most similar to one (HCP look-alike)', querystring: lookAlikeQuery },
    handler: async (request) => lookAlike(db(), await scope(request), request.query.doctorId, request.query.size),
  });
  r.get(P.ego, {
    config: { authority: AUTH.network },
    schema: { tags, summary: "One doctor's ego network (≤ 300 nodes), positions from the server", querystring: egoQuery },
    handler: async (request) => egoNetwork(db(), await scope(request), request.query.indication, request.query.doctorId, request.lang),
  });
  r.get(P.relations, {
    config: { authority: AUTH.network },
    schema: { tags, summary: "A doctor's relations with their evidence, strongest first", querystring: relationsQuery },
    handler: async (request) => doctorRelations(db(), await scope(request), request.query, request.lang),
  });
  r.get(P.area, {
    config: { authority: AUTH.network },
    schema: { tags, summary: 'The whole-area network of an indication (up to 20,000 doctors)', querystring: areaQuery },
    handler: async (request) => areaNetwork(db(), await scope(request), request.query),
  });
  r.get(P.context, {
    config: { authority: AUTH.context },
    schema: { tags, summary: 'Academic context of an indication: papers by year, top journals, top authors', querystring: contextQuery },
    handler: async (request) => academicContext(db(), await scope(request), request.query.indication),
  });
  r.get(P.job, {
    config: { authority: AUTH.kol },
    schema: { tags, summary: 'The state of the latest recompute job', querystring: emptyQuery },
    handler: async () => jobState(db()),
  });
  r.post(P.job, {
    config: { authority: AUTH.admin },
    schema: { tags, summary: 'Queues a recompute of scores, relations and network metrics', body: z.strictObject({}).optional() },
    handler: async (request) => {
      await queueRecompute(db(), currentUser(request).id);
      return jobState(db());
    },
  });
}
