import { z } from 'zod';
import type { MessageText } from '../messages.js';
import { dbId, dbIdParam, dbText, isStorableText } from '../schemas/fields.js';

/**
 * Surveys (spec 001 section 2.4; docs/decisions/0021): a survey is a JSON schema of questions the
 * server validates, answers are checked against it. Envelope `{ code, msg, result }`.
 */
const P = '/API-PROVIDER-MANAGER/survey';

export const SURVEY_PATHS = {
  /** GET: surveys open to the caller, and the caller's own surveys when they may build them. */
  surveyList: `${P}/surveyList`,
  /** GET ?id: a survey to answer (surveyQuesDetail) or to edit (its author). */
  surveyDetail: `${P}/surveyDetail`,
  /** POST: create (no id) or change a draft survey. */
  saveSurvey: `${P}/saveSurvey`,
  /** POST {id, status}: publish or close. */
  surveyStatus: `${P}/surveyStatus`,
  /** POST {id}: delete a draft. */
  deleteSurvey: `${P}/deleteSurvey`,
  /** POST {surveyId, answers}: one answer. */
  submitAnswer: `${P}/submitAnswer`,
  /** GET ?id: results per question (the surveyResults report's data). */
  surveyResults: `${P}/surveyResults`,
  /** GET ?keyword: users an author may name as the audience. */
  audienceCandidates: `${P}/audienceCandidates`,
} as const;

export const QUESTION_TYPES = ['single', 'multiple', 'rating', 'text', 'number', 'date', 'matrix'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const SURVEY_STATUSES = ['draft', 'published', 'closed'] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

export const SURVEY_LIMITS = {
  titleMax: 100,
  descriptionMax: 1000,
  questionsMax: 50,
  questionTitleMax: 200,
  optionsMin: 2,
  optionsMax: 20,
  optionLabelMax: 100,
  matrixRowsMax: 20,
  matrixColumnsMax: 10,
  ratingMin: 3,
  ratingMax: 10,
  textMaxDefault: 500,
  textMaxLimit: 2000,
  audienceMax: 5000,
  /** Anonymous results are shown only from this many answers on. */
  anonymousMinAnswers: 5,
  /** Text answers shown per question in the results. */
  textAnswersShown: 50,
  keywordMax: 50,
} as const;

export const SURVEY_MESSAGES = {
  'survey.titleRequired': { zh: '请输入问卷标题', en: 'Please enter the survey title' },
  'survey.questionsRequired': { zh: '问卷至少需要一个问题', en: 'A survey needs at least one question' },
  'survey.questionIdDuplicate': { zh: '问题编号 {id} 重复', en: 'The question id {id} is used twice' },
  'survey.optionIdDuplicate': { zh: '问题 {id} 的选项编号重复', en: 'Question {id} has an option id twice' },
  'survey.timeOrder': { zh: '结束时间须晚于开始时间', en: 'The end time must be after the start time' },
  'survey.audienceRequired': { zh: '请选择问卷对象', en: 'Choose who the survey is for' },
  'survey.audienceUnknown': { zh: '问卷对象中有不存在的用户', en: 'The audience names a user who does not exist' },
  'survey.notFound': { zh: '问卷不存在或您不在问卷对象中', en: 'The survey does not exist or is not meant for you' },
  'survey.notYours': { zh: '只有问卷作者可以执行此操作', en: 'Only the author of the survey can do this' },
  'survey.notEditable': { zh: '已发布的问卷不能修改', en: 'A published survey cannot be changed' },
  'survey.transition': { zh: '问卷不能从「{from}」变为「{to}」', en: 'A survey cannot go from {from} to {to}' },
  'survey.notOpen': { zh: '问卷未在答题时间内', en: 'The survey is not open for answers now' },
  'survey.alreadyAnswered': { zh: '您已回答过此问卷', en: 'You have already answered this survey' },
  'survey.answerRequired': { zh: '请回答问题「{question}」', en: 'Please answer the question "{question}"' },
  'survey.answerInvalid': { zh: '问题「{question}」的回答不符合要求', en: 'The answer to "{question}" does not fit the question' },
  'survey.answerUnknown': { zh: '回答中有问卷没有的问题 {id}', en: 'The answer names a question the survey does not have: {id}' },
  'survey.resultsHidden': {
    zh: `匿名问卷的结果在至少 ${SURVEY_LIMITS.anonymousMinAnswers} 人回答后显示`,
    en: `Results of an anonymous survey show once at least ${SURVEY_LIMITS.anonymousMinAnswers} people have answered`,
  },
} as const satisfies Record<string, MessageText>;

const text = (max: number) => dbText(max).pipe(z.string().min(1));
const itemId = z.string().regex(/^[A-Za-z0-9_-]{1,24}$/);
const choice = z.strictObject({ id: itemId, label: text(SURVEY_LIMITS.optionLabelMax) });
const base = { id: itemId, title: text(SURVEY_LIMITS.questionTitleMax), required: z.boolean().default(false) };

export const surveyQuestion = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('single'), options: z.array(choice).min(SURVEY_LIMITS.optionsMin).max(SURVEY_LIMITS.optionsMax) }),
  z.strictObject({ ...base, type: z.literal('multiple'), options: z.array(choice).min(SURVEY_LIMITS.optionsMin).max(SURVEY_LIMITS.optionsMax) }),
  z.strictObject({ ...base, type: z.literal('rating'), max: z.number().int().min(SURVEY_LIMITS.ratingMin).max(SURVEY_LIMITS.ratingMax).default(5) }),
  z.strictObject({ ...base, type: z.literal('text'), maxLength: z.number().int().min(1).max(SURVEY_LIMITS.textMaxLimit).default(SURVEY_LIMITS.textMaxDefault) }),
  z.strictObject({ ...base, type: z.literal('number'), min: z.number().finite().nullable().default(null), max: z.number().finite().nullable().default(null) }),
  z.strictObject({ ...base, type: z.literal('date') }),
  z.strictObject({
    ...base,
    type: z.literal('matrix'),
    rows: z.array(choice).min(1).max(SURVEY_LIMITS.matrixRowsMax),
    columns: z.array(choice).min(SURVEY_LIMITS.optionsMin).max(SURVEY_LIMITS.matrixColumnsMax),
  }),
]);
export type SurveyQuestion = z.output<typeof surveyQuestion>;
export type SurveyQuestionInput = z.input<typeof surveyQuestion>;

