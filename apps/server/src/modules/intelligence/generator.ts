import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { doctorFacts, type DoctorFacts } from '../customers/index.js';
import { randomSource, weightedIndex } from '../../platform/random.js';
import { ensureJournals, journalList } from '../reference/index.js';

/**
 * Generated academic data for the national dataset (docs/decisions/0024), deterministic from the
 * seed: papers in data management's journals with their authors (first, co-, corresponding),
 * citations and the core-journal flag, and academic records (advisory boards, guidelines,
 * committee posts, associations, clinical trials, conference talks, editorial boards, NSFC
 * projects, patient education).
 *
 * Co-authorship is clustered as it is in life: a paper's lead author is drawn with a weight that
 * grows with title and hospital grade; most co-authors work in the same hospital and department,
 * some in the same city and department, a few elsewhere in the province. Papers per doctor
 * default to 1.5 (about 30,000 papers for the demo's 20,000 doctors).
 */

/** Journals added to data management's list when generated data needs them (real titles). */
export const DEMO_JOURNALS: { name: string; category: string; alias: string }[] = [
  { name: '中华医学杂志', category: '核心期刊', alias: 'Natl Med J China' },
  { name: '中华内科杂志', category: '核心期刊', alias: 'Chin J Intern Med' },
  { name: '中华外科杂志', category: '核心期刊', alias: 'Chin J Surg' },
  { name: '中华肿瘤杂志', category: '核心期刊', alias: 'Chin J Oncol' },
  { name: '中华神经科杂志', category: '核心期刊', alias: 'Chin J Neurol' },
  { name: '中华内分泌代谢杂志', category: '核心期刊', alias: 'Chin J Endocrinol Metab' },
  { name: '中华结核和呼吸杂志', category: '核心期刊', alias: 'Chin J Tuberc Respir Dis' },
  { name: '中华消化杂志', category: '核心期刊', alias: 'Chin J Dig' },
  { name: '中华肾脏病杂志', category: '核心期刊', alias: 'Chin J Nephrol' },
  { name: '中华儿科杂志', category: '核心期刊', alias: 'Chin J Pediatr' },
  { name: '中华妇产科杂志', category: '核心期刊', alias: 'Chin J Obstet Gynecol' },
  { name: '中华皮肤科杂志', category: '核心期刊', alias: 'Chin J Dermatol' },
  { name: '中华精神科杂志', category: '核心期刊', alias: 'Chin J Psychiatry' },
  { name: '中国实用内科杂志', category: '统计源期刊', alias: 'Chin J Pract Intern Med' },
  { name: '临床荟萃', category: '统计源期刊', alias: 'Clin Focus' },
  { name: '中国医药导报', category: '普通期刊', alias: 'China Med Herald' },
  { name: '中国现代医生', category: '普通期刊', alias: 'China Mod Doctor' },
  { name: '实用医学杂志', category: '统计源期刊', alias: 'J Pract Med' },
];

const TOPICS = [
  '的临床特征分析',
  '的真实世界研究',
  '患者的长期随访',
  '的多中心回顾性研究',
  '的危险因素分析',
  '诊疗现状调查',
  '治疗的疗效与安全性',
  '的预后相关因素',
  '的专家共识解读',
  '的生物标志物研究',
];
const ASSOCIATIONS = ['中华医学会', '中国医师协会', '中国抗癌协会', '中国研究型医院学会', '中国医药教育协会', '省医学会'];
const COMMITTEE_ROLES = ['主任委员', '副主任委员', '常务委员', '委员', '青年委员'];
const EDITORIAL_ROLES = ['主编', '副主编', '编委', '通讯编委'];

export interface AcademicSize {
  /** Papers per doctor on average. */
  papersPerDoctor?: number;
  seed?: number;
  /** Last year of the data (papers span the ten years before it). */
  lastYear?: number;
  onProgress?: (papers: number) => void;
}

export interface AcademicCounts {
  papers: number;
  authors: number;
  items: number;
}

/** How productive a doctor is, relative to a resident of an ungraded hospital. */
function productivity(d: DoctorFacts): number {
  const title = d.titleCode === 'CHIEF' ? 8 : d.titleCode === 'ASSOCIATE_CHIEF' ? 4 : d.titleCode === 'ATTENDING' ? 1.5 : 0.5;
  const grade = d.hospitalLevel === '3A' ? 4 : d.hospitalLevel.startsWith('3') ? 2 : d.hospitalLevel.startsWith('2') ? 1 : 0.4;
  return title * grade;
}

/** Reads every doctor through the customers service. */
async function allDoctors(tx: Tx): Promise<DoctorFacts[]> {
  const out: DoctorFacts[] = [];
  for (let after = 0; ;) {
    const batch = await doctorFacts(tx, after, 20_000);
    if (batch.length === 0) break;
    out.push(...batch);
    after = batch.at(-1)!.id;
  }
  return out;
}

