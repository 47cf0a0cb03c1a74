import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  checkAnswers,
  SURVEY_LIMITS,
  SURVEY_STATUS_WORDS,
  type QuestionResult,
  type saveSurveyRequest,
  type SurveyDetail,
  type SurveyList,
  type SurveyPerson,
  type SurveyResults,
  type SurveyRow,
  type SurveySchema,
  type SurveyStatus,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { holdsAuthority, type CurrentUser } from '../../platform/auth.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import { countUsers, joinUser, searchEnabledUsers } from '../admin/index.js';

export interface SurveyDeps {
  db: Db;
  now: () => number;
}

/** Building surveys: the survey screen (seed/menus.ts: other → surveyList). */
export const SURVEY_BUILD_AUTHORITY = 'other:surveyList';
/** The survey-results report screen sees every survey's results. */
export const SURVEY_REPORT_AUTHORITY = 'reportDownload:surveyResults';

export const surveyNotFound = () => new AppError(404, 'survey.notFound');
const notAuthor = () => new AppError(403, 'survey.notYours');

interface SurveyRecord {
  id: number;
  title: string;
  description: string;
  schema: SurveySchema;
  audience: 'all' | 'users';
  start_time: string | Date;
  end_time: string | Date;
  anonymous: boolean;
  allow_repeat: boolean;
  status: SurveyStatus;
  author_id: number;
  author_username: string;
  author_name: string;
  response_count: number;
  my_answers: number;
  in_audience: boolean;
}

const isoOf = (value: string | Date) => new Date(value).toISOString();

const COLUMNS = (userId: number) => sql`s.id, s.title, s.description, s.schema, s.audience, s.start_time, s.end_time, s.anonymous, s.allow_repeat, s.status,
  s.author_id, u.username as author_username, coalesce(nullif(u.first_name, ''), u.username) as author_name, s.response_count,
  coalesce((select p.answers from survey_respondents p where p.survey_id = s.id and p.user_id = ${userId}), 0) as my_answers,
  (s.audience = 'all' or exists (select 1 from survey_audience a where a.survey_id = s.id and a.user_id = ${userId})) as in_audience`;

function isOpen(r: SurveyRecord, now: number): boolean {
  return r.status === 'published' && new Date(r.start_time).getTime() <= now && now < new Date(r.end_time).getTime();
}

function toRow(r: SurveyRecord, userId: number, now: number): SurveyRow {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status,
    startTime: isoOf(r.start_time),
    endTime: isoOf(r.end_time),
    anonymous: r.anonymous,
    allowRepeat: r.allow_repeat,
    audience: r.audience,
    author: { userId: r.author_id, username: r.author_username, name: r.author_name },
    questionCount: r.schema.questions.length,
    responseCount: r.response_count,
    myAnswers: r.my_answers,
    open: isOpen(r, now),
    mine: r.author_id === userId,
  };
}

async function findSurvey(db: Tx, userId: number, id: number, lock = false): Promise<SurveyRecord | undefined> {
  const [row] = await selectRows<SurveyRecord>(
    db,
    sql`
    select ${COLUMNS(userId)} from surveys s ${joinUser('u', sql`s.author_id`)} where s.id = ${id} ${lock ? sql`for update of s` : sql``}`,
  );
  return row;
}

/** Whether the caller may see the survey: their own, or a published one they are in the audience of. */
const seesSurvey = (survey: SurveyRecord, user: CurrentUser) => survey.author_id === user.id || (survey.status !== 'draft' && survey.in_audience);

/**
 * Another author's survey: 403 where the caller sees it anyway; else (a draft in edit, a survey
 * not for them) 404 exactly as for an id that does not exist, so ids cannot be confirmed.
 */
const notAuthorOf = (survey: SurveyRecord, user: CurrentUser) => (seesSurvey(survey, user) ? notAuthor() : surveyNotFound());

async function visibleSurvey(db: Tx, user: CurrentUser, id: number, lock = false): Promise<SurveyRecord> {
  const survey = await findSurvey(db, user.id, id, lock);
  if (!survey || !seesSurvey(survey, user)) throw surveyNotFound();
  return survey;
}

async function ownSurvey(db: Tx, user: CurrentUser, id: number, lock = false): Promise<SurveyRecord> {
  const survey = await findSurvey(db, user.id, id, lock);
  if (!survey) throw surveyNotFound();
  if (survey.author_id !== user.id) throw notAuthorOf(survey, user);
  return survey;
}

