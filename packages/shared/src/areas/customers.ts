import { z } from 'zod';
import { SEARCH_MAX_CONDITIONS } from '../constants.js';
import type { MessageText } from '../messages.js';
import { dbId, dbIdParam, dbText } from '../schemas/fields.js';
import { DOCTOR_RANGES, HOSPITAL_GRADES, HOSPITAL_TYPES } from './reference.js';

/**
 * The customer area (issue 14; spec 001 sections 2.4, 3, 5, 6, 7.4 and 9): doctors, hospitals,
 * add-doctor lookups, tags, corrections, distributions and the user's medicines.
 * Paths of spec 7.4 are kept verbatim under /API-SALEA; the others are named plainly beside them.
 * Envelope: { code, msg, result }. Lists page by keyset: send back `nextCursor` as `cursor`.
 */

const S = '/API-SALEA';

export const CUSTOMERS_PATHS = {
  doctor: {
    /** GET DoctorListQuery → DoctorPage. */
    list: `${S}/doctorInfo/v3/getDoctorList`,
    /** GET { doctorId } → DoctorInfo; 404 outside the caller's scope. */
    info: `${S}/doctorInfo/v3/getDoctorInfo`,
    /** POST OverrideModeRequest → DoctorInfo. */
    modifyOverrideMode: `${S}/doctorInfo/v3/modifyOverrideMode`,
    /** GET (as the spec shows) UpdatePhoneQuery → DoctorInfo. */
    updatePhone: `${S}/sales-ai/home/doctor/updateContactInformationPhone`,
    /** GET HospitalPickQuery → HospitalOption[]: hospitals in the caller's scope for pickers. */
    queryXjpHospital: `${S}/sales-ai/home/doctor/queryXjpHospital`,
    /** GET { hospitalId? } → DepartmentNode[]: the department tree (only departments with doctors at the hospital when given). */
    queryDepartment: `${S}/sales-ai/home/doctor/v2/queryDepartment`,
    /** GET → CodeOption[]: positions of an affiliation. */
    position: `${S}/standard/getDoctorPosition`,
    /** GET { doctorId } → WecomLink: the doctor's enterprise-chat contact. */
    wecom: `${S}/wx/cp/findByDoctorId`,
    /** GET DistributionQuery → Distribution: top 10 (spec 001 section 9) over the caller's scope and the filters. */
    distribution: `${S}/doctorInfo/v3/distribution`,
    /** GET DoctorFilterQuery → .xlsx of the filtered doctors in scope (at most CUSTOMERS_LIMITS.exportMax rows). */
    export: `${S}/doctorInfo/v3/export`,
    /** POST CorrectionRequest → CorrectionRow. */
    correction: `${S}/doctorInfo/v3/correction`,
    /** GET CorrectionListQuery → Page<CorrectionRow>: reviewers see all in scope, others their own. */
    correctionList: `${S}/doctorInfo/v3/correction/list`,
    /** POST CorrectionDecisionRequest → CorrectionRow (reviewers). */
    correctionAccept: `${S}/doctorInfo/v3/correction/:id/accept`,
    correctionReject: `${S}/doctorInfo/v3/correction/:id/reject`,
  },
  hospital: {
    /** GET { hospitalId } → GenderSplit of the hospital's doctors. */
    gender: `${S}/sales-ai/home/hospital/findHospitalGender`,
    /** GET → RegionOption[]: provinces of the hospitals in the caller's scope. */
    province: `${S}/sales-ai/home/hospital/findProvince`,
    /** GET { provinceCode } → RegionOption[] (cities of hospitals in scope). */
    city: `${S}/sales-ai/home/hospital/findCity`,
    /** GET { cityCode } → RegionOption[] (counties of hospitals in scope). */
    county: `${S}/sales-ai/home/hospital/findCounty`,
    /** GET HospitalListQuery → HospitalPage. */
    list: `${S}/sales-ai/home/hospital/findList`,
    /** GET HospitalFilterQuery → { count } (exact: hospitals are few). */
    count: `${S}/sales-ai/home/hospital/count`,
    /** GET { id } → HospitalDetail; 404 outside the caller's scope. */
    byId: `${S}/sales-ai/home/hospital/findById`,
    /** GET HospitalFilterQuery → .xlsx. */
    export: `${S}/sales-ai/home/hospital/export`,
    /** GET (as the spec shows) CoverageQuery → HospitalDetail. */
    coverage: `${S}/doctorInformation/updateHospitalCoverage`,
  },
  add: {
    /** GET → DepartmentOption[] (level 1). */
    oneLevelDepartment: `${S}/sales-ai/add/doctor/findOneLevelDepartment`,
    /** GET { parentCode } → DepartmentOption[] (level 2). */
    twoLevelDepartment: `${S}/sales-ai/add/doctor/findTwoLevelDepartment`,
    /** GET → CodeOption[] (正高级 …). */
    titleLevel: `${S}/sales-ai/add/doctor/findDoctorTitleLevel`,
    /** GET { levelCode? } → TitleOption[]. */
    title: `${S}/sales-ai/add/doctor/findDoctorTitle`,
    /** GET { keyword?, dept1Code?, dept2Code? } → string[] (indications of data management). */
    indication: `${S}/sales-ai/add/doctor/findIndication`,
    /** GET → RegionOption[] (every mainland province). */
    province: `${S}/sales-ai/add/doctor/findProvince`,
    /** GET { provinceCode } → RegionOption[]. */
    city: `${S}/sales-ai/add/doctor/findCity`,
    /** GET { cityCode } → RegionOption[]. */
    county: `${S}/sales-ai/add/doctor/findCounty`,
    /** GET HospitalPickQuery → HospitalOption[] (in scope). */
    hospital: `${S}/sales-ai/add/doctor/findHospital`,
    /** POST AddDoctorRequest → DoctorInfo; 409 customers.doctor.duplicate naming the existing doctor. */
    addDoctor: `${S}/sales-ai/add/doctor/addDoctor`,
  },
  tag: {
    /** GET → TagRow[]: shared tags and the caller's personal tags, with doctor counts in scope. */
    list: `${S}/tag/doctor/list`,
    /** POST TagCreateRequest → TagRow. */
    add: `${S}/tag/doctor/add`,
    /** PUT TagUpdateRequest → TagRow. */
    update: `${S}/tag/doctor/update`,
    /** DELETE ?id= → {}. */
    remove: `${S}/tag/doctor/delete`,
    /** POST DoctorTagUpdateRequest → DoctorTagUpdateResult: tag listed doctors or a whole filtered set. */
    doctorTagUpdate: `${S}/tag/doctorTagUpdate`,
  },
  /** GET → MedicineOption[]: the caller's medicines. */
  userMedicine: `${S}/permission/username/medicine`,
} as const;

