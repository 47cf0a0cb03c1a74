import { fakerZH_CN } from '@faker-js/faker';
import { DEPARTMENT_TREE, DIRECTIONS_BY_DEPARTMENT, HOSPITAL_GRADES, directionCode, indicationsOf } from '@field-portal/shared';
import { isRealCity, mainlandRegions, type Region } from '../reference/index.js';
import { pinyinOf } from './pinyin.js';
import { randomSource, weightedIndex } from '../../platform/random.js';

/**
 * The national dataset, generated and deterministic (docs/decisions/0017): the same seed gives
 * the same hospitals and doctors on every machine. Hospitals spread over the provinces by
 * population and over the grades by their national proportions; doctors go to hospitals by a
 * weight that grows with the grade, with departments, titles, directions, indications, doctor
 * range, online patients, outpatient days and type, secondary affiliations and tags.
 * Names come from faker's zh_CN locale, pinyin and initials from pinyin-pro.
 */

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32); kept in platform so a worker thread can load it alone. */
export { randomSource };
type Random = () => number;

/** Picks by weight: `weights[i]` is the chance of `items[i]` relative to the others. */
function weighted<T>(items: readonly T[], weights: readonly number[]): (r: Random) => T {
  const draw = weightedIndex(weights);
  return (r) => items[draw(r)]!;
}
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;

/** Population in millions (seventh census, 2020), by province code prefix. */
const POPULATION: Record<string, number> = {
  '11': 21.9,
  '12': 13.9,
  '13': 74.6,
  '14': 34.9,
  '15': 24.0,
  '21': 42.6,
  '22': 24.1,
  '23': 31.9,
  '31': 24.9,
  '32': 84.7,
  '33': 64.6,
  '34': 61.0,
  '35': 41.5,
  '36': 45.2,
  '37': 101.5,
  '41': 99.4,
  '42': 57.8,
  '43': 66.4,
  '44': 126.0,
  '45': 50.1,
  '46': 10.1,
  '50': 32.1,
  '51': 83.7,
  '52': 38.6,
  '53': 47.2,
  '54': 3.6,
  '61': 39.5,
  '62': 25.0,
  '63': 5.9,
  '64': 7.2,
  '65': 25.9,
};
/** How much bigger a city of each tier is than a fifth-tier one (hospitals per city). */
const CITY_WEIGHT: Record<number, number> = { 1: 12, 2: 6, 3: 3.5, 4: 1.6, 5: 1.1, 6: 0.8 };
/** Doctors per hospital relative to an ungraded one. */
const DOCTOR_WEIGHT: Record<string, number> = { '3A': 60, '3B': 28, '3C': 18, '2A': 14, '2B': 8, '2C': 5, '1A': 2.5, '1B': 2, '1C': 1.5, NONE: 1 };

export interface GeneratedHospital {
  name: string;
  province: string;
  provinceCode: string;
  city: string;
  cityCode: string;
  county: string;
  countyCode: string;
  cityLevel: number;
  level: string;
  type: string;
  pinyin: string;
  initials: string;
  address: string;
  covered: boolean;
}

export interface GeneratedDoctor {
  name: string;
  pinyin: string;
  initials: string;
  gender: 1 | 2;
  /** Index into the hospitals array. */
  hospital: number;
  dept1Code: string;
  dept2Code: string | null;
  titleCode: string;
  teachingTitleCode: string | null;
  directionCode: string | null;
  positionCode: string;
  indications: string[];
  doctorRange: 'internal' | 'internet';
  onlinePatients: number;
  outpatientDays: number;
  outpatientType: string;
  phone: string;
  wecomExternalId: string | null;
  startYear: number;
  /** A second hospital (index) where the doctor also practises, or null. */
  secondary: number | null;
  /** Indexes into DEMO_TAGS. */
  tags: number[];
}

/** Shared tags the dataset hands out (name, colour). */
export const DATASET_TAGS: [string, string][] = [
  ['KOL', '#cf1322'],
  ['讲者', '#d46b08'],
  ['重点客户', '#1677ff'],
  ['新开发', '#389e0d'],
  ['学术带头人', '#722ed1'],
];

const SPECIALTY = [
  ['肿瘤医院', '19'],
  ['眼科医院', '10'],
  ['口腔医院', '12'],
  ['精神卫生中心', '15'],
  ['儿童医院', '07'],
  ['传染病医院', '16'],
] as const;