export async function surveyList(deps: SurveyDeps, user: CurrentUser): Promise<SurveyList> {
  const now = deps.now();
  const canBuild = holdsAuthority(user.authorities, SURVEY_BUILD_AUTHORITY);
  const [toAnswer, mine] = await Promise.all([
    selectRows<SurveyRecord>(
      deps.db,
      sql`
      select ${COLUMNS(user.id)} from surveys s ${joinUser('u', sql`s.author_id`)}
       where s.status <> 'draft' and (s.audience = 'all' or exists (select 1 from survey_audience a where a.survey_id = s.id and a.user_id = ${user.id}))
       order by (s.status = 'published' and s.end_time > ${new Date(now).toISOString()}::timestamptz) desc, s.end_time desc, s.id desc limit 100`,
    ),
    canBuild
      ? selectRows<SurveyRecord>(
          deps.db,
          sql`select ${COLUMNS(user.id)} from surveys s ${joinUser('u', sql`s.author_id`)} where s.author_id = ${user.id} order by s.id desc limit 100`,
        )
      : Promise.resolve([]),
  ]);
  return { toAnswer: toAnswer.map((r) => toRow(r, user.id, now)), mine: mine.map((r) => toRow(r, user.id, now)), canBuild };
}

async function audienceUsers(db: Tx, surveyId: number): Promise<SurveyPerson[]> {
  const rows = await selectRows<{ id: number; username: string; name: string }>(
    db,
    sql`
    select u.id, u.username, coalesce(nullif(u.first_name, ''), u.username) as name
      from survey_audience a ${joinUser('u', sql`a.user_id`)} where a.survey_id = ${surveyId} order by u.username`,
  );
  return rows.map((r) => ({ userId: r.id, username: r.username, name: r.name }));
}

export async function surveyDetail(deps: SurveyDeps, user: CurrentUser, id: number): Promise<SurveyDetail> {
  const survey = await visibleSurvey(deps.db, user, id);
  const now = deps.now();
  const row = toRow(survey, user.id, now);
  return {
    ...row,
    schema: survey.schema,
    audienceUsers: survey.author_id === user.id ? await audienceUsers(deps.db, id) : [],
    canAnswer: row.open && survey.in_audience && (survey.allow_repeat || survey.my_answers === 0),
  };
}

/** Creates a draft, or changes the caller's draft; the schema was validated by the shared zod schema. */
export async function saveSurvey(deps: SurveyDeps, user: CurrentUser, input: z.output<typeof saveSurveyRequest>): Promise<SurveyDetail> {
  const now = new Date(deps.now()).toISOString();
  const userIds = input.audience === 'users' ? [...new Set(input.userIds)] : [];
  const id = await deps.db.transaction(async (tx) => {
    if (userIds.length > 0) {
      if ((await countUsers(tx, userIds)) !== userIds.length) throw new AppError(404, 'survey.audienceUnknown', { field: 'userIds' }, 'userIds');
    }
    let surveyId: number;
    const schema = JSON.stringify(input.schema);
    if (input.id === undefined) {
      const [row] = await selectRows<{ id: number }>(
        tx,
        sql`
        insert into surveys (title, description, schema, audience, start_time, end_time, anonymous, allow_repeat, status, author_id, created_at, updated_at)
        values (${input.title}, ${input.description}, ${schema}::jsonb, ${input.audience}, ${input.startTime}::timestamptz, ${input.endTime}::timestamptz,
                ${input.anonymous}, ${input.allowRepeat}, 'draft', ${user.id}, ${now}::timestamptz, ${now}::timestamptz)
        returning id`,
      );
      surveyId = row!.id;
    } else {
      const survey = await ownSurvey(tx, user, input.id, true);
      if (survey.status !== 'draft') throw conflict('survey.notEditable');
      surveyId = input.id;
      await tx.execute(sql`
        update surveys set title = ${input.title}, description = ${input.description}, schema = ${schema}::jsonb, audience = ${input.audience},
               start_time = ${input.startTime}::timestamptz, end_time = ${input.endTime}::timestamptz, anonymous = ${input.anonymous},
               allow_repeat = ${input.allowRepeat}, updated_at = ${now}::timestamptz
         where id = ${surveyId}`);
      await tx.execute(sql`delete from survey_audience where survey_id = ${surveyId}`);
    }
    if (userIds.length > 0) {
      await tx.execute(
        sql`insert into survey_audience (survey_id, user_id) select ${surveyId}, (jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))::int`,
      );
    }
    return surveyId;
  });
  return surveyDetail(deps, user, id);
}

