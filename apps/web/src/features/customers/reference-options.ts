import {
  ALL_INDICATIONS,
  CITY_LEVELS,
  DEPARTMENT_TREE,
  DIRECTIONS_BY_DEPARTMENT,
  DOCTOR_POSITIONS,
  DOCTOR_RANGES,
  DOCTOR_TITLES,
  HOSPITAL_GRADES,
  HOSPITAL_TYPES,
  OUTPATIENT_TYPES,
  TEACHING_TITLES,
  departmentNameOf,
  directionCode,
  type Lang,
} from '@field-portal/shared';
import { localName } from '@/lib/i18n';
import type { Choice } from './filters';

/**
 * Select options from the reference data in packages/shared (the server seeds the same lists),
 * so the small fixed lists need no call.
 */
const named = (item: { name: string; nameEn: string }, lang: Lang) => localName(item, lang);

export const gradeOptions = (lang: Lang): Choice[] => HOSPITAL_GRADES.map((g) => ({ value: g.code, label: named(g, lang) }));
export const hospitalTypeOptions = (lang: Lang): Choice[] => HOSPITAL_TYPES.map((g) => ({ value: g.code, label: named(g, lang) }));
export const titleOptions = (lang: Lang): Choice[] => DOCTOR_TITLES.map((g) => ({ value: g.code, label: named(g, lang) }));
export const teachingTitleOptions = (lang: Lang): Choice[] => TEACHING_TITLES.map((g) => ({ value: g.code, label: named(g, lang) }));
export const positionOptions = (lang: Lang): Choice[] => DOCTOR_POSITIONS.map((g) => ({ value: g.code, label: named(g, lang) }));
export const outpatientTypeOptions = (lang: Lang): Choice[] => OUTPATIENT_TYPES.map((g) => ({ value: g.code, label: named(g, lang) }));
export const doctorRangeOptions = (lang: Lang): Choice[] => DOCTOR_RANGES.map((g) => ({ value: g.code, label: named(g, lang) }));
export const cityLevelOptions = (lang: Lang): Choice[] => CITY_LEVELS.map((g) => ({ value: String(g.code), label: named(g, lang) }));
export const indicationOptions = (): Choice[] => ALL_INDICATIONS.map((name) => ({ value: name, label: name }));

/** Level-1 departments, or the level-2 departments of one. */
export function departmentOptions(lang: Lang, parent: string | null): Choice[] {
  const pick = ([code, name, nameEn]: [string, string, string, ...unknown[]]) => ({ value: code, label: lang === 'en' ? nameEn : name });
  if (parent === null) return DEPARTMENT_TREE.map(pick);
  return (DEPARTMENT_TREE.find(([code]) => code === parent)?.[3] ?? []).map(pick);
}

/** The name of a department code (level 1 or 2), for rows that carry codes. */
export function departmentName(code: string | null | undefined, lang: Lang): string {
  if (!code) return '';
  return departmentNameOf(code, lang) ?? code;
}

/** A top-10 bar's name in the screen's language, where its key is a code of the reference data (departments, titles). */
export function distributionName(dimension: string, key: string, name: string, lang: Lang): string {
  if (dimension === 'department') return departmentNameOf(key, lang) ?? name;
  if (dimension === 'title') return titleOptions(lang).find((o) => o.value === key)?.label ?? name;
  return name;
}

/** Professional directions of every department, or of one level-1 department. */
export function directionOptions(lang: Lang, dept1?: string): Choice[] {
  const entries = dept1 ? [[dept1, DIRECTIONS_BY_DEPARTMENT[dept1] ?? []] as const] : Object.entries(DIRECTIONS_BY_DEPARTMENT);
  return entries.flatMap(([dept, list]) => list.map(([name, nameEn], i) => ({ value: directionCode(dept, i), label: lang === 'en' ? nameEn : name })));
}

/** The label of a reference code, for rows that carry codes. */
export function labelOf(options: Choice[], code: string | number | null | undefined): string {
  if (code === null || code === undefined || code === '') return '';
  return options.find((o) => o.value === String(code))?.label ?? String(code);
}

/** Online patients as minimums the filter offers; outpatient days per week as exact values. */
export const ONLINE_PATIENT_MINIMUMS = [10, 50, 100, 500] as const;
export const OUTPATIENT_DAYS = [0, 1, 2, 3, 4, 5, 6, 7] as const;
