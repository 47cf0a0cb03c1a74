import { z } from 'zod';
import { dbId, dbIdParam, dbText, isStorableText } from '../schemas/fields.js';
import { SURVEY_LIMITS, type AnswerProblem, type SurveyPerson, type SurveyRow } from './surveys.js';

/**
 * Request schemas of this area (zod), apart from its paths, limits and messages so the web entry,
 * which needs those, does not carry zod and these (docs/decisions/0016, 0026).
 */

const text = (max: number) => dbText(max).pipe(z.string().min(1));
const itemId = z.string().regex(/^[A-Za-z0-9_-]{1,24}$/);
const choice = z.strictObject({ id: itemId, label: text(SURVEY_LIMITS.optionLabelMax) });
const base = { id: itemId, title: text(SURVEY_LIMITS.questionTitleMax), required: z.boolean().default(false) };

export const surveyQuestion = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('single'), options: z.array(choice).min(SURVEY_LIMITS.optionsMin).max(SURVEY_LIMITS.optionsMax) }),
  z.strictObject({ ...base, type: z.literal('multiple'), options: z.array(choice).min(SURVEY_LIMITS.optionsMin).max(SURVEY_LIMITS.optionsMax) }),
  z.strictObject({ ...base, type: z.literal('rating'), max: z.number().int().min(SURVEY_LIMITS.ratingMin).max(SURVEY_LIMITS.ratingMax).default(5) }),
  z.strictObject({
    ...base,
    type: z.literal('text'),
    maxLength: z.number().int().min(1).max(SURVEY_LIMITS.textMaxLimit).default(SURVEY_LIMITS.textMaxDefault),
  }),
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
      if (q.type === 'number' && q.min !== null && q.max !== null && q.min > q.max)
        ctx.addIssue({ code: 'custom', path: ['questions', i, 'max'], message: 'field.invalid' });
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

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) =>
  DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);

/**
 * Checks one set of answers against the survey's schema; the first problem names its question.
 * Answers of unknown questions are refused; empty answers of optional questions are dropped.
 */
export function checkAnswers(
  schema: SurveySchema,
  answers: Record<string, unknown>,
): { ok: true; answers: Record<string, unknown> } | { ok: false; problem: AnswerProblem } {
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
        if (!Array.isArray(value) || new Set(value).size !== value.length || !value.every((v) => q.options.some((o) => o.id === v)))
          return fail('survey.answerInvalid');
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

export interface SurveyDetail extends SurveyRow {
  schema: SurveySchema;
  audienceUsers: SurveyPerson[];
  /** Whether the caller may answer now (open, in the audience, not answered unless repeats are allowed). */
  canAnswer: boolean;
}
