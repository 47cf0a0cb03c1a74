import type { Lang } from '../constants.js';

/**
 * Market intelligence (spec 001 sections 1, 2.4 /medicine and /doctor, 5, 9; docs/decisions/0025):
 * public opinion with sentiment, drug market and net search, indication-drug attitude, patient
 * groups, doctor group analysis and lecturer rating. Envelope `{ code, msg, result }`.
 */
const P = '/API-PROVIDER-MANAGER/market';

export const MARKET_PATHS = {
  /** GET: medicines with their competitors and indications, platforms, lecturer products. */
  options: `${P}/options`,
  /** GET ?medicine&indication&months: sentiment by month, platform and drug, with the events (MedAna). */
  opinionTrend: `${P}/opinionTrend`,
  /** GET ?medicine&eventId&sentiment&platform&after: opinion items, each with why it scored (keyset). */
  opinionItems: `${P}/opinionItems`,
  /** GET ?id: one event and its sentiment split (eventDetail). */
  eventDetail: `${P}/eventDetail`,
  /** GET ?medicine&indication: per doctor in scope, the attitude of their items (indicationDrug). */
  indicationDrug: `${P}/indicationDrug`,
  /** GET ?medicine&competitor: sales by month and province, the drug beside the competitor (medicineMarket). */
  marketCompare: `${P}/marketCompare`,
  /** GET ?medicine&competitor: search index, consultations and opinion volume by month (medicineNet). */
  netSearch: `${P}/netSearch`,
  /** GET ?indication: the drugs of an indication by sales, search and sentiment (indicationMedAna). */
  indicationMedAna: `${P}/indicationMedAna`,
  /** GET ?product: lecturer levels from speaker history and feedback (lecturerRating). */
  lecturerRating: `${P}/lecturerRating`,
  /** GET ?medicine&indication: aggregate patient groups (patientAna). */
  patientGroups: `${P}/patientGroups`,
  /** GET ?medicine&indication: doctors consulting on the drug, grouped (doctorGroupAnalysis). */
  doctorGroups: `${P}/doctorGroups`,
} as const;

export const OPINION_SENTIMENTS = ['positive', 'negative', 'neutral'] as const;
export type Sentiment = (typeof OPINION_SENTIMENTS)[number];

export const LECTURER_LEVELS = ['national', 'regional', 'city', 'none'] as const;
export type LecturerLevel = (typeof LECTURER_LEVELS)[number];

/**
 * The sentiment lexicon lives in data management's keywords: a keyword whose category is one of
 * these takes part in scoring (degree words multiply: stronger ×2, weaker ×0.5).
 */
export const LEXICON_CATEGORIES = {
  positive: '正面词',
  negative: '负面词',
  negation: '否定词',
  stronger: '程度词(加强)',
  weaker: '程度词(减弱)',
} as const;
export type LexiconRole = keyof typeof LEXICON_CATEGORIES;
export const LEXICON_CATEGORIES_EN: Record<LexiconRole, string> = {
  positive: 'Positive words',
  negative: 'Negative words',
  negation: 'Negation words',
  stronger: 'Degree words (stronger)',
  weaker: 'Degree words (weaker)',
};

/** A keyword's category in a language: a lexicon category has its English name; any other category is shown as written. */
export function lexiconCategoryName(category: string, lang: Lang): string {
  if (lang === 'zh') return category;
  const role = (Object.keys(LEXICON_CATEGORIES) as LexiconRole[]).find((r) => LEXICON_CATEGORIES[r] === category);
  return role ? LEXICON_CATEGORIES_EN[role] : category;
}

/** Journal categories with an English name (data management's journals); any other category is shown as written. */
export const JOURNAL_CATEGORIES = [{ name: '核心期刊', nameEn: 'Core journal' }] as const;

/** A journal's category in a language. */
export function journalCategoryName(category: string, lang: Lang): string {
  if (lang === 'zh') return category;
  return JOURNAL_CATEGORIES.find((c) => c.name === category)?.nameEn ?? category;
}

export const MARKET_LIMITS = {
  /** How far back a sentiment word looks for negation and degree words (tokens). */
  lookBack: 3,
  strongerWeight: 2,
  weakerWeight: 0.5,
  itemsPageSize: 20,
  monthsDefault: 12,
  monthsMax: 36,
  nameMax: 100,
  /** Top-10 lists of spec 001 section 9. */
  topN: 10,
  attitudeDoctors: 200,
} as const;

/**
 * Lecturer levels (docs/decisions/0025): talks are held meetings of the product where the doctor
 * spoke or chaired and attended; cities are the distinct meeting cities; the mean of the feedback given.
 */
export const LECTURER_RULE: Record<Exclude<LecturerLevel, 'none'>, { talks: number; cities: number; feedback: number }> = {
  national: { talks: 6, cities: 3, feedback: 4.3 },
  regional: { talks: 3, cities: 2, feedback: 4.0 },
  city: { talks: 1, cities: 1, feedback: 3.5 },
};

/** The level a speaker's history earns: the first level whose every threshold is met. */
export function lecturerLevel(talks: number, cities: number, meanFeedback: number | null): LecturerLevel {
  for (const level of ['national', 'regional', 'city'] as const) {
    const rule = LECTURER_RULE[level];
    if (talks >= rule.talks && cities >= rule.cities && meanFeedback !== null && meanFeedback >= rule.feedback) return level;
  }
  return 'none';
}

