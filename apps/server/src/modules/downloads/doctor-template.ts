import {
  codeName,
  CUSTOMERS_AUTHORITIES,
  departmentNameOf,
  DOCTOR_RANGES,
  doctorFilterQuery,
  doctorTitleName,
  HOSPITAL_GRADES,
  message,
  type DoctorFilter,
  type DoctorRow,
  type Lang,
} from '@field-portal/shared';
import { countDoctorsToExport, doctorsToExport } from '../customers/index.js';
import { mainlandRegions } from '../reference/index.js';
import { registerDownloadTemplate } from './templates.js';

const PAGE = 2000;

let regionNames: Map<string, string> | undefined;
const regionName = (code: string) => (regionNames ??= new Map(mainlandRegions().map((r) => [r.code, r.name]))).get(code) ?? code;

/**
 * What a doctor-list file holds: the doctor range, the search, the regions (up to three by name),
 * and how many other filters narrow it.
 */
export function doctorListFileName(filter: DoctorFilter, lang: Lang): string[] {
  const range = DOCTOR_RANGES.find((r) => r.code === filter.doctorRange);
  const regions = [...(filter.provinceCodes ?? []), ...(filter.cityCodes ?? []), ...(filter.countyCodes ?? [])];
  const named = new Set(['doctorRange', 'search', 'provinceCodes', 'cityCodes', 'countyCodes']);
  const others = Object.entries(filter).filter(
    ([key, value]) => !named.has(key) && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
  ).length;
  return [
    message('download.template.doctorList', lang),
    range ? (lang === 'zh' ? range.name : range.nameEn) : filter.doctorRange,
    filter.search.trim(),
    regions.slice(0, 3).map(regionName).join(',') + (regions.length > 3 ? ',…' : ''),
    others > 0 ? message('download.fileName.moreFilters', lang, { n: others }) : '',
  ];
}

/**
 * The doctor list as a background export (spec 001 section 7.7, "doctor excel export"): the filters
 * of the doctor list, in the data scope of the user who asked (compiled by the customers module's
 * scope builder when the job runs, by the customers module), keyset-paged by id, with no row cap below the sheet's own.
 */
registerDownloadTemplate({
  name: 'doctorList',
  title: 'download.template.doctorList',
  authority: CUSTOMERS_AUTHORITIES.doctor,
  params: doctorFilterQuery,
  // Reference values by name in the caller's language: the import takes a code or a name in either
  // language, so the file still goes back in as it is (export → edit → import).
  columns: ({ lang }) => [
    { header: { zh: '编号', en: 'ID' }, value: (d: DoctorRow) => d.id },
    { header: { zh: '姓名', en: 'Name' }, value: (d: DoctorRow) => d.name },
    { header: { zh: '医院', en: 'Hospital' }, value: (d: DoctorRow) => d.hospitalName },
    { header: { zh: '医院等级', en: 'Hospital level' }, value: (d: DoctorRow) => codeName(HOSPITAL_GRADES, d.hospitalLevel, lang) },
    { header: { zh: '省份', en: 'Province' }, value: (d: DoctorRow) => d.province },
    { header: { zh: '城市', en: 'City' }, value: (d: DoctorRow) => d.city },
    { header: { zh: '一级科室', en: 'Department' }, value: (d: DoctorRow) => departmentNameOf(d.dept1Code, lang) ?? d.dept1Name },
    { header: { zh: '二级科室', en: 'Sub-department' }, value: (d: DoctorRow) => (d.dept2Code && departmentNameOf(d.dept2Code, lang)) || (d.dept2Name ?? '') },
    { header: { zh: '职称', en: 'Title' }, value: (d: DoctorRow) => doctorTitleName(d.titleCode, lang) },
    { header: { zh: '医生范围', en: 'Doctor range' }, value: (d: DoctorRow) => codeName(DOCTOR_RANGES, d.doctorRange, lang) },
    { header: { zh: '线上患者数', en: 'Online patients' }, value: (d: DoctorRow) => d.onlinePatients },
    { header: { zh: '每周门诊天数', en: 'Outpatient days' }, value: (d: DoctorRow) => d.outpatientDays },
    { header: { zh: '适应症', en: 'Indications' }, value: (d: DoctorRow) => d.indications.join('、') },
    { header: { zh: '标签', en: 'Tags' }, value: (d: DoctorRow) => d.tags.map((t) => t.name).join('、') },
  ],
  fileName: (params, { lang }) => doctorListFileName(params, lang),
  count: ({ db, owner, params }) => countDoctorsToExport(db, owner.id, params),
  rows: ({ db, owner, params }) => doctorsToExport(db, owner.id, params, PAGE),
});