function groupBy(doctors: DoctorFacts[], key: (d: DoctorFacts) => string): Map<string, number[]> {
  const map = new Map<string, number[]>();
  doctors.forEach((d, i) => {
    const k = key(d);
    let list = map.get(k);
    if (!list) map.set(k, (list = []));
    list.push(i);
  });
  return map;
}

type Columns = readonly (readonly [name: string, type: string])[];
const PAPER_COLUMNS: Columns = [
  ['title', 'text'],
  ['journal_id', 'int'],
  ['journal', 'text'],
  ['core', 'boolean'],
  ['year', 'smallint'],
  ['citations', 'int'],
  ['indication', 'text'],
];
const AUTHOR_COLUMNS: Columns = [
  ['paper_id', 'int'],
  ['doctor_id', 'int'],
  ['position', 'smallint'],
];
const ITEM_COLUMNS: Columns = [
  ['doctor_id', 'int'],
  ['kind', 'text'],
  ['name', 'text'],
  ['role', 'text'],
  ['year', 'smallint'],
];

/**
 * Inserts the rows as ONE bound JSON parameter unpacked by json_to_recordset (rows in their
 * order, so `returning id` gives the ids in that order), not as a VALUES list: PostgreSQL parses
 * a VALUES list of thousands of rows expression by expression, which was most of the load's time
 * (docs/decisions/0024, "1,000,000 doctors"). The same rows as before, written several times faster.
 */
async function insertRecords(tx: Tx, table: string, columns: Columns, rows: unknown[][], returning = false): Promise<number[]> {
  if (rows.length === 0) return [];
  const names = columns.map(([name]) => name);
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    names.forEach((name, i) => (record[name] = row[i]));
    return record;
  });
  const head = sql.raw(`insert into ${table} (${names.join(',')}) select ${names.join(',')} from json_to_recordset(`);
  const tail = sql.raw(`) as x(${columns.map(([name, type]) => `${name} ${type}`).join(',')})${returning ? ' returning id' : ''}`);
  const query = sql`${head}${JSON.stringify(records)}::json${tail}`;
  if (!returning) {
    await tx.execute(query);
    return [];
  }
  return (await selectRows<{ id: number }>(tx, query)).map((r) => Number(r.id));
}