/** Menu authorities (menus.code) the calls need. */
export const CUSTOMERS_AUTHORITIES = {
  doctor: ['customer:doctorTeamManager', 'customer:totaldoctor', 'customer:doctorLabel', 'customer:businessRecord', 'doctor:doctorList'],
  hospital: ['customer:totalHospital', 'customer:hospitalTeamManager', 'customer:hospitalDetail', 'dataManage:userPermission'],
  /** Hospital coverage is decided by keepers of customer master data. */
  coverage: 'dataManage:customerData',
  tag: ['customer:doctorLabel', 'customer:doctorTeamManager', 'customer:totaldoctor'],
  /** Reviewers of corrections and keepers of shared tags: customer master data (数据管理 → 客户主数据). */
  master: 'dataManage:customerData',
} as const;

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
const L = CUSTOMERS_LIMITS;

/** Mainland mobile number (spec 001 section 5): starts 1, second digit 3, 4, 5, 7 or 8, 11 digits. */
export const MAINLAND_PHONE = /^1[34578]\d{9}$/;
export const REGION_CODE = /^\d{6}$/;
export const DEPARTMENT_CODE = /^\d{2}(\.\d{2})?$/;
const REFERENCE_CODE = /^[A-Za-z0-9_-]{1,32}$/;
export const DISTRIBUTION_DIMENSIONS = ['department', 'title', 'province', 'city', 'hospital'] as const;
export type DistributionDimension = (typeof DISTRIBUTION_DIMENSIONS)[number];
export const CORRECTION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

