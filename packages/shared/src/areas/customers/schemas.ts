import { z } from 'zod';
import { MAINLAND_MOBILE } from '../../constants.js';
import { dbId, dbIdParam, dbText, pageCursor } from '../../schemas/fields.js';
import { DOCTOR_RANGES, HOSPITAL_GRADES, HOSPITAL_TYPES } from '../reference.js';
import { CORRECTION_STATUSES, CUSTOMERS_LIMITS, DEPARTMENT_CODE, DISTRIBUTION_DIMENSIONS, REGION_CODE, searchConditions } from './limits.js';

const L = CUSTOMERS_LIMITS;
const REFERENCE_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/* ---------- request schemas ---------- */

/** A comma-separated list of codes in a query string (`titleCodes=CHIEF,ATTENDING`). */
const codeList = (pattern: RegExp) =>
  dbText(1000)
    .transform(splitList)
    .pipe(z.array(z.string().regex(pattern, 'customers.code.invalid')).max(L.codeListMax));
const splitList = (v: string) => [
  ...new Set(
    v
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  ),
];
const idList = dbText(2000)
  .transform((v) => splitList(v).map(Number))
  .pipe(z.array(dbId).max(L.codeListMax));
const intList = (min: number, max: number) =>
  dbText(100)
    .transform((v) => splitList(v).map(Number))
    .pipe(z.array(z.number().int().min(min).max(max)).max(10));
const rangeCodes = DOCTOR_RANGES.map((r) => r.code) as [string, ...string[]];

const search = dbText(L.searchMax)
  .default('')
  .refine((v) => searchConditions(v).length <= L.searchMaxConditions, { message: 'customers.search.tooMany' });

/** Doctor filters of spec 001 section 3 plus the search box; `doctorRange` is required. */
export const doctorFilterFields = {
  doctorRange: z.enum(rangeCodes as ['internal', 'internet'], { error: 'customers.doctorRange.required' }),
  search,
  provinceCodes: codeList(REGION_CODE).optional(),
  cityCodes: codeList(REGION_CODE).optional(),
  countyCodes: codeList(REGION_CODE).optional(),
  /** City tiers 1 … 6 (CITY_LEVELS). */
  cityLevels: intList(1, 6).optional(),
  hospitalIds: idList.optional(),
  dept1Codes: codeList(DEPARTMENT_CODE).optional(),
  dept2Codes: codeList(DEPARTMENT_CODE).optional(),
  /** Hospital grades (HOSPITAL_GRADES codes). */
  hospitalLevels: codeList(REFERENCE_CODE).optional(),
  titleCodes: codeList(REFERENCE_CODE).optional(),
  teachingTitleCodes: codeList(REFERENCE_CODE).optional(),
  directionCodes: codeList(REFERENCE_CODE).optional(),
  /** Indication names (any of them). */
  indications: dbText(1000)
    .transform(splitList)
    .pipe(z.array(z.string().max(50)).max(L.indicationsMax))
    .optional(),
  onlinePatientsMin: z.coerce.number().int().min(0).max(L.onlinePatientsMax).optional(),
  onlinePatientsMax: z.coerce.number().int().min(0).max(L.onlinePatientsMax).optional(),
  /** Outpatient days per week (0 … 7), any of them. */
  outpatientDays: intList(0, 7).optional(),
  outpatientTypes: codeList(REFERENCE_CODE).optional(),
  /** Doctors carrying any of these tags (visible to the caller). */
  tagIds: idList.optional(),
  /** Doctors with a pending correction only. */
  pendingCorrection: z.enum(['true', 'false']).optional(),
};
export const doctorFilterQuery = z.strictObject(doctorFilterFields);
export type DoctorFilter = z.output<typeof doctorFilterQuery>;
export type DoctorFilterInput = z.input<typeof doctorFilterQuery>;

const size = z.coerce.number().int().min(1).max(L.pageSizeMax).default(L.pageSizeDefault);

export const doctorListQuery = z.strictObject({ ...doctorFilterFields, cursor: pageCursor, size });
export type DoctorListQuery = z.input<typeof doctorListQuery>;

export const distributionQuery = z.strictObject({ ...doctorFilterFields, dimension: z.enum(DISTRIBUTION_DIMENSIONS) });
export type DistributionQueryInput = z.input<typeof distributionQuery>;