/** The survey's schema: questions in the order they are asked. */
export const surveySchema = z
  .strictObject({ questions: z.array(surveyQuestion).min(1, 'survey.questionsRequired').max(SURVEY_LIMITS.questionsMax) })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.questions.forEach((q, i) => {
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: ['questions', i, 'id'], message: 'survey.questionIdDuplicate', params: { id: q.id } });
      seen.add(q.id);
      const lists = q.type === 'single' || q.type === 'multiple' ? [q.options] : q.type === 'matrix' ? [q.rows, q.columns] : [];
      for (const list of lists) {
        if (new Set(list.map((o) => o.id)).size !== list.length) ctx.addIssue({ code: 'custom', path: ['questions', i], message: 'survey.optionIdDuplicate' });
      }
      if (q.type === 'number' && q.min !== null && q.max !== null && q.min > q.max) ctx.addIssue({ code: 'custom', path: ['questions', i, 'max'], message: 'field.invalid' });
    });
  });
export type SurveySchema = z.output<typeof surveySchema>;

const isoTime = z.iso.datetime({ offset: true });

export const saveSurveyRequest = z
  .strictObject({
    id: dbId.optional(),
    title: dbText(SURVEY_LIMITS.titleMax).pipe(z.string().min(1, 'survey.titleRequired')),
    description: dbText(SURVEY_LIMITS.descriptionMax).default(''),
    schema: surveySchema,
    /** all: every portal user; users: the named ones. */
    audience: z.enum(['all', 'users']).default('all'),
    userIds: z.array(dbId).max(SURVEY_LIMITS.audienceMax).default([]),
    startTime: isoTime,
    endTime: isoTime,
    anonymous: z.boolean().default(false),
    allowRepeat: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (Date.parse(value.endTime) <= Date.parse(value.startTime)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'survey.timeOrder' });
    if (value.audience === 'users' && value.userIds.length === 0) ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'survey.audienceRequired' });
  });
export type SaveSurveyRequest = z.input<typeof saveSurveyRequest>;

export const surveyIdQuery = z.strictObject({ id: dbIdParam });
export const surveyIdRequest = z.strictObject({ id: dbId });
export const surveyStatusRequest = z.strictObject({ id: dbId, status: z.enum(['published', 'closed']) });
export const audienceCandidatesQuery = z.strictObject({ keyword: dbText(SURVEY_LIMITS.keywordMax).default('') });

