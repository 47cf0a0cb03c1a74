import type { BusinessRecordItem } from './activity/types.js';
import type { DoctorInfo } from './customers/index.js';

/**
 * Doctor intelligence (spec 001 sections 1, 2.4 /doctor row, 3 doctor detail sections, 5, 6 and 9;
 * docs/decisions/0024): academic data, the doctor 360 view, KOL mapping with transparent scores,
 * doctor–doctor relations and the academic network. Service prefix /API-SALEA, envelope
 * `{ code, msg, result }`. The spec shows no paths for these screens; they are named plainly.
 */

const I = '/API-SALEA/doctorIntelligence';

export const INTELLIGENCE_PATHS = {
  /** GET ?doctorId → Doctor360: basic, job and academic info, impact, CRM activity, attitude. */
  full360: `${I}/full360`,
  /** GET ?doctorId&kind&cursor → papers of the doctor, newest first. */
  papers: `${I}/papers`,
  /** GET → KolWeight[]: the weight of each dimension (everyone sees them). */
  weights: `${I}/kol/weights`,
  /** PUT {weights: {dimension: number}} (administrators) → KolWeight[]. */
  saveWeights: `${I}/kol/weights`,
  /** GET ?indication&provinceCode&tier&cursor&size → KolPage (keyset by score). */
  ranking: `${I}/kol/ranking`,
  /** GET ?indication&doctorId → KolExplain: each dimension's raw value, percentile, weight and contribution. */
  explain: `${I}/kol/explain`,
  /** GET ?doctorId → KolTrend: the kept recompute runs and the doctor's score at each, per indication scored (the 360 view's impact section). */
  kolTrend: `${I}/kol/trend`,
  /** GET ?indication&doctorIds=1,2 → KolExplain[] (at least two doctors). */
  compare: `${I}/kol/compare`,
  /** GET ?indication → ProvinceKol[]: doctors and tiers by province. */
  provinces: `${I}/kol/provinces`,
  /** GET ?doctorId&size → LookAlike[]: the most similar doctors over the feature vector. */
  lookAlike: `${I}/lookAlike`,
  /** GET ?indication&doctorId → EgoNetwork (≤ 300 nodes, positions from the server). */
  ego: `${I}/network/ego`,
  /** GET ?indication&doctorId&cursor → RelationPage: the doctor's relations with their evidence. */
  relations: `${I}/relations`,
  /** GET ?indication&provinceCode → AreaNetwork: nodes with positions and communities, edges. */
  area: `${I}/network/area`,
  /** GET ?indication → AcademicContext: papers per year, top journals, top authors of the scope. */
  context: `${I}/academicContext`,
  /** GET → the state of the recompute job. POST (administrators) → queues a recompute. */
  job: `${I}/job`,
} as const;

/** Who may do what (menu codes, menus.code). */
export const INTELLIGENCE_AUTHORITIES = {
  /** The panoramic view: without it a doctor's 360 answers 'customers.doctor.noPanoramic'. */
  full360: ['doctor:doctorFullViewDetail', 'doctor:doctorDetail'],
  list: ['doctor:doctorList', 'doctor:doctorFullViewDetail', 'doctor:doctorDetail', 'doctor:KOLmapping', 'doctor:TargetHCPMapping'],
  kol: ['doctor:KOLmapping', 'doctor:TargetHCPMapping', 'doctor:doctorFullViewDetail', 'doctor:doctorDetail'],
  network: ['doctor:doctorAcademicNetwork', 'doctor:doctorRelationCenter', 'doctor:doctorFullViewDetail', 'doctor:doctorDetail'],
  context: ['academic:academicContext', 'other:academicContext', 'doctor:doctorAcademicNetwork'],
  lookAlike: ['doctor:TargetHCPMapping', 'doctor:doctorFullViewDetail'],
  /** Editing KOL weights and queuing a recompute: data management. */
  admin: 'dataManage:homeData',
} as const;

/** KOL dimensions of spec 001 section 9, in the order they are shown. */
export const KOL_DIMENSIONS = [
  'advisoryBoard',
  'guideline',
  'committee',
  'association',
  'clinicalTrial',
  'conference',
  'paper',
  'editorialBoard',
  'background',
  'network',
  'clinicalExperience',
  'patientEducation',
] as const;
export type KolDimension = (typeof KOL_DIMENSIONS)[number];