const SURVEY_TRANSITIONS: Record<SurveyStatus, SurveyStatus[]> = { draft: ['published'], published: ['closed'], closed: [] };

export async function changeSurveyStatus(deps: SurveyDeps, user: CurrentUser, id: number, status: 'published' | 'closed'): Promise<SurveyDetail> {
  await deps.db.transaction(async (tx) => {
    const survey = await ownSurvey(tx, user, id, true);
    if (!SURVEY_TRANSITIONS[survey.status].includes(status))
      throw new AppError(409, 'survey.transition', { from: SURVEY_STATUS_WORDS[survey.status], to: SURVEY_STATUS_WORDS[status] });
    await tx.execute(sql`update surveys set status = ${status}, updated_at = ${new Date(deps.now()).toISOString()}::timestamptz where id = ${id}`);
  });
  return surveyDetail(deps, user, id);
}

export async function deleteSurvey(deps: SurveyDeps, user: CurrentUser, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const survey = await ownSurvey(tx, user, id, true);
    if (survey.status !== 'draft') throw conflict('survey.notEditable');
    await tx.execute(sql`delete from surveys where id = ${id}`);
  });
}

/**
 * The counter rows one set of answers adds to (see survey_answer_counts): per answered question one
 * row ('', '') counting the answers and summing numeric ones, and one row per chosen option, rating
 * level, date or matrix cell.
 */
export function counterRows(schema: SurveySchema, answers: Record<string, unknown>): { q: string; r: string; v: string; c: number; t: number }[] {
  const out: { q: string; r: string; v: string; c: number; t: number }[] = [];
  for (const question of schema.questions) {
    const value = answers[question.id];
    if (value === undefined) continue;
    out.push({ q: question.id, r: '', v: '', c: 1, t: question.type === 'rating' || question.type === 'number' ? (value as number) : 0 });
    switch (question.type) {
      case 'single':
      case 'date':
      case 'rating':
        out.push({ q: question.id, r: '', v: String(value), c: 1, t: 0 });
        break;
      case 'multiple':
        for (const option of value as string[]) out.push({ q: question.id, r: '', v: option, c: 1, t: 0 });
        break;
      case 'matrix':
        for (const [row, column] of Object.entries(value as Record<string, string>)) out.push({ q: question.id, r: row, v: column, c: 1, t: 0 });
        break;
      case 'text':
      case 'number':
        break;
    }
  }
  return out;
}

/**
 * One answer: open now, the caller in the audience, once unless repeats are allowed, every
 * answer fitting its question (400 naming it). The answer, the respondent and the counters
 * are written in one transaction; an anonymous answer is stored without its user.
 */
export async function submitAnswer(
  deps: SurveyDeps,
  user: CurrentUser,
  surveyId: number,
  answers: Record<string, unknown>,
): Promise<{ responseId: number; myAnswers: number }> {
  return deps.db.transaction(async (tx) => {
    const survey = await visibleSurvey(tx, user, surveyId);
    if (!survey.in_audience) throw surveyNotFound();
    if (!isOpen(survey, deps.now())) throw conflict('survey.notOpen');
    const checked = checkAnswers(survey.schema, answers);
    if (!checked.ok) {
      const { questionId, question, key } = checked.problem;
      throw badRequest(key, `answers.${questionId}`, { question, id: questionId });
    }
    const now = new Date(deps.now()).toISOString();
    const [respondent] = await selectRows<{ answers: number }>(
      tx,
      sql`
      insert into survey_respondents (survey_id, user_id, answers, last_answered_at) values (${surveyId}, ${user.id}, 1, ${now}::timestamptz)
      on conflict (survey_id, user_id) do update set answers = survey_respondents.answers + 1, last_answered_at = excluded.last_answered_at
        where ${survey.allow_repeat}
      returning answers`,
    );
    if (!respondent) throw conflict('survey.alreadyAnswered');
    const [response] = await selectRows<{ id: number | string }>(
      tx,
      sql`
      insert into survey_responses (survey_id, user_id, answers, created_at)
      values (${surveyId}, ${survey.anonymous ? null : user.id}, ${JSON.stringify(checked.answers)}::jsonb, ${now}::timestamptz) returning id`,
    );
    const counters = counterRows(survey.schema, checked.answers);
    if (counters.length > 0) {
      await tx.execute(sql`
        insert into survey_answer_counts (survey_id, question_id, row_id, value, count, total)
        select ${surveyId}, x.q, x.r, x.v, sum(x.c), sum(x.t) from jsonb_to_recordset(${JSON.stringify(counters)}::jsonb) as x(q text, r text, v text, c int, t float8)
         group by x.q, x.r, x.v
        on conflict (survey_id, question_id, row_id, value) do update
          set count = survey_answer_counts.count + excluded.count, total = survey_answer_counts.total + excluded.total`);
    }
    await tx.execute(sql`update surveys set response_count = response_count + 1 where id = ${surveyId}`);
    return { responseId: Number(response!.id), myAnswers: respondent.answers };
  });
}

