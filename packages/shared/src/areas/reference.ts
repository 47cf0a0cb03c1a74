/**
 * Reference data of the customer area, kept once for server (seeded into the reference tables)
 * and web (labels): hospital grades and types, doctor titles, teaching titles, positions,
 * outpatient types and city tiers; the department taxonomy, directions and indications are in
 * departments.ts. Regions (province, city, county codes) come from @vant/area-data on the server.
 */
import type { Lang } from '../constants.js';

export interface CodeLabel {
  code: string;
  name: string;
  nameEn: string;
}

/** A list of reference codes from `[code, name, nameEn]` rows, each code kept as its literal type. */
function codeLabels<const T extends readonly (readonly [string, string, string])[]>(
  rows: T,
): { readonly [K in keyof T]: { readonly code: T[K][0]; readonly name: T[K][1]; readonly nameEn: T[K][2] } } {
  return rows.map(([code, name, nameEn]) => ({ code, name, nameEn })) as {
    readonly [K in keyof T]: { readonly code: T[K][0]; readonly name: T[K][1]; readonly nameEn: T[K][2] };
  };
}

/** Hospital grades, 三级甲等 … 未定级, and their share of Chinese hospitals (national health statistics, about 2021). */
export const HOSPITAL_GRADES = [
  { code: '3A', name: '三级甲等', nameEn: 'Grade 3A', share: 0.045 },
  { code: '3B', name: '三级乙等', nameEn: 'Grade 3B', share: 0.025 },
  { code: '3C', name: '三级丙等', nameEn: 'Grade 3C', share: 0.015 },
  { code: '2A', name: '二级甲等', nameEn: 'Grade 2A', share: 0.16 },
  { code: '2B', name: '二级乙等', nameEn: 'Grade 2B', share: 0.09 },
  { code: '2C', name: '二级丙等', nameEn: 'Grade 2C', share: 0.04 },
  { code: '1A', name: '一级甲等', nameEn: 'Grade 1A', share: 0.1 },
  { code: '1B', name: '一级乙等', nameEn: 'Grade 1B', share: 0.1 },
  { code: '1C', name: '一级丙等', nameEn: 'Grade 1C', share: 0.145 },
  { code: 'NONE', name: '未定级', nameEn: 'Ungraded', share: 0.28 },
] as const;
export type HospitalGradeCode = (typeof HOSPITAL_GRADES)[number]['code'];

export const HOSPITAL_TYPES = codeLabels([
  ['GENERAL', '综合医院', 'General hospital'],
  ['TCM', '中医医院', 'Traditional Chinese medicine hospital'],
  ['INTEGRATED', '中西医结合医院', 'Integrated medicine hospital'],
  ['ETHNIC', '民族医医院', 'Ethnic medicine hospital'],
  ['SPECIALTY', '专科医院', 'Specialty hospital'],
  ['MCH', '妇幼保健院', 'Maternal and child health hospital'],
  ['COMMUNITY', '社区卫生服务中心', 'Community health centre'],
  ['TOWNSHIP', '乡镇卫生院', 'Township health centre'],
]);

export const TITLE_LEVELS = codeLabels([
  ['SENIOR', '正高级', 'Senior'],
  ['ASSOCIATE', '副高级', 'Associate senior'],
  ['INTERMEDIATE', '中级', 'Intermediate'],
  ['JUNIOR', '初级', 'Junior'],
]);

/** Doctor titles (主任医师 …), each with its level. */
export const DOCTOR_TITLES = [
  { code: 'CHIEF', name: '主任医师', nameEn: 'Chief physician', level: 'SENIOR' },
  { code: 'ASSOCIATE_CHIEF', name: '副主任医师', nameEn: 'Associate chief physician', level: 'ASSOCIATE' },
  { code: 'ATTENDING', name: '主治医师', nameEn: 'Attending physician', level: 'INTERMEDIATE' },
  { code: 'RESIDENT', name: '住院医师', nameEn: 'Resident physician', level: 'JUNIOR' },
] as const;

/** A reference code's name in a language, from its list; a code the list does not have stays as it is. */
export function codeName(list: readonly CodeLabel[], code: string, lang: Lang): string {
  const found = list.find((entry) => entry.code === code);
  return found ? (lang === 'en' ? found.nameEn : found.name) : code;
}

/** A doctor's title in a language (主任医师 / Chief physician); a code the list does not have stays as it is. */
export const doctorTitleName = (code: string, lang: Lang): string => codeName(DOCTOR_TITLES, code, lang);

export const TEACHING_TITLES = codeLabels([
  ['PROFESSOR', '教授', 'Professor'],
  ['ASSOCIATE_PROFESSOR', '副教授', 'Associate professor'],
  ['LECTURER', '讲师', 'Lecturer'],
  ['ASSISTANT', '助教', 'Teaching assistant'],
]);

/** Positions of an affiliation (getDoctorPosition). */
export const DOCTOR_POSITIONS = codeLabels([
  ['PRESIDENT', '院长', 'Hospital president'],
  ['VICE_PRESIDENT', '副院长', 'Vice president'],
  ['DIRECTOR', '科主任', 'Department director'],
  ['VICE_DIRECTOR', '科副主任', 'Deputy department director'],
  ['LEAD', '主诊医师', 'Lead physician'],
  ['PHYSICIAN', '医师', 'Physician'],
]);

export const OUTPATIENT_TYPES = codeLabels([
  ['GENERAL', '普通门诊', 'General clinic'],
  ['EXPERT', '专家门诊', 'Expert clinic'],
  ['SPECIAL', '特需门诊', 'Special-needs clinic'],
  ['DISEASE', '专病门诊', 'Disease-specific clinic'],
]);

/** Doctor range (spec 001 section 3): company-internal or internet platform. */
export const DOCTOR_RANGES = codeLabels([
  ['internal', '公司内部', 'Company internal'],
  ['internet', '互联网平台', 'Internet platform'],
]);
export type DoctorRange = (typeof DOCTOR_RANGES)[number]['code'];

/** City tiers (城市等级); tiers 1 to 3 by name, the others by the rule in docs/decisions/0017. */
export const CITY_LEVELS = [
  { code: 1, name: '一线城市', nameEn: 'Tier 1' },
  { code: 2, name: '新一线城市', nameEn: 'New tier 1' },
  { code: 3, name: '二线城市', nameEn: 'Tier 2' },
  { code: 4, name: '三线城市', nameEn: 'Tier 3' },
  { code: 5, name: '四线城市', nameEn: 'Tier 4' },
  { code: 6, name: '五线城市', nameEn: 'Tier 5' },
] as const;
export const CITY_TIER_NAMES: Record<1 | 2 | 3, readonly string[]> = {
  1: ['北京市', '上海市', '广州市', '深圳市'],
  2: ['成都市', '重庆市', '杭州市', '武汉市', '苏州市', '西安市', '南京市', '长沙市', '天津市', '郑州市', '东莞市', '青岛市', '昆明市', '宁波市', '合肥市'],
  3: [
    '佛山市',
    '沈阳市',
    '无锡市',
    '济南市',
    '厦门市',
    '福州市',
    '温州市',
    '哈尔滨市',
    '石家庄市',
    '大连市',
    '南宁市',
    '泉州市',
    '金华市',
    '贵阳市',
    '常州市',
    '长春市',
    '南昌市',
    '南通市',
    '嘉兴市',
    '徐州市',
    '惠州市',
    '太原市',
    '台州市',
    '绍兴市',
    '保定市',
    '中山市',
    '潍坊市',
    '临沂市',
    '珠海市',
    '烟台市',
  ],
};
