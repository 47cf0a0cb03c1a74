import { SEARCH_MAX_CONDITIONS } from '../../constants.js';

/** Limits, code patterns and the search-box rule of the customer area (no schemas: pages that only show these load no zod). */
export const CUSTOMERS_LIMITS = {
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** A count stops here: lists show "10,000+" past it (Frappe, EspoCRM). */
  countCap: 10_000,
  searchMaxConditions: SEARCH_MAX_CONDITIONS,
  searchMax: 100,
  /** Search conditions shorter than this match the name prefix only. */
  distributionTop: 10,
  exportMax: 50_000,
  /** Doctors tagged or untagged in one call by list; a filtered set may be at most taggedSetMax. */
  tagDoctorIdsMax: 500,
  taggedSetMax: 10_000,
  tagsPerCall: 20,
  tagNameMax: 20,
  tagsPerUserMax: 200,
  correctionContentMax: 500,
  decisionNoteMax: 200,
  nameMax: 32,
  codeListMax: 50,
  indicationsMax: 20,
  pickSizeMax: 50,
  onlinePatientsMax: 1_000_000,
} as const;

/** Mainland mobile number (spec 001 section 5): starts 1, second digit 3, 4, 5, 7 or 8, 11 digits. */
export const REGION_CODE = /^\d{6}$/;
export const DEPARTMENT_CODE = /^\d{2}(\.\d{2})?$/;
export const DISTRIBUTION_DIMENSIONS = ['department', 'title', 'province', 'city', 'hospital'] as const;
export type DistributionDimension = (typeof DISTRIBUTION_DIMENSIONS)[number];
export const CORRECTION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

/** The conditions of a search box: at most five, separated by spaces (spec 001 section 5). */
export function searchConditions(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}
