import { queryOptions } from '@tanstack/react-query';
import { FIRST_DATA_FRESH_MS } from '@/lib/lazy-page';
import {
  API,
  adminPath,
  CUSTOMERS_LIMITS,
  type AddDoctorRequest,
  type CodeOption,
  type CorrectionChanges,
  type CorrectionRow,
  type DepartmentOption,
  type Distribution,
  type DistributionDimension,
  type DoctorInfo,
  type DoctorListQuery,
  type DoctorPage,
  type DoctorTagUpdateResult,
  type HospitalDetail,
  type HospitalListQuery,
  type HospitalOption,
  type HospitalPage,
  type KeysetPage,
  type RegionOption,
  type TagRow,
  type TitleOption,
} from '@field-portal/shared';
import { getResult, http, postResult, putResult } from '@/lib/http';
import { currentLang } from '@/lib/i18n';
import { valuesOf, type Choice, type DoctorFilters, type HospitalFilters } from '../filters';

const D = API.customers.doctor;
const H = API.customers.hospital;
const A = API.customers.add;
const T = API.customers.tag;

export const DEFAULT_DOCTOR_RANGE = 'internal';
/** Page sizes offered: the server's default and up to its maximum. */
export const PAGE_SIZES = [CUSTOMERS_LIMITS.pageSizeDefault, 50, CUSTOMERS_LIMITS.pageSizeMax] as const;

/** A detail screen or a dialog shows its own message, so the global toast stays quiet there. */
const quiet = { suppressError: true };

const joined = (choices: Choice[] | undefined) => valuesOf(choices).join(',') || undefined;

/** Drops empty values, so the query string carries only what was chosen. */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as T;
}

/** The doctor filters as the list, distribution and tag calls take them (packages/shared doctorFilterFields). */
export function doctorFilterParams(filters: DoctorFilters): Omit<DoctorListQuery, 'cursor' | 'size'> {
  const c = filters.chosen;
  const region = c.region ?? [];
  const dept = c.department ?? [];
  return compact({
    doctorRange: filters.doctorRange as DoctorListQuery['doctorRange'],
    search: filters.search || undefined,
    // the most precise region level chosen is the filter
    provinceCodes: region.length === 1 ? region[0]!.value : undefined,
    cityCodes: region.length === 2 ? region[1]!.value : undefined,
    countyCodes: region.length === 3 ? region[2]!.value : undefined,
    cityLevels: joined(c.cityLevel),
    hospitalIds: joined(c.hospital),
    dept1Codes: dept.length === 1 ? dept[0]!.value : undefined,
    dept2Codes: dept.length === 2 ? dept[1]!.value : undefined,
    hospitalLevels: joined(c.hospitalLevel),
    titleCodes: joined(c.title),
    directionCodes: joined(c.direction),
    indications: joined(c.indication),
    onlinePatientsMin: c.onlinePatients?.[0] ? Number(c.onlinePatients[0].value) : undefined,
    outpatientDays: joined(c.outpatientDays),
    outpatientTypes: joined(c.outpatientType),
    tagIds: joined(c.tag),
  });
}

export function hospitalFilterParams(filters: HospitalFilters): Omit<HospitalListQuery, 'cursor' | 'size'> {
  const region = filters.chosen.region ?? [];
  return compact({
    keyword: filters.search || undefined,
    provinceCode: region[0]?.value,
    cityCode: region[1]?.value,
    countyCode: region[2]?.value,
    levels: joined(filters.chosen.hospitalLevel),
    types: joined(filters.chosen.hospitalType),
    covered: filters.coverage === 'all' ? undefined : filters.coverage === 'covered' ? 'true' : 'false',
  });
}

const regionChoices = (list: RegionOption[]): Choice[] => list.map((r) => ({ value: r.code, label: r.name }));
const codeChoices = (list: CodeOption[]): Choice[] => {
  const en = currentLang() === 'en';
  return list.map((o) => ({ value: o.code, label: en ? o.nameEn || o.name : o.name }));
};
const hospitalChoices = (list: HospitalOption[]): Choice[] => list.map((h) => ({ value: String(h.id), label: h.city ? `${h.name} · ${h.city}` : h.name }));