export const doctorIdQuery = z.strictObject({ doctorId: dbIdParam });
export const overrideModeRequest = z.strictObject({ doctorId: dbId, overrideMode: z.boolean() });
export const updatePhoneQuery = z.strictObject({ doctorId: dbIdParam, phone: z.string().trim().regex(MAINLAND_MOBILE, 'customers.phone.invalid') });

export const hospitalPickQuery = z.strictObject({
  keyword: dbText(50).default(''),
  provinceCode: z.string().regex(REGION_CODE, 'customers.code.invalid').optional(),
  cityCode: z.string().regex(REGION_CODE, 'customers.code.invalid').optional(),
  countyCode: z.string().regex(REGION_CODE, 'customers.code.invalid').optional(),
  size: z.coerce.number().int().min(1).max(L.pickSizeMax).default(20),
});
export const departmentQuery = z.strictObject({ hospitalId: dbIdParam.optional() });

const gradeCodes = HOSPITAL_GRADES.map((g) => g.code) as [string, ...string[]];
const typeCodes = HOSPITAL_TYPES.map((g) => g.code) as [string, ...string[]];
export const hospitalFilterFields = {
  keyword: dbText(100).default(''),
  provinceCode: z.string().regex(REGION_CODE, 'customers.code.invalid').optional(),
  cityCode: z.string().regex(REGION_CODE, 'customers.code.invalid').optional(),
  countyCode: z.string().regex(REGION_CODE, 'customers.code.invalid').optional(),
  /** Province or city by name (the data-permission screen's filters). */
  province: dbText(32).optional(),
  city: dbText(32).optional(),
  levels: codeList(REFERENCE_CODE)
    .pipe(z.array(z.enum(gradeCodes)))
    .optional(),
  types: codeList(REFERENCE_CODE)
    .pipe(z.array(z.enum(typeCodes)))
    .optional(),
  covered: z.enum(['true', 'false']).optional(),
};
export const hospitalFilterQuery = z.strictObject(hospitalFilterFields);
export const hospitalListQuery = z.strictObject({ ...hospitalFilterFields, cursor: pageCursor, size });
export type HospitalListQuery = z.input<typeof hospitalListQuery>;
export const hospitalByIdQuery = z.strictObject({ id: dbIdParam });
export const hospitalIdQuery = z.strictObject({ hospitalId: dbIdParam });
export const coverageQuery = z.strictObject({ hospitalId: dbIdParam, covered: z.enum(['true', 'false']) });
export const provinceCodeQuery = z.strictObject({ provinceCode: z.string().regex(REGION_CODE, 'customers.code.invalid') });
export const cityCodeQuery = z.strictObject({ cityCode: z.string().regex(REGION_CODE, 'customers.code.invalid') });
export const parentCodeQuery = z.strictObject({ parentCode: z.string().regex(DEPARTMENT_CODE, 'customers.code.invalid') });
export const titleQuery = z.strictObject({ levelCode: z.string().regex(REFERENCE_CODE, 'customers.code.invalid').optional() });
export const indicationQuery = z.strictObject({
  keyword: dbText(50).default(''),
  dept1Code: z.string().regex(DEPARTMENT_CODE, 'customers.code.invalid').optional(),
  dept2Code: z.string().regex(DEPARTMENT_CODE, 'customers.code.invalid').optional(),
});

const requiredName = z
  .string({ error: 'customers.doctor.nameRequired' })
  .trim()
  .min(1, 'customers.doctor.nameRequired')
  .max(L.nameMax)
  .refine((v) => dbText(L.nameMax).safeParse(v).success && !/[\p{Cc}]/u.test(v), { message: 'field.invalid' });
const optionalCode = (pattern: RegExp) => z.string().regex(pattern, 'customers.code.invalid').nullable().optional();

