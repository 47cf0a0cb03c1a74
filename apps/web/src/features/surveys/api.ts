import { queryOptions } from '@tanstack/react-query';
import { API, type SaveSurveyRequest, type SurveyDetail, type SurveyList, type SurveyPerson, type SurveyResults } from '@field-portal/shared';
import { getResult, postResult } from '@/lib/http';

/** Calls of surveys (docs/decisions/0021). */
const P = API.surveys;

export const surveyKeys = {
  all: ['surveys'] as const,
  list: ['surveys', 'list'] as const,
  detail: (id: number) => ['surveys', 'detail', id] as const,
  results: (id: number) => ['surveys', 'results', id] as const,
  users: (keyword: string) => ['surveys', 'users', keyword] as const,
};

export const surveyListQuery = () => queryOptions({ queryKey: surveyKeys.list, queryFn: () => getResult<SurveyList>(P.surveyList) });
export const surveyDetailQuery = (id: number) =>
  queryOptions({ queryKey: surveyKeys.detail(id), queryFn: () => getResult<SurveyDetail>(P.surveyDetail, { params: { id } }) });
export const surveyResultsQuery = (id: number) =>
  queryOptions({ queryKey: surveyKeys.results(id), queryFn: () => getResult<SurveyResults>(P.surveyResults, { params: { id } }) });
export const audienceQuery = (keyword: string) =>
  queryOptions({
    queryKey: surveyKeys.users(keyword),
    queryFn: () => getResult<SurveyPerson[]>(P.audienceCandidates, { params: { keyword } }),
    staleTime: 30_000,
  });

export const saveSurvey = (body: SaveSurveyRequest) => postResult<SurveyDetail>(P.saveSurvey, body);
export const setSurveyStatus = (id: number, status: 'published' | 'closed') => postResult<SurveyDetail>(P.surveyStatus, { id, status });
export const deleteSurvey = (id: number) => postResult<unknown>(P.deleteSurvey, { id });
export const submitAnswer = (surveyId: number, answers: Record<string, unknown>) =>
  postResult<{ responseId: number; myAnswers: number }>(P.submitAnswer, { surveyId, answers });

export const surveyAnswerPath = (id: number) => `/contentCenter/surveyQuesDetail?id=${id}`;