/** Province, city and county of the hospitals in the caller's scope, one level at a time. */
async function scopeRegions(depth: number, parent: string | null): Promise<Choice[]> {
  if (depth === 0) return regionChoices(await getResult<RegionOption[]>(H.province));
  if (depth === 1) return regionChoices(await getResult<RegionOption[]>(H.city, { params: { provinceCode: parent } }));
  return regionChoices(await getResult<RegionOption[]>(H.county, { params: { cityCode: parent } }));
}

export const customersApi = {
  doctorList: (filters: DoctorFilters, cursor: string | null, size: number) =>
    getResult<DoctorPage>(D.list, { params: compact({ ...doctorFilterParams(filters), cursor: cursor ?? undefined, size }) }),
  doctor: (doctorId: number) => getResult<DoctorInfo>(D.info, { params: { doctorId }, ...quiet }),
  regions: scopeRegions,
  hospitalChoices: async (keyword: string) =>
    hospitalChoices(await getResult<HospitalOption[]>(D.queryXjpHospital, { params: compact({ keyword, size: CUSTOMERS_LIMITS.pickSizeMax }) })),
  hospitalList: (filters: HospitalFilters, cursor: string | null, size: number) =>
    getResult<HospitalPage>(H.list, { params: compact({ ...hospitalFilterParams(filters), cursor: cursor ?? undefined, size }) }),
  /** Hospitals in the caller's scope, no filter: the "of N in your scope" of the hospital lists (exact: hospitals are few). */
  hospitalScopeCount: async () => (await getResult<{ count: number }>(H.count)).count,
  hospital: (id: number) => getResult<HospitalDetail>(H.byId, { params: { id }, ...quiet }),
  hospitalDepartments: (hospitalId: number) =>
    getResult<(DepartmentOption & { children: DepartmentOption[] })[]>(D.queryDepartment, { params: { hospitalId } }),
  setCoverage: (hospitalId: number, covered: boolean) => getResult<HospitalDetail>(H.coverage, { params: { hospitalId, covered: String(covered) } }),
  distribution: (filters: DoctorFilters, dimension: DistributionDimension) =>
    getResult<Distribution>(D.distribution, { params: { ...doctorFilterParams(filters), dimension } }),
  tags: () => getResult<TagRow[]>(T.list),
  createTag: (body: { name: string; shared: boolean }) => postResult<TagRow>(T.add, body, quiet),
  renameTag: (id: number, name: string, color: string) => putResult<TagRow>(T.update, { id, name, color }, quiet),
  deleteTag: async (id: number) => {
    await http.delete(T.remove, { params: { id } });
  },
  tagDoctors: (tagId: number, doctorIds: number[]) => postResult<DoctorTagUpdateResult>(T.doctorTagUpdate, { doctorIds, addTagIds: [tagId] }, quiet),
  tagFiltered: (tagId: number, filters: DoctorFilters) =>
    postResult<DoctorTagUpdateResult>(T.doctorTagUpdate, { filter: doctorFilterParams(filters), addTagIds: [tagId] }, quiet),
  untagDoctor: (tagId: number, doctorId: number) => postResult<DoctorTagUpdateResult>(T.doctorTagUpdate, { doctorIds: [doctorId], removeTagIds: [tagId] }),
  sendCorrection: (doctorId: number, content: string, changes: CorrectionChanges) =>
    postResult<CorrectionRow>(D.correction, { doctorId, content, changes }, quiet),
  corrections: (status: CorrectionRow['status'] | undefined, cursor: string | null, size: number) =>
    getResult<KeysetPage<CorrectionRow>>(D.correctionList, { params: compact({ status, cursor: cursor ?? undefined, size }) }),
  decideCorrection: (id: number, accept: boolean) =>
    postResult<CorrectionRow>(adminPath(accept ? D.correctionAccept : D.correctionReject, { id }), { note: '' }),
  addDoctor: (body: AddDoctorRequest) => postResult<DoctorInfo>(A.addDoctor, body, quiet),
};