/** The conditions of a search box: at most five, separated by spaces (spec 001 section 5). */
export function searchConditions(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/* ---------- request schemas ---------- */

/** A comma-separated list of codes in a query string (`titleCodes=CHIEF,ATTENDING`). */
const codeList = (pattern: RegExp) =>
  dbText(1000)
    .transform(splitList)
    .pipe(z.array(z.string().regex(pattern, 'customers.code.invalid')).max(L.codeListMax));
const splitList = (v: string) => [...new Set(v.split(',').map((c) => c.trim()).filter(Boolean))];
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

const cursor = z.string().max(200).regex(/^[A-Za-z0-9_-]*$/, 'customers.cursor.invalid').optional();
const size = z.coerce.number().int().min(1).max(L.pageSizeMax).default(L.pageSizeDefault);

export const doctorListQuery = z.strictObject({ ...doctorFilterFields, cursor, size });
export type DoctorListQuery = z.input<typeof doctorListQuery>;

export const distributionQuery = z.strictObject({ ...doctorFilterFields, dimension: z.enum(DISTRIBUTION_DIMENSIONS) });
export type DistributionQueryInput = z.input<typeof distributionQuery>;

export const doctorIdQuery = z.strictObject({ doctorId: dbIdParam });
export const overrideModeRequest = z.strictObject({ doctorId: dbId, overrideMode: z.boolean() });
export const updatePhoneQuery = z.strictObject({ doctorId: dbIdParam, phone: z.string().trim().regex(MAINLAND_PHONE, 'customers.phone.invalid') });

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
  levels: codeList(REFERENCE_CODE).pipe(z.array(z.enum(gradeCodes))).optional(),
  types: codeList(REFERENCE_CODE).pipe(z.array(z.enum(typeCodes))).optional(),
  covered: z.enum(['true', 'false']).optional(),
};
export const hospitalFilterQuery = z.strictObject(hospitalFilterFields);
export const hospitalListQuery = z.strictObject({ ...hospitalFilterFields, cursor, size });
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
  indications: z.array(dbText(50).pipe(z.string().min(1))).max(L.indicationsMax).default([]),
  phone: z.union([z.literal(''), z.string().trim().regex(MAINLAND_PHONE, 'customers.phone.invalid')]).default(''),
  outpatientDays: z.number().int().min(0).max(7).default(0),
  outpatientType: optionalCode(REFERENCE_CODE),
});
export type AddDoctorRequest = z.input<typeof addDoctorRequest>;