export const addDoctorRequest = z.strictObject({
  name: requiredName,
  /** 1 male, 2 female, 0 unknown. */
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  hospitalId: dbId,
  dept1Code: z.string({ error: 'customers.doctor.deptRequired' }).regex(DEPARTMENT_CODE, 'customers.code.invalid'),
  dept2Code: optionalCode(DEPARTMENT_CODE),
  titleCode: z.string({ error: 'customers.doctor.titleRequired' }).regex(REFERENCE_CODE, 'customers.code.invalid'),
  teachingTitleCode: optionalCode(REFERENCE_CODE),
  directionCode: optionalCode(REFERENCE_CODE),
  positionCode: optionalCode(REFERENCE_CODE),
  indications: z
    .array(dbText(50).pipe(z.string().min(1)))
    .max(L.indicationsMax)
    .default([]),
  phone: z.union([z.literal(''), z.string().trim().regex(MAINLAND_MOBILE, 'customers.phone.invalid')]).default(''),
  outpatientDays: z.number().int().min(0).max(7).default(0),
  outpatientType: optionalCode(REFERENCE_CODE),
});
export type AddDoctorRequest = z.input<typeof addDoctorRequest>;

const tagName = z.string({ error: 'customers.tag.nameRequired' }).trim().min(1, 'customers.tag.nameRequired').max(L.tagNameMax).pipe(dbText(L.tagNameMax));
const tagColor = z
  .string()
  .regex(/^(#[0-9a-fA-F]{6})?$/, 'field.invalid')
  .default('');
export const tagCreateRequest = z.strictObject({ name: tagName, color: tagColor, shared: z.boolean().default(false) });
export const tagUpdateRequest = z.strictObject({ id: dbId, name: tagName, color: tagColor });
export const tagIdQuery = z.strictObject({ id: dbIdParam });
export type TagCreateRequest = z.input<typeof tagCreateRequest>;
export type TagUpdateRequest = z.input<typeof tagUpdateRequest>;

/** Tag or untag: either listed doctors or the whole filtered set (exactly one of `doctorIds`, `filter`). */
export const doctorTagUpdateRequest = z
  .strictObject({
    doctorIds: z.array(dbId).min(1).max(L.tagDoctorIdsMax).optional(),
    /** The list's filter, its values as the query string would carry them (strings). */
    filter: doctorFilterQuery.optional(),
    addTagIds: z.array(dbId).max(L.tagsPerCall).default([]),
    removeTagIds: z.array(dbId).max(L.tagsPerCall).default([]),
  })
  .superRefine((v, ctx) => {
    if ((v.doctorIds ? 1 : 0) + (v.filter ? 1 : 0) !== 1) ctx.addIssue({ code: 'custom', path: ['doctorIds'], message: 'customers.tag.targetRequired' });
    if (v.addTagIds.length + v.removeTagIds.length === 0) ctx.addIssue({ code: 'custom', path: ['addTagIds'], message: 'customers.tag.nothing' });
  });
export type DoctorTagUpdateRequest = z.input<typeof doctorTagUpdateRequest>;

/** The values a correction proposes; accepting applies them. */
export const correctionChanges = z.strictObject({
  name: requiredName.optional(),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  dept1Code: z.string().regex(DEPARTMENT_CODE, 'customers.code.invalid').optional(),
  dept2Code: optionalCode(DEPARTMENT_CODE),
  titleCode: z.string().regex(REFERENCE_CODE, 'customers.code.invalid').optional(),
  teachingTitleCode: optionalCode(REFERENCE_CODE),
  directionCode: optionalCode(REFERENCE_CODE),
  /** A new primary hospital: the current primary affiliation ends, a new one starts. */
  hospitalId: dbId.optional(),
});
export type CorrectionChanges = z.output<typeof correctionChanges>;

export const correctionRequest = z.strictObject({
  doctorId: dbId,
  content: z
    .string({ error: 'customers.correction.contentRequired' })
    .trim()
    .min(1, 'customers.correction.contentRequired')
    .max(L.correctionContentMax)
    .pipe(dbText(L.correctionContentMax)),
  changes: correctionChanges.default({}),
});
export type CorrectionRequest = z.input<typeof correctionRequest>;
export const correctionListQuery = z.strictObject({ status: z.enum(CORRECTION_STATUSES).optional(), doctorId: dbIdParam.optional(), cursor: pageCursor, size });
export const correctionIdParams = z.strictObject({ id: dbIdParam });
export const correctionDecisionRequest = z.strictObject({ note: dbText(L.decisionNoteMax).default('') });