/** The group of each dimension (spec 001 section 9: academic, network influence, patient). */
export const KOL_GROUPS: Record<KolDimension, 'academic' | 'network' | 'patient'> = {
  advisoryBoard: 'academic',
  guideline: 'academic',
  committee: 'academic',
  association: 'academic',
  clinicalTrial: 'academic',
  conference: 'academic',
  paper: 'academic',
  editorialBoard: 'academic',
  background: 'academic',
  network: 'network',
  clinicalExperience: 'patient',
  patientEducation: 'patient',
};

/** The weights a fresh database starts with (administrators change them). */
export const KOL_DEFAULT_WEIGHTS: Record<KolDimension, number> = {
  advisoryBoard: 8,
  guideline: 10,
  committee: 8,
  association: 6,
  clinicalTrial: 10,
  conference: 8,
  paper: 12,
  editorialBoard: 6,
  background: 6,
  network: 12,
  clinicalExperience: 8,
  patientEducation: 6,
};

/** Tiers by score (0–100): the first whose minimum the score reaches. */
export const KOL_TIERS = [
  { code: 'T1', min: 75 },
  { code: 'T2', min: 50 },
  { code: 'T3', min: 25 },
  { code: 'T4', min: 0 },
] as const;
export type KolTier = (typeof KOL_TIERS)[number]['code'];

export const INTELLIGENCE_LIMITS = {
  weightMax: 100,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** Ego network: at most this many nodes (the doctor and the strongest neighbours, then theirs). */
  egoNodesMax: 300,
  /** The whole-area map: at most this many doctors (the most central ones). */
  areaNodesMax: 20_000,
  compareMin: 2,
  compareMax: 5,
  lookAlikeMax: 20,
  /** A count stops at this value and says "more than" (big tables). */
  countCap: 10_000,
  /** Score history: the recompute keeps the scores of this many runs (only changed scores are stored). */
  historyRuns: 6,
} as const;

/** Kinds of academic record (doctor detail: job and academic info, spec 001 section 3). */
export const ACADEMIC_KINDS = ['advisory', 'guideline', 'committee', 'association', 'trial', 'conference', 'editorial', 'nsfc', 'education'] as const;
export type AcademicKind = (typeof ACADEMIC_KINDS)[number];