/** The add-doctor lookups, every one under /sales-ai/add/doctor/ (spec 001 section 7.4). */
export const addDoctorLookups = {
  region: async (depth: number, parent: string | null): Promise<Choice[]> => {
    if (depth === 0) return regionChoices(await getResult<RegionOption[]>(A.province));
    if (depth === 1) return regionChoices(await getResult<RegionOption[]>(A.city, { params: { provinceCode: parent } }));
    return regionChoices(await getResult<RegionOption[]>(A.county, { params: { cityCode: parent } }));
  },
  hospitals: async (region: string[], keyword: string) =>
    hospitalChoices(
      await getResult<HospitalOption[]>(A.hospital, {
        params: compact({ provinceCode: region[0], cityCode: region[1], countyCode: region[2], keyword, size: CUSTOMERS_LIMITS.pickSizeMax }),
      }),
    ),
  department: async (depth: number, parent: string | null) =>
    codeChoices(
      depth === 0
        ? await getResult<DepartmentOption[]>(A.oneLevelDepartment)
        : await getResult<DepartmentOption[]>(A.twoLevelDepartment, { params: { parentCode: parent } }),
    ),
  titleLevels: async () => codeChoices(await getResult<CodeOption[]>(A.titleLevel)),
  titles: async (levelCode?: string) => codeChoices(await getResult<TitleOption[]>(A.title, { params: compact({ levelCode }) })),
  indications: async (dept: string[]) =>
    (await getResult<string[]>(A.indication, { params: compact({ dept1Code: dept[0], dept2Code: dept[1] }) })).map((name) => ({ value: name, label: name })),
};

export const doctorListQuery = (filters: DoctorFilters, cursor: string | null, size: number) =>
  queryOptions({
    queryKey: ['customers', 'doctors', filters, cursor, size],
    queryFn: () => customersApi.doctorList(filters, cursor, size),
    placeholderData: (previous) => previous,
    // The first page is asked for ahead with the screen's code (first-data.ts).
    staleTime: FIRST_DATA_FRESH_MS,
  });

export const doctorQuery = (id: number) => queryOptions({ queryKey: ['customers', 'doctor', id], queryFn: () => customersApi.doctor(id), retry: false });

export const hospitalListQuery = (filters: HospitalFilters, cursor: string | null, size: number) =>
  queryOptions({
    queryKey: ['customers', 'hospitals', filters, cursor, size],
    queryFn: () => customersApi.hospitalList(filters, cursor, size),
    placeholderData: (previous) => previous,
  });

export const hospitalScopeCountQuery = () =>
  queryOptions({ queryKey: ['customers', 'hospitals', 'scope-count'], queryFn: customersApi.hospitalScopeCount, staleTime: 60_000 });

export const hospitalQuery = (id: number) =>
  queryOptions({ queryKey: ['customers', 'hospitals', 'one', id], queryFn: () => customersApi.hospital(id), retry: false });

export const hospitalDepartmentsQuery = (id: number) =>
  queryOptions({ queryKey: ['customers', 'hospitals', 'departments', id], queryFn: () => customersApi.hospitalDepartments(id) });

export const distributionQuery = (filters: DoctorFilters, dimension: DistributionDimension) =>
  queryOptions({
    queryKey: ['customers', 'distribution', filters, dimension],
    queryFn: () => customersApi.distribution(filters, dimension),
    staleTime: 60_000,
  });

export const tagsQuery = () => queryOptions({ queryKey: ['customers', 'tags'], queryFn: customersApi.tags });

export const correctionsQuery = (status: CorrectionRow['status'] | undefined, cursor: string | null, size: number) =>
  queryOptions({
    queryKey: ['customers', 'corrections', status, cursor, size],
    queryFn: () => customersApi.corrections(status, cursor, size),
    placeholderData: (previous) => previous,
  });