/** An answer value of one question; its shape is checked against the question by `checkAnswers`. */
const answerValue = z.union([
  z.string().max(SURVEY_LIMITS.textMaxLimit).refine(isStorableText, { message: 'field.invalid' }),
  z.number().finite(),
  z.array(itemId).max(SURVEY_LIMITS.optionsMax),
  z.record(itemId, itemId),
  z.null(),
]);
export const submitAnswerRequest = z.strictObject({
  surveyId: dbId,
  answers: z.record(itemId, answerValue),
});
export type SurveyAnswers = z.output<typeof submitAnswerRequest>['answers'];

export type AnswerProblem = { questionId: string; question: string; key: 'survey.answerRequired' | 'survey.answerInvalid' | 'survey.answerUnknown' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);

/**
 * Checks one set of answers against the survey's schema; the first problem names its question.
 * Answers of unknown questions are refused; empty answers of optional questions are dropped.
 */
export function checkAnswers(schema: SurveySchema, answers: Record<string, unknown>): { ok: true; answers: Record<string, unknown> } | { ok: false; problem: AnswerProblem } {
  const byId = new Map(schema.questions.map((q) => [q.id, q]));
  for (const id of Object.keys(answers)) {
    if (!byId.has(id)) return { ok: false, problem: { questionId: id, question: id, key: 'survey.answerUnknown' } };
  }
  const clean: Record<string, unknown> = {};
  for (const q of schema.questions) {
    const value = answers[q.id];
    const fail = (key: AnswerProblem['key']) => ({ ok: false as const, problem: { questionId: q.id, question: q.title, key } });
    if (isEmpty(value)) {
      if (q.required) return fail('survey.answerRequired');
      continue;
    }
    switch (q.type) {
      case 'single':
        if (typeof value !== 'string' || !q.options.some((o) => o.id === value)) return fail('survey.answerInvalid');
        break;
      case 'multiple':
        if (!Array.isArray(value) || new Set(value).size !== value.length || !value.every((v) => q.options.some((o) => o.id === v))) return fail('survey.answerInvalid');
        break;
      case 'rating':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > q.max) return fail('survey.answerInvalid');
        break;
      case 'text':
        if (typeof value !== 'string' || value.trim().length > q.maxLength) return fail('survey.answerInvalid');
        break;
      case 'number':
        if (typeof value !== 'number' || (q.min !== null && value < q.min) || (q.max !== null && value > q.max)) return fail('survey.answerInvalid');
        break;
      case 'date':
        if (typeof value !== 'string' || !isDate(value)) return fail('survey.answerInvalid');
        break;
      case 'matrix': {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('survey.answerInvalid');
        const entries = Object.entries(value as Record<string, unknown>);
        if (!entries.every(([row, col]) => q.rows.some((r) => r.id === row) && q.columns.some((c) => c.id === col))) return fail('survey.answerInvalid');
        if (q.required && entries.length !== q.rows.length) return fail('survey.answerRequired');
        break;
      }
    }
    clean[q.id] = typeof value === 'string' ? value.trim() : value;
  }
  return { ok: true, answers: clean };
}

export interface SurveyPerson {
  userId: number;
  username: string;
  name: string;
}

export interface SurveyRow {
  id: number;
  title: string;
  description: string;
  status: SurveyStatus;
  startTime: string;
  endTime: string;
  anonymous: boolean;
  allowRepeat: boolean;
  audience: 'all' | 'users';
  author: SurveyPerson;
  questionCount: number;
  responseCount: number;
  /** The caller's answers to it. */
  myAnswers: number;
  /** Published and between start and end now. */
  open: boolean;
  mine: boolean;
}

export interface SurveyDetail extends SurveyRow {
  schema: SurveySchema;
  audienceUsers: SurveyPerson[];
  /** Whether the caller may answer now (open, in the audience, not answered unless repeats are allowed). */
  canAnswer: boolean;
}

export interface SurveyList {
  /** Published surveys the caller is in the audience of. */
  toAnswer: SurveyRow[];
  /** The caller's own surveys (builders only). */
  mine: SurveyRow[];
  canBuild: boolean;
}

export interface QuestionResult {
  id: string;
  type: QuestionType;
  title: string;
  answered: number;
  /** Choice, rating, date and matrix: counts per category (matrix: one series per column). */
  categories: string[];
  series: { key: string; label: string; values: number[] }[];
  /** Rating and number: the average of the answers, null without any. */
  average: number | null;
  /** Text: the newest answers (at most 50). */
  texts: string[];
}

export interface SurveyResults {
  survey: SurveyRow;
  responses: number;
  /** Anonymous with fewer than five answers: no per-question results. */
  hidden: boolean;
  minAnswers: number;
  questions: QuestionResult[];
}