export const RELATION_TYPES = ['coauthor', 'cospeaker', 'coattend'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** Each dimension's weight, the score, and the tier: the pure rules (unit-tested). */
export function tierOf(score: number): KolTier {
  for (const tier of KOL_TIERS) if (score >= tier.min) return tier.code;
  return 'T4';
}

/** A KOL score is written with this many decimals: on every screen and in the KOL export (docs/decisions/0079). */
export const KOL_SCORE_DECIMALS = 1;

/**
 * A KOL score as it is written (the ranking, the explanation, the 360 view, the charts, the
 * suggestions' reasons, the KOL export): at KOL_SCORE_DECIMALS, rounded half up, except that a
 * score below a tier's minimum is never written at or above it: 74.96 is T2 and is written 74.9,
 * not 75.0 beside T2 (docs/decisions/0079). Applying it to a score already written changes nothing.
 */
export function roundKolScore(score: number): number {
  const step = 10 ** KOL_SCORE_DECIMALS;
  // toPrecision drops the binary noise of the product (74.95 * 10 is 749.5, 1.005 * 10 is 10.049…).
  let steps = Math.round(Number((score * step).toPrecision(12)));
  for (const tier of KOL_TIERS) if (score < tier.min && steps >= tier.min * step) steps = tier.min * step - 1;
  return steps / step;
}

/** The score: the weighted mean of the percentiles (0–100); 0 when every weight is 0. */
export function kolScore(percentiles: Record<KolDimension, number>, weights: Record<KolDimension, number>): number {
  let sum = 0;
  let total = 0;
  for (const d of KOL_DIMENSIONS) {
    sum += (percentiles[d] ?? 0) * (weights[d] ?? 0);
    total += weights[d] ?? 0;
  }
  return total > 0 ? sum / total : 0;
}

/** A dimension's contribution to the score: its share of the weighted mean. */
export function contributionOf(percentile: number, weight: number, totalWeight: number): number {
  return totalWeight > 0 ? (percentile * weight) / totalWeight : 0;
}

/** Percentile rank as PostgreSQL's percent_rank(): share (0–100) of the others with a lower value. */
export function percentRank(values: readonly number[], value: number): number {
  if (values.length <= 1) return 0;
  const below = values.filter((v) => v < value).length;
  return (below / (values.length - 1)) * 100;
}

/** The H-index: the largest h such that h papers have at least h citations each. */
export function hIndex(citations: readonly number[]): number {
  const sorted = [...citations].sort((a, b) => b - a);
  let h = 0;
  while (h < sorted.length && sorted[h]! >= h + 1) h++;
  return h;
}

/* ---------- responses ---------- */

export interface IntelDoctor {
  id: number;
  name: string;
  hospitalName: string;
  /** The department (the sub-department when there is one) as the database names it. */
  department: string;
  /** Its code, for its name in the reader's language (`distinctDepartmentName`). */
  departmentCode: string;
  titleCode: string;
}

export interface AcademicItem {
  kind: AcademicKind;
  name: string;
  role: string;
  year: number;
}

export interface PaperRow {
  id: number;
  title: string;
  journal: string;
  core: boolean;
  year: number;
  citations: number;
  /** 1 first author, 2 co-author, 3 corresponding author. */
  position: number;
  authors: number;
}

export interface KolDimensionValue {
  dimension: KolDimension;
  raw: number;
  percentile: number;
  weight: number;
  contribution: number;
}

export interface KolExplain {
  doctor: IntelDoctor;
  indication: string;
  score: number;
  tier: KolTier;
  rank: number;
  of: number;
  computedAt: string;
  dimensions: KolDimensionValue[];
  /** The score at each kept recompute run, oldest first (the last is the current score). */
  history: { at: string; score: number }[];
}

/** A doctor's score trend in every indication it is scored in, over the kept recompute runs. */
export interface KolTrend {
  /** The kept recompute runs, oldest first (empty: no recompute has run yet). */
  runs: { at: string; asOfYear: number | null }[];
  /** One entry per indication the doctor has a current score in, with the score at each run since its first. */
  indications: { indication: string; history: { at: string; score: number }[] }[];
}

export interface Doctor360 {
  /** Basic info (the customers service's doctor, without phone and corrections). */
  doctor: Omit<DoctorInfo, 'phone' | 'corrections'>;
  academic: {
    papers: number;
    citations: number;
    hIndex: number;
    coreShare: number;
    firstAuthor: number;
    items: AcademicItem[];
    counts: Record<AcademicKind, number>;
    /** Speaker and attendance history from the meetings service. */
    meetings: { speaker: number; attended: number };
  };
  impact: {
    kol: { indication: string; score: number; tier: KolTier; rank: number; of: number }[];
    pagerank: number | null;
    pagerankPercentile: number | null;
    community: number | null;
    relations: number;
    topRelations: RelationRow[];
    computedAt: string | null;
  };
  activity: { kind: BusinessRecordItem['kind']; id: number; at: string; title: string; user: string }[];
  activityTotal: number;
  /** Attitude per drug and indication: none until the market half provides it. */
  attitude: { medicine: string; indication: string; attitude: string }[];
}

export interface KolRow {
  rank: number;
  doctor: IntelDoctor;
  provinceCode: string;
  score: number;
  tier: KolTier;
  top: { dimension: KolDimension; percentile: number }[];
}

export interface KolPage {
  list: KolRow[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
  computedAt: string | null;
}

export interface KolWeight {
  dimension: KolDimension;
  group: 'academic' | 'network' | 'patient';
  weight: number;
}

export interface ProvinceKol {
  provinceCode: string;
  province: string;
  doctors: number;
  t1: number;
  t2: number;
  meanScore: number;
}

export interface LookAlike {
  doctor: IntelDoctor;
  similarity: number;
  features: { name: string; value: number; target: number }[];
}

export interface RelationRow {
  doctor: IntelDoctor;
  type: RelationType;
  weight: number;
  evidence: string;
  firstYear: number;
  lastYear: number;
}

export interface RelationPage {
  list: RelationRow[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

export interface NetworkNode {
  id: number;
  name: string;
  hospitalName: string;
  x: number;
  y: number;
  size: number;
  community: number;
  pagerank: number;
  /** Hops from the centre (ego network) */
  depth?: number;
}

export interface NetworkEdge {
  source: number;
  target: number;
  type: RelationType;
  weight: number;
  evidence?: string;
}

export interface EgoNetwork {
  centre: number;
  nodes: NetworkNode[];
  edges: NetworkEdge[];
  truncated: boolean;
}

export interface AreaNetwork {
  nodes: NetworkNode[];
  edges: NetworkEdge[];
  communities: number;
  truncated: boolean;
}

export interface AcademicContext {
  indication: string;
  byYear: { year: number; papers: number; citations: number }[];
  journals: { journal: string; core: boolean; papers: number }[];
  authors: { doctor: IntelDoctor; papers: number; citations: number }[];
}

export interface IntelJobState {
  id: number | null;
  status: 'none' | 'queued' | 'running' | 'done' | 'failed';
  requestedAt: string | null;
  finishedAt: string | null;
  stats: Record<string, number>;
}
