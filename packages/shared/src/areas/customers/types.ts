import type { CorrectionStatus, DistributionDimension } from './limits.js';
import type { CorrectionChanges } from './schemas.js';

/* ---------- answers ---------- */

export interface CodeOption {
  code: string;
  name: string;
  nameEn: string;
}
export interface TitleOption extends CodeOption {
  levelCode: string;
}
export interface DepartmentOption extends CodeOption {
  level: 1 | 2;
  parentCode: string | null;
}
export interface DepartmentNode extends DepartmentOption {
  children: DepartmentOption[];
}
export interface RegionOption {
  code: string;
  name: string;
  /** Cities only: CITY_LEVELS code. */
  cityLevel?: number | null;
}
export interface HospitalOption {
  id: number;
  name: string;
  province: string;
  city: string;
  level: string;
}

/** A keyset page: `total` stops at countCap (`capped` then true: show "10,000+"). */
export interface KeysetPage<T> {
  content: T[];
  total: number;
  capped: boolean;
  /** Send as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}
export interface DoctorPage extends KeysetPage<DoctorRow> {
  /** The doctors of the caller's scope in the doctor range, without the other filters ("1,203 of 48,211 in your scope"). */
  scopeTotal: number;
  scopeCapped: boolean;
}

export interface TagLabel {
  id: number;
  name: string;
  color: string;
  shared: boolean;
}

export interface DoctorRow {
  id: number;
  name: string;
  gender: 0 | 1 | 2;
  hospitalId: number;
  hospitalName: string;
  hospitalLevel: string;
  provinceCode: string;
  province: string;
  cityCode: string;
  city: string;
  dept1Code: string;
  dept1Name: string;
  dept2Code: string | null;
  dept2Name: string | null;
  titleCode: string;
  teachingTitleCode: string | null;
  directionCode: string | null;
  indications: string[];
  doctorRange: 'internal' | 'internet';
  onlinePatients: number;
  outpatientDays: number;
  outpatientType: string | null;
  tags: TagLabel[];
  pendingCorrection: boolean;
}

export interface AffiliationRow {
  id: number;
  hospitalId: number;
  hospitalName: string;
  province: string;
  city: string;
  dept1Code: string;
  dept1Name: string;
  dept2Code: string | null;
  dept2Name: string | null;
  positionCode: string | null;
  isPrimary: boolean;
  startDate: string | null;
  endDate: string | null;
}

export interface DoctorInfo extends DoctorRow {
  pinyin: string;
  initials: string;
  countyCode: string;
  cityLevel: number | null;
  phone: string;
  overrideMode: boolean;
  source: string;
  affiliations: AffiliationRow[];
  /** The pending corrections of this doctor (reviewers see all, others their own). */
  corrections: CorrectionRow[];
  createdAt: string;
  updatedAt: string;
}

/** What other modules show of a doctor (customers' service `doctorSummaries`). */
export interface DoctorSummary {
  id: number;
  name: string;
  hospitalId: number;
  hospitalName: string;
  dept1Code: string;
  dept1Name: string;
  dept2Code: string | null;
  dept2Name: string | null;
  titleCode: string;
}

export interface WecomLink {
  doctorId: number;
  bound: boolean;
  externalUserId: string | null;
  followUser: string | null;
}

export interface HospitalRow {
  id: number;
  name: string;
  /** Province, city and county names. */
  province: string;
  city: string;
  county: string;
  provinceCode: string;
  cityCode: string;
  countyCode: string;
  cityLevel: number | null;
  /** HOSPITAL_GRADES code. */
  level: string;
  type: string;
  covered: boolean;
}
export type HospitalPage = KeysetPage<HospitalRow>;
export interface HospitalDetail extends HospitalRow {
  address: string;
  pinyin: string;
  /** Doctors whose primary affiliation is here (in the caller's scope: the hospital is). */
  doctorCount: number;
}
export interface GenderSplit {
  hospitalId: number;
  male: number;
  female: number;
  unknown: number;
}

export interface DistributionItem {
  key: string;
  name: string;
  count: number;
}
export interface Distribution {
  dimension: DistributionDimension;
  /** Doctors counted (capped like the list's total). */
  total: number;
  capped: boolean;
  /** At most 10, largest first. */
  items: DistributionItem[];
}

export interface TagRow extends TagLabel {
  ownerId: number | null;
  /** Doctors in the caller's scope carrying the tag. */
  doctorCount: number;
  createdAt: string;
}
export interface DoctorTagUpdateResult {
  doctors: number;
  added: number;
  removed: number;
}

export interface CorrectionRow {
  id: number;
  doctorId: number;
  doctorName: string;
  hospitalName: string;
  content: string;
  changes: CorrectionChanges;
  status: CorrectionStatus;
  createdBy: number;
  createdByName: string;
  createdAt: string;
  decidedBy: number | null;
  decidedByName: string | null;
  decidedAt: string | null;
  decisionNote: string;
}

export interface MedicineOption {
  id: number;
  name: string;
  alias: string;
  code: string;
  indications: string[];
}
