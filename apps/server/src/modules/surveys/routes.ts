import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  audienceCandidatesQuery,
  saveSurveyRequest,
  submitAnswerRequest,
  surveyIdQuery,
  surveyIdRequest,
  surveyStatusRequest,
} from '@field-portal/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.js';
import {
  audienceCandidates,
  changeSurveyStatus,
  deleteSurvey,
  saveSurvey,
  submitAnswer,
  SURVEY_BUILD_AUTHORITY,
  SURVEY_REPORT_AUTHORITY,
  surveyDetail,
  surveyList,
  surveyResults,
  type SurveyDeps,
} from './service.js';

const tags = ['surveys'];
const P = API.surveys;

/** Surveys: builder, answers and results (spec 001 section 2.4; docs/decisions/0021). */
export async function surveyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): SurveyDeps => ({ db: app.ctx.database.db, now: app.ctx.now });
  const build = { authority: SURVEY_BUILD_AUTHORITY };

  r.get(P.surveyList, {
    schema: { tags, summary: "Surveys for the caller to answer, and the caller's own when they build surveys", querystring: z.strictObject({}) },
    handler: async (request) => surveyList(deps(), currentUser(request)),
  });

  r.get(P.surveyDetail, {
    schema: { tags, summary: 'A survey with its questions and whether the caller may answer it now', querystring: surveyIdQuery },
    handler: async (request) => surveyDetail(deps(), currentUser(request), request.query.id),
  });

  r.post(P.submitAnswer, {
    bodyLimit: 512 * 1024,
    schema: {
      tags,
      summary: 'Answer a survey: once unless repeats are allowed; an answer that does not fit its question is refused naming it',
      body: submitAnswerRequest,
    },
    handler: async (request) => submitAnswer(deps(), currentUser(request), request.body.surveyId, request.body.answers),
  });

  r.post(P.saveSurvey, {
    config: build,
    bodyLimit: 512 * 1024,
    schema: { tags, summary: 'Create (no id) or change a draft survey; the questions are a JSON schema checked here', body: saveSurveyRequest },
    handler: async (request) => saveSurvey(deps(), currentUser(request), request.body),
  });

  r.post(P.surveyStatus, {
    config: build,
    schema: { tags, summary: 'Publish a draft or close a published survey (author)', body: surveyStatusRequest },
    handler: async (request) => changeSurveyStatus(deps(), currentUser(request), request.body.id, request.body.status),
  });

  r.post(P.deleteSurvey, {
    config: build,
    schema: { tags, summary: 'Delete a draft survey (author)', body: surveyIdRequest },
    handler: async (request) => {
      await deleteSurvey(deps(), currentUser(request), request.body.id);
      return {};
    },
  });

  r.get(P.audienceCandidates, {
    config: build,
    schema: { tags, summary: 'Portal users by username or name, for the audience picker', querystring: audienceCandidatesQuery },
    handler: async (request) => audienceCandidates(deps(), request.query.keyword),
  });

  r.get(P.surveyResults, {
    config: { authority: [SURVEY_BUILD_AUTHORITY, SURVEY_REPORT_AUTHORITY] },
    schema: { tags, summary: 'Results per question (author, or the survey-results report); anonymous ones only from five answers', querystring: surveyIdQuery },
    handler: async (request) => surveyResults(deps(), currentUser(request), request.query.id),
  });
}