const tagName = z.string({ error: 'customers.tag.nameRequired' }).trim().min(1, 'customers.tag.nameRequired').max(L.tagNameMax).pipe(dbText(L.tagNameMax));
const tagColor = z.string().regex(/^(#[0-9a-fA-F]{6})?$/, 'field.invalid').default('');
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
export const correctionListQuery = z.strictObject({ status: z.enum(CORRECTION_STATUSES).optional(), doctorId: dbIdParam.optional(), cursor, size });
export const correctionIdParams = z.strictObject({ id: dbIdParam });
export const correctionDecisionRequest = z.strictObject({ note: dbText(L.decisionNoteMax).default('') });

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

/* ---------- messages ---------- */

export const CUSTOMERS_MESSAGES = {
  'customers.doctorRange.required': { zh: '请选择医生范围', en: 'Please choose the doctor range' },
  'customers.search.tooMany': { zh: `搜索条件最多 ${SEARCH_MAX_CONDITIONS} 个,以空格分隔`, en: `At most ${SEARCH_MAX_CONDITIONS} search conditions, separated by spaces` },
  'customers.code.invalid': { zh: '{field} 的编码格式不正确', en: 'The code of {field} is invalid' },
  'customers.code.unknown': { zh: '{field} 的编码 {code} 不存在', en: 'The code {code} of {field} does not exist' },
  'customers.cursor.invalid': { zh: '分页位置无效,请从第一页重新查询', en: 'The page position is invalid; start again from the first page' },
  'customers.doctor.noPanoramic': { zh: '您没有该医生的全景视图权限', en: 'You do not have permission on panoramic view of this doctor' },
  'customers.doctor.nameRequired': { zh: '请输入医生姓名', en: 'Please enter the doctor name' },
  'customers.doctor.deptRequired': { zh: '请选择一级科室', en: 'Please choose the level-1 department' },
  'customers.doctor.titleRequired': { zh: '请选择职称', en: 'Please choose the title' },
  'customers.doctor.duplicate': {
    zh: '医生已存在:{name}({hospital} {department}),编号 {id}',
    en: 'The doctor already exists: {name} ({hospital}, {department}), id {id}',
  },
  'customers.dept2.mismatch': { zh: '二级科室 {code} 不属于所选一级科室', en: 'The level-2 department {code} is not under the chosen level-1 department' },
  'customers.hospital.unknown': { zh: '医院不存在或不在您的数据权限内', en: 'The hospital does not exist or is outside your data permissions' },
  'customers.indication.unknown': { zh: '适应症 {name} 不存在', en: 'The indication {name} does not exist' },
  'customers.phone.invalid': { zh: '请填写正确的手机号码', en: 'Please enter a valid mobile number' },
  'customers.correction.contentRequired': { zh: '纠正内容不能为空', en: 'The correction content must not be empty' },
  'customers.correction.notPending': { zh: '该纠错已处理,不能再次审核', en: 'This correction has already been decided' },
  'customers.correction.pending': { zh: '纠错待审核', en: 'Pending correction' },
  'customers.correction.accepted': { zh: '纠错已采纳', en: 'Correction accepted' },
  'customers.correction.rejected': { zh: '纠错已驳回', en: 'Correction rejected' },
  'customers.tag.nameRequired': { zh: '请输入标签名称', en: 'Please enter the tag name' },
  'customers.tag.duplicate': { zh: '标签名称已存在', en: 'This tag name already exists' },
  'customers.tag.sharedForbidden': { zh: '只有客户主数据管理员可以管理共享标签', en: 'Only keepers of customer master data can manage shared tags' },
  'customers.tag.tooMany': { zh: `每人最多 ${L.tagsPerUserMax} 个个人标签`, en: `At most ${L.tagsPerUserMax} personal tags per user` },
  'customers.tag.unknown': { zh: '标签 {id} 不存在', en: 'The tag {id} does not exist' },
  'customers.tag.targetRequired': { zh: '请选择医生或筛选条件(二选一)', en: 'Choose either doctors or a filter' },
  'customers.tag.nothing': { zh: '请选择要添加或移除的标签', en: 'Choose tags to add or remove' },
  'customers.tag.setTooLarge': {
    zh: '一次最多为 {max} 位医生打标签,当前筛选结果超过此数,请缩小范围',
    en: 'At most {max} doctors can be tagged at once; the filter matches more, narrow it down',
  },
  'customers.tag.updated': { zh: '标签已更新', en: 'Tags updated' },
  'customers.export.tooLarge': { zh: '一次最多导出 {max} 位医生,请缩小范围', en: 'At most {max} doctors can be exported at once; narrow the filter' },
} as const satisfies Record<string, MessageText>;