function shortName(name: string): string {
  return name.replace(/(维吾尔自治区|壮族自治区|回族自治区|自治区|特别行政区|省|市|地区|盟|自治州)$/, '') || name;
}

interface CityPlan {
  province: Region;
  city: Region;
  counties: Region[];
}

/** The cities hospitals are placed in, each with its weight. */
function cityPlans(): { plans: CityPlan[]; weights: number[] } {
  const regions = mainlandRegions();
  const provinces = new Map(regions.filter((r) => r.level === 1).map((r) => [r.code, r]));
  const countiesByCity = new Map<string, Region[]>();
  for (const r of regions) {
    if (r.level !== 3) continue;
    const list = countiesByCity.get(r.parentCode!) ?? [];
    list.push(r);
    countiesByCity.set(r.parentCode!, list);
  }
  const cities = regions.filter((r) => r.level === 2 && isRealCity(r.name));
  const perProvince = new Map<string, number>();
  for (const c of cities) perProvince.set(c.parentCode!, (perProvince.get(c.parentCode!) ?? 0) + CITY_WEIGHT[c.cityLevel ?? 6]!);
  const plans: CityPlan[] = [];
  const weights: number[] = [];
  for (const city of cities) {
    const province = provinces.get(city.parentCode!)!;
    const population = POPULATION[province.code.slice(0, 2)] ?? 10;
    plans.push({ province, city, counties: countiesByCity.get(city.code) ?? [] });
    weights.push((population * CITY_WEIGHT[city.cityLevel ?? 6]!) / perProvince.get(province.code)!);
  }
  return { plans, weights };
}

/** `count` hospitals across the country, the same for the same seed. */
export function generateHospitals(count: number, seed = 14): GeneratedHospital[] {
  const r = randomSource(seed);
  const { plans, weights } = cityPlans();
  const pickCity = weighted(plans, weights);
  const pickGrade = weighted(
    HOSPITAL_GRADES.map((g) => g.code),
    HOSPITAL_GRADES.map((g) => g.share),
  );
  const used = new Map<string, number>();
  const hospitals: GeneratedHospital[] = [];
  for (let i = 0; i < count; i++) {
    const plan = pickCity(r);
    const grade = pickGrade(r);
    const county = plan.counties.length > 0 ? pick(r, plan.counties) : undefined;
    const cityShort = shortName(plan.city.name);
    const countyShort = county ? shortName(county.name) : cityShort;
    let base: string;
    let type: string;
    const x = r();
    if (grade.startsWith('3')) {
      if (x < 0.55) [base, type] = [`${cityShort}市第一人民医院`, 'GENERAL'];
      else if (x < 0.7) [base, type] = [`${cityShort}市中医医院`, 'TCM'];
      else if (x < 0.8) [base, type] = [`${cityShort}市中心医院`, 'GENERAL'];
      else if (x < 0.88) [base, type] = [`${cityShort}市妇幼保健院`, 'MCH'];
      else {
        const [suffix] = pick(r, SPECIALTY);
        [base, type] = [`${cityShort}市${suffix}`, 'SPECIALTY'];
      }
    } else if (grade.startsWith('2')) {
      if (x < 0.6) [base, type] = [`${countyShort}人民医院`, 'GENERAL'];
      else if (x < 0.8) [base, type] = [`${countyShort}中医医院`, 'TCM'];
      else if (x < 0.9) [base, type] = [`${countyShort}妇幼保健院`, 'MCH'];
      else [base, type] = [`${countyShort}中西医结合医院`, 'INTEGRATED'];
    } else if (x < 0.5) [base, type] = [`${countyShort}${fakerTown(r)}社区卫生服务中心`, 'COMMUNITY'];
    else if (x < 0.85) [base, type] = [`${countyShort}${fakerTown(r)}镇卫生院`, 'TOWNSHIP'];
    else [base, type] = [`${countyShort}${pick(r, ['仁爱', '康宁', '博爱', '华康', '济民', '同济', '安康'])}医院`, 'GENERAL'];
    // Real names repeat numbered (第一, 第二 …): a name is never used twice.
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    const numeral = NUMERALS[n] ?? String(n);
    const name = n === 1 ? base : base.includes('第一') ? base.replace('第一', `第${numeral}`) : `${base}${numeral}分院`;
    const [py, initials] = pinyinOf(name);
    hospitals.push({
      name,
      province: plan.province.name,
      provinceCode: plan.province.code,
      city: plan.city.name,
      cityCode: plan.city.code,
      county: county?.name ?? '',
      countyCode: county?.code ?? '',
      cityLevel: plan.city.cityLevel ?? 6,
      level: grade,
      type,
      pinyin: py,
      initials,
      address: `${plan.province.name}${plan.city.name}${county?.name ?? ''}${pick(r, ROADS)}${1 + Math.floor(r() * 399)}号`,
      covered: grade.startsWith('3') ? r() < 0.7 : r() < 0.2,
    });
  }
  return hospitals;
}

