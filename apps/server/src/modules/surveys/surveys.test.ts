import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  message,
  SURVEY_STATUS_WORDS,
  type MessageKey,
  type MessageParam,
  type SaveSurveyRequest,
  type SurveyDetail,
  type SurveyList,
  type SurveyResults,
} from '@field-portal/shared';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
const tokens: Record<string, string> = {};
const P = API.surveys;
const HOUR = 3_600_000;
type Lang = 'zh' | 'en';
const REPS = ['rep01', 'rep02', 'rep03', 'rep04', 'rep05', 'rep06'];

beforeAll(async () => {
  h = await createHarness();
  for (const u of ['mkt01', 'operator', 'admin', 'msl01', ...REPS]) tokens[u] = (await h.login(u)).access;
});
afterAll(async () => h?.close());

const headers = (user: string, lang: Lang = 'zh') => ({ ...h.auth(tokens[user]!), language: lang });
const get = (user: string, url: string, query: Record<string, string | number> = {}) =>
  h.app.inject({ method: 'GET', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: headers(user) });
const post = (user: string, url: string, payload: object, lang: Lang = 'zh') => h.app.inject({ method: 'POST', url, payload, headers: headers(user, lang) });

function expectError(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  key: MessageKey,
  lang: Lang = 'zh',
  params: Record<string, MessageParam> = {},
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { code: number; msg: string; field?: string };
  expect(body.msg).toBe(message(key, lang, params));
  return body;
}

const SCHEMA = {
  questions: [
    {
      id: 'q1',
      type: 'single',
      title: 'Preferred format',
      required: true,
      options: [
        { id: 'a', label: 'Online' },
        { id: 'b', label: 'On site' },
      ],
    },
    {
      id: 'q2',
      type: 'multiple',
      title: 'Topics',
      options: [
        { id: 't1', label: 'Oncology' },
        { id: 't2', label: 'Cardiology' },
        { id: 't3', label: 'Neurology' },
      ],
    },
    { id: 'q3', type: 'rating', title: 'Satisfaction', required: true, max: 5 },
    { id: 'q4', type: 'text', title: 'Comments', maxLength: 50 },
    { id: 'q5', type: 'number', title: 'Visits per week', min: 0, max: 40 },
    { id: 'q6', type: 'date', title: 'Next meeting' },
    {
      id: 'q7',
      type: 'matrix',
      title: 'Rate each',
      rows: [
        { id: 'r1', label: 'Speakers' },
        { id: 'r2', label: 'Venue' },
      ],
      columns: [
        { id: 'c1', label: 'Good' },
        { id: 'c2', label: 'Poor' },
      ],
    },
  ],
};

const survey = (extra: Partial<SaveSurveyRequest> = {}): SaveSurveyRequest => ({
  title: 'Field survey',
  description: 'Tell us',
  schema: SCHEMA as SaveSurveyRequest['schema'],
  startTime: new Date(h.clock.value - HOUR).toISOString(),
  endTime: new Date(h.clock.value + 24 * HOUR).toISOString(),
  ...extra,
});

