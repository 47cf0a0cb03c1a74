/**
 * Surveys (spec 001 section 2.4; docs/decisions/0021): a survey is a JSON schema of questions the
 * server validates, answers are checked against it. Envelope `{ code, msg, result }`.
 */
import type { MessageText } from '../message-text.js';
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
/** A survey's statuses by name, zh and en: the screens' `surveys.status.*` and the refused change's message. */
export const SURVEY_STATUS_WORDS = {
  draft: { zh: '草稿', en: 'Draft' },
  published: { zh: '已发布', en: 'Published' },
  closed: { zh: '已结束', en: 'Closed' },
} as const satisfies Record<SurveyStatus, MessageText>;

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

export type AnswerProblem = { questionId: string; question: string; key: 'survey.answerRequired' | 'survey.answerInvalid' | 'survey.answerUnknown' };

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