/** Generates and writes the academic data of every doctor in the database. */
export async function writeAcademicData(tx: Tx, options: AcademicSize = {}): Promise<AcademicCounts> {
  const r = randomSource((options.seed ?? 14) * 7919);
  const lastYear = options.lastYear ?? 2026;
  await ensureJournals(tx, DEMO_JOURNALS);
  const journals = await journalList(tx);
  const doctors = await allDoctors(tx);
  const counts: AcademicCounts = { papers: 0, authors: 0, items: 0 };
  if (doctors.length === 0 || journals.length === 0) return counts;

  // Lead authors by productivity (a cumulative table and binary search).
  const drawLeadIndex = weightedIndex(doctors.map((d) => productivity(d)));
  const drawLead = () => drawLeadIndex(r);
  const byHospitalDept = groupBy(doctors, (d) => `${d.hospitalId}|${d.dept1Code}`);
  const byCityDept = groupBy(doctors, (d) => `${d.cityCode}|${d.dept1Code}`);
  const byProvinceDept = groupBy(doctors, (d) => `${d.provinceCode}|${d.dept1Code}`);
  const pickFrom = (list: number[] | undefined) => (list && list.length > 0 ? list[Math.floor(r() * list.length)]! : undefined);

  const paperCount = Math.round(doctors.length * (options.papersPerDoctor ?? 1.5));
  const BATCH = 2000;
  for (let start = 0; start < paperCount; start += BATCH) {
    const papers: unknown[][] = [];
    const authorLists: { doctor: number; position: number }[][] = [];
    for (let n = start; n < Math.min(paperCount, start + BATCH); n++) {
      const lead = drawLead();
      const d = doctors[lead]!;
      const journal = journals[Math.floor(Math.pow(r(), 1.6) * journals.length)]!;
      const age = Math.floor(r() * 10);
      const year = lastYear - age;
      // Citations grow with age and the journal's standing; a long tail.
      const citations = Math.floor(Math.pow(r(), 2.2) * (journal.core ? 60 : 20) * (age + 1) * 0.4);
      const indication = d.indications.length > 0 ? d.indications[Math.floor(r() * d.indications.length)]! : '';
      const title = `${indication || '常见病'}${TOPICS[Math.floor(r() * TOPICS.length)]!}`;
      papers.push([title, journal.id, journal.name, journal.core, year, citations, indication]);
      const authors = new Map<number, number>([[lead, 1]]);
      const extra = 1 + Math.floor(r() * 5);
      for (let k = 0; k < extra; k++) {
        const x = r();
        const pool =
          x < 0.7
            ? byHospitalDept.get(`${d.hospitalId}|${d.dept1Code}`)
            : x < 0.9
              ? byCityDept.get(`${d.cityCode}|${d.dept1Code}`)
              : byProvinceDept.get(`${d.provinceCode}|${d.dept1Code}`);
        const other = pickFrom(pool);
        if (other !== undefined && !authors.has(other)) authors.set(other, 2);
      }
      // The corresponding author: the most senior co-author now and then.
      if (authors.size > 1 && r() < 0.4) {
        const last = [...authors.keys()].at(-1)!;
        authors.set(last, 3);
      }
      authorLists.push([...authors].map(([doctor, position]) => ({ doctor, position })));
    }
    const ids = await insertRecords(tx, 'intel_papers', PAPER_COLUMNS, papers, true);
    const authorRows: unknown[][] = [];
    authorLists.forEach((list, i) => {
      for (const a of list) authorRows.push([ids[i], doctors[a.doctor]!.id, a.position]);
    });
    await insertRecords(tx, 'intel_paper_authors', AUTHOR_COLUMNS, authorRows);
    counts.papers += papers.length;
    counts.authors += authorRows.length;
    options.onProgress?.(counts.papers);
  }

  // Academic records: likelier for senior doctors of high-grade hospitals.
  const items: unknown[][] = [];
  const flush = async () => {
    if (items.length === 0) return;
    await insertRecords(tx, 'intel_academic_items', ITEM_COLUMNS, items);
    counts.items += items.length;
    items.length = 0;
  };
  for (const d of doctors) {
    const p = Math.min(1, productivity(d) / 32);
    const year = () => lastYear - Math.floor(r() * 8);
    const indication = d.indications[0] ?? '临床';
    const times = (chance: number, max: number) => {
      let n = 0;
      while (n < max && r() < chance) n++;
      return n;
    };
    for (let i = times(p * 0.9, 4); i > 0; i--) items.push([d.id, 'association', ASSOCIATIONS[Math.floor(r() * ASSOCIATIONS.length)]!, '会员', year()]);
    for (let i = times(p * 0.6, 3); i > 0; i--)
      items.push([
        d.id,
        'committee',
        `${ASSOCIATIONS[Math.floor(r() * ASSOCIATIONS.length)]!}${indication}专业委员会`,
        COMMITTEE_ROLES[Math.floor(Math.pow(r(), 0.5) * COMMITTEE_ROLES.length)]!,
        year(),
      ]);
    for (let i = times(p * 0.35, 3); i > 0; i--)
      items.push([d.id, 'guideline', `中国${indication}诊疗指南(${year()}年版)`, r() < 0.2 ? '执笔专家' : '编写专家', year()]);
    for (let i = times(p * 0.5, 4); i > 0; i--)
      items.push([d.id, 'trial', `${indication}的多中心随机对照试验`, r() < 0.3 ? '主要研究者' : '分中心研究者', year()]);
    for (let i = times(p * 0.7, 6); i > 0; i--) items.push([d.id, 'conference', `全国${indication}学术年会`, r() < 0.3 ? '大会报告' : '专题发言', year()]);
    for (let i = times(p * 0.25, 2); i > 0; i--)
      items.push([
        d.id,
        'editorial',
        DEMO_JOURNALS[Math.floor(r() * DEMO_JOURNALS.length)]!.name,
        EDITORIAL_ROLES[Math.floor(Math.pow(r(), 0.4) * EDITORIAL_ROLES.length)]!,
        year(),
      ]);
    for (let i = times(p * 0.3, 3); i > 0; i--)
      items.push([d.id, 'nsfc', `${indication}发病机制的基础研究`, r() < 0.5 ? '面上项目' : '青年科学基金项目', year()]);
    for (let i = times(p * 0.2, 2); i > 0; i--) items.push([d.id, 'advisory', `${indication}专家顾问委员会`, '顾问', year()]);
    for (let i = times(0.3 + p * 0.3, 5); i > 0; i--) items.push([d.id, 'education', `${indication}患者教育讲座`, '主讲', year()]);
    if (items.length >= 5000) await flush();
  }
  await flush();
  return counts;
}

/** Removes every generated academic record (seed:scale --replace). */
export async function clearAcademicData(tx: Tx): Promise<void> {
  await tx.execute(
    sql`truncate intel_paper_authors, intel_papers, intel_academic_items, intel_kol_scores, intel_relations, intel_doctor_metrics restart identity`,
  );
}