/**
 * Results per question from the counters (a few rows per question, whatever the number of
 * answers). An anonymous survey shows nothing per question below five answers.
 */
export async function surveyResults(deps: SurveyDeps, user: CurrentUser, id: number): Promise<SurveyResults> {
  const survey = await findSurvey(deps.db, user.id, id);
  if (!survey) throw surveyNotFound();
  if (survey.author_id !== user.id && !holdsAuthority(user.authorities, SURVEY_REPORT_AUTHORITY)) throw notAuthorOf(survey, user);
  const now = deps.now();
  const base = { survey: toRow(survey, user.id, now), responses: survey.response_count, minAnswers: SURVEY_LIMITS.anonymousMinAnswers };
  if (survey.anonymous && survey.response_count < SURVEY_LIMITS.anonymousMinAnswers) return { ...base, hidden: true, questions: [] };
  const counts = await selectRows<{ question_id: string; row_id: string; value: string; count: number; total: number }>(
    deps.db,
    sql`
    select question_id, row_id, value, count, total from survey_answer_counts where survey_id = ${id}`,
  );
  const textQuestions = survey.schema.questions.filter((q) => q.type === 'text').map((q) => q.id);
  const texts = new Map<string, string[]>();
  for (const qid of textQuestions) {
    const rows = await selectRows<{ text: string }>(
      deps.db,
      sql`
      select answers ->> ${qid} as text from survey_responses where survey_id = ${id} and answers ? ${qid} order by id desc limit ${SURVEY_LIMITS.textAnswersShown}`,
    );
    texts.set(
      qid,
      rows.map((r) => r.text),
    );
  }
  const questions: QuestionResult[] = survey.schema.questions.map((q) => {
    const mine = counts.filter((c) => c.question_id === q.id);
    const valueCount = (v: string, row = '') => mine.find((c) => c.value === v && c.row_id === row)?.count ?? 0;
    const stats = mine.find((c) => c.value === '' && c.row_id === '');
    const result: QuestionResult = {
      id: q.id,
      type: q.type,
      title: q.title,
      answered: stats?.count ?? 0,
      categories: [],
      series: [],
      average: null,
      texts: [],
    };
    const average = stats && stats.count > 0 ? Math.round((Number(stats.total) / stats.count) * 100) / 100 : null;
    switch (q.type) {
      case 'single':
      case 'multiple': {
        result.categories = q.options.map((o) => o.label);
        result.series = [{ key: 'answers', label: '', values: q.options.map((o) => valueCount(o.id)) }];
        break;
      }
      case 'rating': {
        const levels = Array.from({ length: q.max }, (_, i) => String(i + 1));
        result.categories = levels;
        result.series = [{ key: 'answers', label: '', values: levels.map((l) => valueCount(l)) }];
        result.average = average;
        break;
      }
      case 'number':
        result.average = average;
        break;
      case 'date': {
        const dates = mine.filter((c) => c.value !== '').sort((a, b) => a.value.localeCompare(b.value));
        result.categories = dates.map((d) => d.value);
        result.series = [{ key: 'answers', label: '', values: dates.map((d) => d.count) }];
        break;
      }
      case 'matrix':
        result.categories = q.rows.map((r) => r.label);
        result.series = q.columns.map((c) => ({ key: c.id, label: c.label, values: q.rows.map((r) => valueCount(c.id, r.id)) }));
        break;
      case 'text':
        result.texts = texts.get(q.id) ?? [];
        break;
    }
    return result;
  });
  return { ...base, hidden: false, questions };
}

export async function audienceCandidates(deps: SurveyDeps, keyword: string): Promise<SurveyPerson[]> {
  const rows = await searchEnabledUsers(deps.db, keyword, 50);
  return rows.map((r) => ({ userId: r.id, username: r.username, name: r.name }));
}