async function published(extra: Partial<SaveSurveyRequest> = {}): Promise<SurveyDetail> {
  const saved = await post('mkt01', P.saveSurvey, survey(extra));
  expect(saved.statusCode, saved.body).toBe(200);
  const id = (saved.json().result as SurveyDetail).id;
  const res = await post('mkt01', P.surveyStatus, { id, status: 'published' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as SurveyDetail;
}

const answer = (i: number) => ({
  q1: i % 2 ? 'a' : 'b',
  q2: ['t1', 't3'],
  q3: (i % 5) + 1,
  q4: `note ${i}`,
  q5: i,
  q6: '2026-12-01',
  q7: { r1: 'c1', r2: 'c2' },
});

describe('the builder schema', () => {
  it('validates the questions on the server', async () => {
    const dup = { questions: [SCHEMA.questions[0], SCHEMA.questions[0]] };
    expectError(await post('mkt01', P.saveSurvey, survey({ schema: dup as SaveSurveyRequest['schema'] })), 400, 'survey.questionIdDuplicate', 'zh', {
      field: 'schema.questions.1.id',
    });
    const oneOption = { questions: [{ id: 'q1', type: 'single', title: 'x', options: [{ id: 'a', label: 'A' }] }] };
    expect((await post('mkt01', P.saveSurvey, survey({ schema: oneOption as SaveSurveyRequest['schema'] }))).statusCode).toBe(400);
    const unknownType = { questions: [{ id: 'q1', type: 'slider', title: 'x' }] };
    expect((await post('mkt01', P.saveSurvey, survey({ schema: unknownType as unknown as SaveSurveyRequest['schema'] }))).statusCode).toBe(400);
    expectError(await post('mkt01', P.saveSurvey, survey({ schema: { questions: [] } })), 400, 'survey.questionsRequired', 'zh', { field: 'schema.questions' });
    expectError(await post('mkt01', P.saveSurvey, survey({ endTime: new Date(h.clock.value - 2 * HOUR).toISOString() })), 400, 'survey.timeOrder', 'zh', {
      field: 'endTime',
    });
    expectError(await post('mkt01', P.saveSurvey, survey({ audience: 'users', userIds: [] })), 400, 'survey.audienceRequired', 'zh', { field: 'userIds' });
    expectError(await post('mkt01', P.saveSurvey, survey({ audience: 'users', userIds: [999999] })), 404, 'survey.audienceUnknown');
  });

  it('keeps the question order and lets only builders build', async () => {
    const saved = (await post('mkt01', P.saveSurvey, survey())).json().result as SurveyDetail;
    expect(saved.schema.questions.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7']);
    expect(saved.status).toBe('draft');
    expectError(await post('operator', P.saveSurvey, survey()), 403, 'auth.forbidden');
    // another builder cannot change it, nor tell it from a survey that does not exist (issue 30)
    const other = await post('msl01', P.saveSurvey, { ...survey(), id: saved.id }, 'en');
    expectError(other, 404, 'survey.notFound', 'en');
    expect(other.json()).toEqual((await post('msl01', P.saveSurvey, { ...survey(), id: 2_000_000_000 }, 'en')).json());
    // a draft is not shown to the audience
    expectError(await get('rep01', P.surveyDetail, { id: saved.id }), 404, 'survey.notFound');
  });
});

describe('answering', () => {
  it('refuses an answer that does not fit, naming the question, and saves nothing', async () => {
    const s = await published();
    const cases: [object, MessageKey, string, string][] = [
      [{ ...answer(1), q1: 'zzz' }, 'survey.answerInvalid', 'q1', 'Preferred format'],
      [{ ...answer(1), q3: 9 }, 'survey.answerInvalid', 'q3', 'Satisfaction'],
      [{ ...answer(1), q4: 'x'.repeat(51) }, 'survey.answerInvalid', 'q4', 'Comments'],
      [{ ...answer(1), q5: 41 }, 'survey.answerInvalid', 'q5', 'Visits per week'],
      [{ ...answer(1), q6: '2026-02-30' }, 'survey.answerInvalid', 'q6', 'Next meeting'],
      [{ ...answer(1), q7: { r1: 'c9' } }, 'survey.answerInvalid', 'q7', 'Rate each'],
      [{ q3: 3 }, 'survey.answerRequired', 'q1', 'Preferred format'],
    ];
    for (const [answers, key, field, question] of cases) {
      const body = expectError(await post('rep01', P.submitAnswer, { surveyId: s.id, answers }), 400, key, 'zh', { question });
      expect(body.field).toBe(`answers.${field}`);
    }
    expectError(await post('rep01', P.submitAnswer, { surveyId: s.id, answers: { ...answer(1), q99: 'x' } }), 400, 'survey.answerUnknown', 'zh', { id: 'q99' });
    const rows = await h.database.query<{ n: number }>('select count(*)::int as n from survey_responses where survey_id = $1', [s.id]);
    expect(rows[0]!.n).toBe(0);
    const respondents = await h.database.query<{ n: number }>('select count(*)::int as n from survey_respondents where survey_id = $1', [s.id]);
    expect(respondents[0]!.n).toBe(0);
  });

  it('takes one answer per person unless repeats are allowed', async () => {
    const once = await published();
    expect((await post('rep01', P.submitAnswer, { surveyId: once.id, answers: answer(1) })).statusCode).toBe(200);
    expectError(await post('rep01', P.submitAnswer, { surveyId: once.id, answers: answer(2) }), 409, 'survey.alreadyAnswered');
    const detail = (await get('rep01', P.surveyDetail, { id: once.id })).json().result as SurveyDetail;
    expect(detail).toMatchObject({ canAnswer: false, myAnswers: 1 });
    const again = await published({ allowRepeat: true });
    expect((await post('rep01', P.submitAnswer, { surveyId: again.id, answers: answer(1) })).statusCode).toBe(200);
    const second = await post('rep01', P.submitAnswer, { surveyId: again.id, answers: answer(2) });
    expect(second.json().result).toMatchObject({ myAnswers: 2 });
  });

  it('answers only between start and end, and only for the audience', async () => {
    const later = await published({ startTime: new Date(h.clock.value + HOUR).toISOString(), endTime: new Date(h.clock.value + 2 * HOUR).toISOString() });
    expectError(await post('rep01', P.submitAnswer, { surveyId: later.id, answers: answer(1) }), 409, 'survey.notOpen');
    const [rep02] = await h.database.query<{ id: number }>("select id from users where username = 'rep02'");
    const named = await published({ audience: 'users', userIds: [rep02!.id] });
    expectError(await post('rep01', P.submitAnswer, { surveyId: named.id, answers: answer(1) }), 404, 'survey.notFound');
    expect((await post('rep02', P.submitAnswer, { surveyId: named.id, answers: answer(1) })).statusCode).toBe(200);
    const list = (await get('rep01', P.surveyList)).json().result as SurveyList;
    expect(list.toAnswer.map((s) => s.id)).not.toContain(named.id);
    expect(list.canBuild).toBe(true);
    const closed = await post('mkt01', P.surveyStatus, { id: named.id, status: 'closed' });
    expect((closed.json().result as SurveyDetail).status).toBe('closed');
    expectError(await post('rep02', P.submitAnswer, { surveyId: named.id, answers: answer(2) }), 409, 'survey.notOpen');
    // the statuses by name in the reader's language, not their codes
    const refused = expectError(await post('mkt01', P.surveyStatus, { id: named.id, status: 'published' }), 409, 'survey.transition', 'zh', {
      from: SURVEY_STATUS_WORDS.closed,
      to: SURVEY_STATUS_WORDS.published,
    });
    expect(refused.msg).toBe('问卷不能从「已结束」变为「已发布」');
    expect((await post('mkt01', P.surveyStatus, { id: named.id, status: 'published' }, 'en')).json().msg).toBe('A survey cannot go from Closed to Published');
  });
});

describe('results', () => {
  it('counts per question from the answers', async () => {
    const s = await published();
    for (const [i, rep] of REPS.slice(0, 5).entries()) {
      const res = await post(rep, P.submitAnswer, { surveyId: s.id, answers: i === 4 ? { q1: 'a', q3: 5 } : answer(i) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const results = (await get('mkt01', P.surveyResults, { id: s.id })).json().result as SurveyResults;
    expect(results).toMatchObject({ responses: 5, hidden: false });
    const q = Object.fromEntries(results.questions.map((x) => [x.id, x]));
    // answers 0..3 choose b, a, b, a; the fifth a
    expect(q.q1).toMatchObject({ answered: 5, categories: ['Online', 'On site'], series: [{ values: [3, 2] }] });
    expect(q.q2).toMatchObject({ answered: 4, series: [{ values: [4, 0, 4] }] });
    // ratings 1, 2, 3, 4 and 5
    expect(q.q3).toMatchObject({ answered: 5, average: 3, series: [{ values: [1, 1, 1, 1, 1] }] });
    expect(q.q4!.texts).toEqual(['note 3', 'note 2', 'note 1', 'note 0']);
    expect(q.q5).toMatchObject({ answered: 4, average: 1.5 });
    expect(q.q6).toMatchObject({ categories: ['2026-12-01'], series: [{ values: [4] }] });
    expect(q.q7!.series.map((x) => x.values)).toEqual([
      [4, 0],
      [0, 4],
    ]);
  });

  it('hides anonymous results below five answers and stores no user with the answer', async () => {
    const s = await published({ anonymous: true });
    for (const rep of REPS.slice(0, 4)) expect((await post(rep, P.submitAnswer, { surveyId: s.id, answers: answer(1) })).statusCode).toBe(200);
    const hidden = (await get('mkt01', P.surveyResults, { id: s.id })).json().result as SurveyResults;
    expect(hidden).toMatchObject({ responses: 4, hidden: true, questions: [] });
    await post(REPS[4]!, P.submitAnswer, { surveyId: s.id, answers: answer(1) });
    const shown = (await get('mkt01', P.surveyResults, { id: s.id })).json().result as SurveyResults;
    expect(shown.hidden).toBe(false);
    expect(shown.questions[0]!.answered).toBe(5);
    const users = await h.database.query<{ n: number }>('select count(user_id)::int as n from survey_responses where survey_id = $1', [s.id]);
    expect(users[0]!.n).toBe(0);
  });

  it('shows results to the author and the survey-results report only', async () => {
    const s = await published();
    // A published survey the caller sees is refused as such; another author's draft is not told apart from a missing id.
    expectError(await get('msl01', P.surveyResults, { id: s.id }), 403, 'survey.notYours');
    const draft = (await post('mkt01', P.saveSurvey, survey())).json().result as SurveyDetail;
    const other = await get('msl01', P.surveyResults, { id: draft.id });
    expectError(other, 404, 'survey.notFound');
    expect(other.json()).toEqual((await get('msl01', P.surveyResults, { id: 2_000_000_000 })).json());
    expectError(await get('operator', P.surveyResults, { id: s.id }), 403, 'auth.forbidden');
    expect((await get('admin', P.surveyResults, { id: s.id })).statusCode).toBe(200);
  });
});

describe('deleteSurvey', () => {
  it('deletes a draft of the author only', async () => {
    const saved = (await post('mkt01', P.saveSurvey, survey())).json().result as SurveyDetail;
    const other = await post('msl01', P.deleteSurvey, { id: saved.id });
    expectError(other, 404, 'survey.notFound');
    expect(other.json()).toEqual((await post('msl01', P.deleteSurvey, { id: 2_000_000_000 })).json());
    expect((await post('mkt01', P.deleteSurvey, { id: saved.id })).statusCode).toBe(200);
    expectError(await post('mkt01', P.deleteSurvey, { id: saved.id }), 404, 'survey.notFound');
    const pub = await published();
    expectError(await post('mkt01', P.deleteSurvey, { id: pub.id }), 409, 'survey.notEditable');
  });
});
