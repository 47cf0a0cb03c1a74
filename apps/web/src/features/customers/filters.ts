/**
 * The doctor and hospital filters of a list screen (spec 001 section 3) as the screen holds them:
 * every choice keeps its label beside its value, so the chips can say what was chosen without
 * asking the server again.
 */
export interface Choice {
  value: string;
  label: string;
}

/** Filters whose choices form a path (province / city / county; department level 1 / level 2). */
export const PATH_FILTERS = ['region', 'department'] as const;
/** Every optional doctor filter, in the order the chips show them. */
export const DOCTOR_FILTER_KEYS = [
  'region',
  'cityLevel',
  'hospital',
  'department',
  'hospitalLevel',
  'title',
  'direction',
  'indication',
  'onlinePatients',
  'outpatientDays',
  'outpatientType',
  'tag',
] as const;
export type DoctorFilterKey = (typeof DOCTOR_FILTER_KEYS)[number];

export const HOSPITAL_FILTER_KEYS = ['region', 'hospitalLevel', 'hospitalType'] as const;
export type HospitalFilterKey = (typeof HOSPITAL_FILTER_KEYS)[number];

export interface ListFilters<K extends string> {
  /** What each optional filter holds: a path, or one or more choices. */
  chosen: Partial<Record<K, Choice[]>>;
  /** The search box's text (at most five space-separated conditions). */
  search: string;
}

export interface DoctorFilters extends ListFilters<DoctorFilterKey> {
  /** Doctor range is required (spec 001 section 5): company-internal or internet platform. */
  doctorRange: string;
}

export type Coverage = 'all' | 'covered' | 'uncovered';

export interface HospitalFilters extends ListFilters<HospitalFilterKey> {
  /** Covered by the team, not covered, or both. */
  coverage: Coverage;
}

export const emptyDoctorFilters = (doctorRange: string): DoctorFilters => ({ doctorRange, chosen: {}, search: '' });
export const emptyHospitalFilters = (): HospitalFilters => ({ chosen: {}, search: '', coverage: 'all' });

/** Sets or clears one filter (an empty choice list clears it). */
export function choose<K extends string, F extends ListFilters<K>>(filters: F, key: K, choices: Choice[]): F {
  const chosen = { ...filters.chosen };
  if (choices.length === 0) delete chosen[key];
  else chosen[key] = choices;
  return { ...filters, chosen };
}

/** What a chip shows for a filter: a path joined by " / ", several choices by ", ". */
/** Filters whose choices are data as written (places, hospitals, indications, tags: docs/decisions/0054), not the portal's labels. */
const DATA_FILTERS: readonly string[] = ['region', 'hospital', 'indication', 'tag'];
export const isDataFilter = (key: string) => DATA_FILTERS.includes(key);

export function chipValue(key: string, choices: Choice[]): string {
  return choices.map((c) => c.label).join((PATH_FILTERS as readonly string[]).includes(key) ? ' / ' : ', ');
}

/** Last value of a path filter (the most precise level chosen), with its depth (0 = first level). */
export function deepest(choices: Choice[] | undefined): { value: string; depth: number } | undefined {
  if (!choices || choices.length === 0) return undefined;
  return { value: choices[choices.length - 1]!.value, depth: choices.length - 1 };
}

/** The values of a filter, for a query. */
export const valuesOf = (choices: Choice[] | undefined): string[] => (choices ?? []).map((c) => c.value);

/** A stable text of the filters: the list goes back to its first page when it changes. */
export function filtersKey(filters: object): string {
  return JSON.stringify(filters);
}