const NUMERALS = [
  '',
  '一',
  '二',
  '三',
  '四',
  '五',
  '六',
  '七',
  '八',
  '九',
  '十',
  '十一',
  '十二',
  '十三',
  '十四',
  '十五',
  '十六',
  '十七',
  '十八',
  '十九',
  '二十',
];
const ROADS = ['人民路', '解放路', '中山路', '建设路', '和平路', '新华路', '健康路', '文化路', '胜利路', '长江路', '黄河路', '友谊路'];
const TOWNS = ['城关', '东城', '西城', '南湖', '北山', '新安', '青山', '长安', '永安', '太平', '兴隆', '白沙', '石桥', '河口', '龙泉', '桃源'];
const fakerTown = (r: Random) => pick(r, TOWNS);

/** The most frequent Chinese surnames: faker's list is flat, real names are not. */
const COMMON_SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';

/** Faker's zh_CN surnames and given names, drawn by our own seeded source (fast and stable). */
function namePools() {
  const person = fakerZH_CN.definitions.person;
  const surnames = (person.last_name as unknown as Record<string, string[]>).generic ?? [];
  const given = person.first_name as unknown as Record<string, string[]>;
  const male = [...(given.male ?? []), ...(given.generic ?? [])];
  const female = [...(given.female ?? []), ...(given.generic ?? [])];
  const rank = (s: string) => COMMON_SURNAMES.indexOf(s);
  const surname = weighted(
    surnames,
    surnames.map((s) => (rank(s) >= 0 ? 60 / (1 + rank(s) / 8) : 0.3)),
  );
  return { surname, male, female };
}

type Dept = (typeof DEPARTMENT_TREE)[number];
const DEPT1_WEIGHT: Record<string, number> = {
  '03': 30,
  '04': 22,
  '05': 7,
  '07': 7,
  '19': 5,
  '50': 6,
  '02': 3,
  '10': 3,
  '11': 3,
  '12': 3,
  '20': 3,
  '26': 3,
  '32': 4,
  '13': 2,
  '15': 2,
  '16': 2,
  '21': 2,
  '28': 2,
  '30': 1,
  '31': 1,
  '08': 1,
  '27': 1,
  '17': 0.5,
  '01': 0.5,
  '06': 0.5,
  '09': 0.5,
};

const TITLE_BY_GRADE: Record<string, number[]> = {
  // CHIEF, ASSOCIATE_CHIEF, ATTENDING, RESIDENT
  '3': [15, 25, 35, 25],
  '2': [6, 20, 40, 34],
  '1': [2, 8, 40, 50],
  N: [1, 6, 38, 55],
};
const TITLES = ['CHIEF', 'ASSOCIATE_CHIEF', 'ATTENDING', 'RESIDENT'] as const;

/**
 * Doctors of the generated hospitals, generated one at a time so that a million never sit in
 * memory: `doctorAt` gives the n-th doctor for a generator made once.
 */