export interface MarketMedicine {
  name: string;
  competitors: string[];
  indications: string[];
}
export interface MarketOptions {
  medicines: MarketMedicine[];
  indications: string[];
  platforms: string[];
  /** Products that meetings name (lecturer rating). */
  products: string[];
}

export interface SentimentCounts {
  positive: number;
  negative: number;
  neutral: number;
}
export interface OpinionEventRow extends SentimentCounts {
  id: number;
  title: string;
  medicine: string;
  startedAt: string;
  items: number;
}
export interface OpinionTrend {
  byMonth: (SentimentCounts & { month: string })[];
  byPlatform: (SentimentCounts & { platform: string })[];
  byDrug: (SentimentCounts & { medicine: string })[];
  events: OpinionEventRow[];
  total: number;
}

/** Why an item scored as it did: each sentiment word with the negations and degree words before it. */
export interface SentimentHit {
  word: string;
  polarity: 1 | -1;
  negations: string[];
  degrees: { word: string; weight: number }[];
  contribution: number;
}
export interface SentimentExplanation {
  hits: SentimentHit[];
  score: number;
}
export interface OpinionItem {
  id: number;
  platform: string;
  text: string;
  publishedAt: string;
  medicine: string;
  indication: string;
  doctorId: number | null;
  doctorName: string | null;
  eventId: number | null;
  sentiment: Sentiment;
  score: number;
  explanation: SentimentExplanation;
}
export interface OpinionItemsPage {
  items: OpinionItem[];
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
}
export interface EventDetail extends OpinionEventRow {
  byDay: (SentimentCounts & { day: string })[];
}

export interface DoctorAttitude extends SentimentCounts {
  doctorId: number;
  doctorName: string;
  hospitalName: string;
  departmentName: string;
  /** The department's code, for its name in the reader's language. */
  departmentCode: string;
  /** (positive − negative) / items, −1 … 1. */
  attitude: number;
  lastAt: string;
}

export interface SeriesPoint {
  month: string;
  own: number;
  competitor: number;
}
export interface MarketCompare {
  medicine: string;
  competitor: string;
  sales: SeriesPoint[];
  byProvince: { province: string; own: number; competitor: number }[];
  totals: { own: number; competitor: number; share: number };
}
export interface NetSearch {
  medicine: string;
  competitor: string;
  search: SeriesPoint[];
  opinions: SeriesPoint[];
  consultations: SeriesPoint[];
}
export interface IndicationDrugRow extends SentimentCounts {
  medicine: string;
  sales: number;
  search: number;
  share: number;
}
/** What a figure of indicationMedAna counts: the drug in the indication asked, or the drug over all its indications. */
export const INDICATION_FIGURE_BASES = ['indication', 'allIndications'] as const;
export type IndicationFigureBasis = (typeof INDICATION_FIGURE_BASES)[number];
/** The figures of an indicationMedAna row, each with what it counts (docs/decisions/0077). */
export type IndicationFigure = Exclude<keyof IndicationDrugRow, 'medicine'>;
/**
 * Which figures are per indication (docs/decisions/0077): the sentiment counts are, opinion items
 * name an indication; sales, share and search are the drug's over all its indications, the market
 * figures name none.
 */
export const INDICATION_FIGURE_BASIS: Readonly<Record<IndicationFigure, IndicationFigureBasis>> = {
  sales: 'allIndications',
  share: 'allIndications',
  search: 'allIndications',
  positive: 'indication',
  negative: 'indication',
  neutral: 'indication',
};
export interface IndicationMedAna {
  indication: string;
  drugs: IndicationDrugRow[];
  /** What each figure of the rows counts: the indication asked, or the drug over all its indications. */
  basis: Record<IndicationFigure, IndicationFigureBasis>;
}

export interface LecturerRow {
  doctorId: number;
  doctorName: string;
  hospitalName: string;
  talks: number;
  cities: number;
  feedbackCount: number;
  meanFeedback: number | null;
  level: LecturerLevel;
}
export interface LecturerRating {
  product: string;
  rule: typeof LECTURER_RULE;
  lecturers: LecturerRow[];
  byLevel: Record<LecturerLevel, number>;
}

export interface NamedCount {
  name: string;
  /** The English name where the name is a label of a taxonomy (a gender, a stage, a department, a title); data (a place, a hospital) has none. */
  nameEn?: string;
  value: number;
}

/** Patients' genders as the patient groups store them. */
export const PATIENT_GENDERS = [
  { name: '男', nameEn: 'Male' },
  { name: '女', nameEn: 'Female' },
] as const;
export interface PatientGroups {
  medicine: string;
  indication: string;
  total: number;
  byAge: NamedCount[];
  byGender: NamedCount[];
  byStage: NamedCount[];
  byProvince: NamedCount[];
}
export interface DoctorGroups {
  medicine: string;
  indication: string;
  doctors: number;
  consultations: number;
  byDepartment: NamedCount[];
  byTitle: NamedCount[];
  byHospital: NamedCount[];
  attitude: SentimentCounts;
}
