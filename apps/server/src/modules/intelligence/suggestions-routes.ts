import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SUGGESTION_AUTHORITY, SUGGESTION_PATHS as P, suggestionFeedbackRequest, suggestionListQuery, suggestionRefreshRequest } from '@field-portal/shared';
import { currentUser } from '../../platform/auth.js';
import { requestScope } from '../customers/index.js';
import { listSuggestions, queueSuggestions, suggestionFeedback, suggestionJobState } from './suggestions-repo.js';

/** Smart suggestions (doctorIntelligenceAdvice; docs/decisions/0029): the caller's own, inside their data scope. */
export async function suggestionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.ctx.database.db;
  const now = () => new Date(app.ctx.now());
  const tags = ['doctor-intelligence'];
  const config = { authority: SUGGESTION_AUTHORITY };

  r.get(P.list, {
    config,
    schema: {
      tags,
      summary: "The caller's open suggestions of a category, highest priority first, keyset paged (category required)",
      querystring: suggestionListQuery,
    },
    handler: async (request) => listSuggestions(db(), await requestScope(request, db()), request.query, now()),
  });
  r.post(P.feedback, {
    config,
    schema: { tags, summary: "Marks one of the caller's suggestions done or dismissed (stored; it leaves the list)", body: suggestionFeedbackRequest },
    handler: async (request) => suggestionFeedback(db(), await requestScope(request, db()), request.body.id, request.body.action, now()),
  });
  r.post(P.refresh, {
    config,
    schema: { tags, summary: "Queues a recompute of the caller's suggestions (the background job runs it)", body: suggestionRefreshRequest },
    handler: async (request) => {
      const user = currentUser(request);
      await queueSuggestions(db(), user.id);
      return suggestionJobState(db(), user.id);
    },
  });
}