export function doctorGenerator(hospitals: readonly GeneratedHospital[], seed = 1414) {
  const depts = DEPARTMENT_TREE as readonly Dept[];
  const pickDept = weighted(
    depts,
    depts.map((d) => DEPT1_WEIGHT[d[0]] ?? 0.2),
  );
  const hospitalIndexes = hospitals.map((_, i) => i);
  const pickHospital = weighted(
    hospitalIndexes,
    hospitals.map((h) => DOCTOR_WEIGHT[h.level] ?? 1),
  );
  const byCity = new Map<string, number[]>();
  hospitals.forEach((h, i) => {
    const list = byCity.get(h.cityCode) ?? [];
    list.push(i);
    byCity.set(h.cityCode, list);
  });
  const titleBy = Object.fromEntries(Object.entries(TITLE_BY_GRADE).map(([k, w]) => [k, weighted(TITLES, w)]));
  const names = namePools();
  const pickDays = weighted([0, 1, 2, 3, 4, 5, 6, 7], [4, 14, 26, 24, 14, 12, 4, 2]);

  return function doctorAt(n: number): GeneratedDoctor {
    const r = randomSource(seed * 1_000_003 + n);
    const gender = r() < 0.52 ? 2 : 1;
    const name = names.surname(r) + pick(r, gender === 1 ? names.male : names.female);
    const [py, initials] = pinyinOf(name);
    const hospital = pickHospital(r);
    const h = hospitals[hospital]!;
    let dept = pickDept(r);
    if (h.type === 'TCM' && r() < 0.5) dept = depts.find((d) => d[0] === '50')!;
    if ((h.type === 'COMMUNITY' || h.type === 'TOWNSHIP') && r() < 0.5) dept = depts.find((d) => d[0] === '02')!;
    const children = dept[3] ?? [];
    const dept2 = children.length > 0 ? pick(r, children)[0] : null;
    const gradeKey = h.level === 'NONE' ? 'N' : h.level[0]!;
    const titleCode = titleBy[gradeKey]!(r);
    const teaching = h.level === '3A' || h.level === '3B' ? teachingOf(titleCode, r) : null;
    const directions = DIRECTIONS_BY_DEPARTMENT[dept[0]];
    const direction = directions && r() < 0.7 ? directionCode(dept[0], Math.floor(r() * directions.length)) : null;
    const candidates = indicationsOf(dept[0], dept2);
    const indications =
      candidates.length === 0 ? [] : [...new Set(Array.from({ length: 1 + Math.floor(r() * Math.min(3, candidates.length)) }, () => pick(r, candidates)))];
    const doctorRange = r() < 0.75 ? 'internal' : 'internet';
    const onlinePatients = doctorRange === 'internet' ? Math.floor(Math.exp(r() * 9)) : r() < 0.4 ? 0 : Math.floor(Math.exp(r() * 6));
    const outpatientDays = pickDays(r);
    const senior = titleCode === 'CHIEF' || titleCode === 'ASSOCIATE_CHIEF';
    const outpatientType = senior ? pick(r, ['EXPERT', 'EXPERT', 'SPECIAL', 'DISEASE']) : pick(r, ['GENERAL', 'GENERAL', 'GENERAL', 'DISEASE']);
    const positionCode = titleCode === 'CHIEF' && r() < 0.25 ? 'DIRECTOR' : senior && r() < 0.15 ? 'VICE_DIRECTOR' : senior ? 'LEAD' : 'PHYSICIAN';
    const phone = r() < 0.6 ? `1${pick(r, ['3', '5', '7', '8'])}${String(Math.floor(r() * 1e9)).padStart(9, '0')}` : '';
    const wecomExternalId =
      r() < 0.15
        ? `wm${Math.floor(r() * 0xffffffff)
            .toString(16)
            .padStart(8, '0')}${n.toString(16)}`
        : null;
    const sameCity = byCity.get(h.cityCode) ?? [];
    const other = senior && sameCity.length > 1 && r() < 0.15 ? pick(r, sameCity) : hospital;
    const secondary = other !== hospital ? other : null;
    const tags: number[] = [];
    if (titleCode === 'CHIEF' && h.level === '3A' && r() < 0.3) tags.push(0);
    if (senior && r() < 0.08) tags.push(1);
    if (r() < 0.04) tags.push(2);
    if (r() < 0.02) tags.push(3);
    if (teaching === 'PROFESSOR' && r() < 0.3) tags.push(4);
    return {
      name,
      pinyin: py,
      initials,
      gender,
      hospital,
      dept1Code: dept[0],
      dept2Code: dept2,
      titleCode,
      teachingTitleCode: teaching,
      directionCode: direction,
      positionCode,
      indications,
      doctorRange,
      onlinePatients,
      outpatientDays,
      outpatientType,
      phone,
      wecomExternalId,
      startYear: 1995 + Math.floor(r() * 30),
      secondary,
      tags,
    };
  };
}

function teachingOf(title: string, r: Random): string | null {
  const x = r();
  if (title === 'CHIEF') return x < 0.6 ? 'PROFESSOR' : x < 0.8 ? 'ASSOCIATE_PROFESSOR' : null;
  if (title === 'ASSOCIATE_CHIEF') return x < 0.5 ? 'ASSOCIATE_PROFESSOR' : x < 0.6 ? 'LECTURER' : null;
  if (title === 'ATTENDING') return x < 0.3 ? 'LECTURER' : null;
  return x < 0.1 ? 'ASSISTANT' : null;
}
