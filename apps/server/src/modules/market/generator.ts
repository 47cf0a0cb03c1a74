import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { doctorIdsInScope } from '../customers/index.js';
import { addKeywords, keywordsOfCategories, medicinesWithCompetitors, regionsOf } from '../reference/index.js';
import { LEXICON_CATEGORIES } from '@field-portal/shared';
import { DEFAULT_LEXICON } from './lexicon-seed.js';
import { buildLexicon, scoreText, type Lexicon } from './sentiment.js';
import { randomSource } from '../../platform/random.js';

/**
 * The market-intelligence data of the national dataset (docs/decisions/0025), deterministic from
 * the seed: public-opinion items written from templates about every drug and competitor of data
 * management, a few events per drug, monthly market figures and search index per province, online
 * consultation counts of a sample of doctors, and aggregate patient groups. Texts are scored with
 * the lexicon as they are written, so the data is ready without waiting for the sentiment job.
 */

export interface MarketDataOptions {
  seed: number;
  /** Opinion items per drug (own and competitor). */
  itemsPerDrug: number;
  /** Doctors with online consultations. */
  consultingDoctors: number;
  /** The last month of the figures: the month of this time. */
  now: number;
}

export const DEMO_MARKET: Omit<MarketDataOptions, 'now'> = { seed: 2025, itemsPerDrug: 1000, consultingDoctors: 800 };

export const PLATFORMS = ['微博', '微信公众号', '知乎', '丁香园', '好大夫在线', '百度贴吧', '小红书', '抖音'] as const;
/** Platforms where doctors post under their own name. */
const DOCTOR_PLATFORMS = new Set(['丁香园', '好大夫在线', '知乎']);
const AGE_BANDS = ['18-34', '35-44', '45-54', '55-64', '65-74', '75+'];
const GENDERS = ['男', '女'];
const STAGES = ['早期', '进展期', '晚期'];
const MONTHS = 24;
const ITEM_COLUMNS = {
  platform: 'text',
  text: 'text',
  published_at: 'timestamptz',
  medicine: 'text',
  indication: 'text',
  doctor_id: 'int',
  event_id: 'int',
  sentiment: 'text',
  score: 'real',
  explanation: 'jsonb',
  lexicon_version: 'text',
};

const OPENERS = ['患者反映', '有网友说', '医生分享：', '病友群里提到', '用药一个月后', '复诊时发现', '家属留言：', '临床观察显示', ''];
const POSITIVE = [
  '服用{drug}后血压控制得非常稳定，没有明显的不良反应',
  '{drug}治疗{indication}效果显著，患者很满意',
  '{drug}的依从性特别好，每天一次很方便',
  '换用{drug}后症状明显好转，值得推荐',
  '{drug}纳入医保后价格实惠了，患者放心',
  '{drug}耐受性好，老年患者也比较安全',
];
const NEGATIVE = [
  '{drug}副作用太明显了，效果也不太好',
  '吃了{drug}有点头晕恶心，很担心',
  '{drug}价格偏高，患者觉得太贵',
  '听说{drug}最近断货，买药很麻烦',
  '{drug}治疗{indication}没有效果，非常失望',
  '网上有人质疑{drug}的安全风险',
];
const NEUTRAL = [
  '今天门诊开了{drug}，下个月复查',
  '请问{drug}和其他药一起吃需要注意什么',
  '{drug}的说明书写的是每日一次',
  '医院药房今天到了一批{drug}',
  '{indication}患者咨询{drug}的用法用量',
];
const EVENTS: { title: string; bias: 'positive' | 'negative' }[] = [
  { title: '{drug}纳入国家医保目录', bias: 'positive' },
  { title: '{drug}不良反应报道引发讨论', bias: 'negative' },
  { title: '{drug}新适应症获批', bias: 'positive' },
];

const fill = (template: string, drug: string, indication: string) => template.replaceAll('{drug}', drug).replaceAll('{indication}', indication || '慢病');
const monthStart = (now: number, back: number) => {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
};
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

interface DrugLine {
  name: string;
  indications: string[];
  /** Sales base: own drugs sell more in this portfolio's data. */
  base: number;
  /** Tilt of opinion towards positive (+) or negative (−). */
  tilt: number;
}

/** Inserts rows as one JSON parameter per 5,000 rows: far faster than thousands of bound values, on PGlite above all. */
async function insertRows(db: Db | Tx, table: string, columns: Record<string, string>, rows: Record<string, unknown>[]): Promise<void> {
  const names = Object.keys(columns).join(', ');
  const types = Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  for (let i = 0; i < rows.length; i += 5000) {
    const json = JSON.stringify(rows.slice(i, i + 5000));
    await db.execute(
      sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${json}::jsonb) as x(${sql.raw(types)})`,
    );
  }
}

/** The sentiment lexicon of data management (seeded with the starting one when it has none). */
export async function currentLexicon(db: Db | Tx): Promise<Lexicon> {
  return buildLexicon(await keywordsOfCategories(db, Object.values(LEXICON_CATEGORIES)));
}

export async function writeMarketData(
  db: Db | Tx,
  options: MarketDataOptions,
): Promise<{ items: number; figures: number; consultations: number; patientGroups: number }> {
  const rnd = randomSource(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  await addKeywords(db, DEFAULT_LEXICON);
  const lexicon = await currentLexicon(db);
  const medicines = await medicinesWithCompetitors(db);
  const lines: DrugLine[] = [];
  const seen = new Set<string>();
  for (const m of medicines) {
    for (const [i, name] of [m.name, ...m.competitors].entries()) {
      if (seen.has(name)) continue;
      seen.add(name);
      lines.push({ name, indications: m.indications, base: i === 0 ? 4000 : 2500 + rnd() * 2000, tilt: i === 0 ? 0.15 : (rnd() - 0.5) * 0.3 });
    }
  }
  const provinces = await regionsOf(db, 1);
  const doctorIds = (
    await selectRows<{ id: number }>(
      db,
      sql`select x.id from ${doctorIdsInScope({ userId: 0, all: true, hospitalIds: [], provinceCodes: [] })} x order by x.id limit ${Math.max(options.consultingDoctors * 3, 100)}`,
    )
  ).map((r) => r.id);

  // ---------------------------------------------------------------- opinion items and events
  const end = options.now;
  const span = MONTHS * 30 * 86_400_000;
  let items = 0;
  for (const line of lines) {
    const events: { id: number; start: number; bias: 'positive' | 'negative' }[] = [];
    for (const [k, e] of EVENTS.slice(0, 2 + Math.floor(rnd() * 2)).entries()) {
      const start = end - Math.floor((0.1 + 0.8 * rnd()) * span) - k * 86_400_000;
      const [row] = await selectRows<{ id: number }>(
        db,
        sql`insert into opinion_events (title, medicine, started_at) values (${fill(e.title, line.name, '')}, ${line.name}, ${new Date(start).toISOString()}::timestamptz) returning id`,
      );
      events.push({ id: row!.id, start, bias: e.bias });
    }
    const rows: Record<string, unknown>[] = [];
    for (let n = 0; n < options.itemsPerDrug; n++) {
      // About a fifth of the items belong to an event: within ten days of its start, tilted its way.
      const event = rnd() < 0.2 ? pick(events) : undefined;
      const at = event ? event.start + Math.floor(rnd() * 10 * 86_400_000) : end - Math.floor(rnd() ** 0.8 * span);
      const roll = rnd() + (event ? (event.bias === 'positive' ? 0.3 : -0.3) : line.tilt);
      const pool = roll > 0.62 ? POSITIVE : roll < 0.3 ? NEGATIVE : NEUTRAL;
      const indication = line.indications.length > 0 ? pick(line.indications) : '';
      const text = `${pick(OPENERS)}${fill(pick(pool), line.name, indication)}`;
      const platform = pick(PLATFORMS);
      const doctorId = DOCTOR_PLATFORMS.has(platform) && doctorIds.length > 0 && rnd() < 0.7 ? pick(doctorIds) : null;
      const scored = scoreText(text, lexicon);
      rows.push({
        platform,
        text,
        published_at: new Date(Math.min(at, end)).toISOString(),
        medicine: line.name,
        indication,
        doctor_id: doctorId,
        event_id: event?.id ?? null,
        sentiment: scored.sentiment,
        score: scored.score,
        explanation: { hits: scored.hits, score: scored.score },
        lexicon_version: lexicon.version,
      });
    }
    await insertRows(db, 'opinion_items', ITEM_COLUMNS, rows);
    items += rows.length;
  }

  // ---------------------------------------------------------------- market figures by province and month
  const weights = provinces.map(() => 0.3 + rnd() * 1.7);
  const figures: Record<string, unknown>[] = [];
  for (const line of lines) {
    const growth = (rnd() - 0.3) * 0.04;
    for (let back = MONTHS - 1; back >= 0; back--) {
      const month = monthStart(end, back);
      const season = 1 + 0.12 * Math.sin((month.getUTCMonth() / 12) * 2 * Math.PI);
      const trend = (1 + growth) ** (MONTHS - back);
      for (const [p, province] of provinces.entries()) {
        const sales = Math.round((line.base / 10) * weights[p]! * season * trend * (0.85 + rnd() * 0.3));
        const search = Math.round(sales * (1.5 + rnd()));
        figures.push({ medicine: line.name, province_code: province.code, month: isoDay(month), sales_units: sales, search_index: search });
      }
    }
  }
  await insertRows(db, 'market_figures', { medicine: 'text', province_code: 'text', month: 'date', sales_units: 'int', search_index: 'int' }, figures);

  // ---------------------------------------------------------------- online consultations of a sample of doctors
  const consultations: Record<string, unknown>[] = [];
  const withIndications = lines.filter((l) => l.indications.length > 0);
  const consulting = doctorIds.filter((_, i) => i % 3 === 0).slice(0, options.consultingDoctors);
  if (withIndications.length > 0) {
    for (const doctorId of consulting) {
      const line = pick(withIndications);
      const indication = pick(line.indications);
      const level = 1 + Math.floor(rnd() * 30);
      for (let back = 5; back >= 0; back--) {
        if (rnd() < 0.2) continue;
        consultations.push({
          doctor_id: doctorId,
          medicine: line.name,
          indication,
          month: isoDay(monthStart(end, back)),
          consultations: Math.max(1, Math.round(level * (0.6 + rnd() * 0.8))),
        });
      }
    }
  }
  await insertRows(db, 'online_consultations', { doctor_id: 'int', medicine: 'text', indication: 'text', month: 'date', consultations: 'int' }, consultations);

  // ---------------------------------------------------------------- aggregate patient groups
  const ageShape = [0.06, 0.12, 0.22, 0.27, 0.22, 0.11];
  const patients: Record<string, unknown>[] = [];
  for (const line of withIndications) {
    for (const indication of line.indications) {
      for (const [p, province] of provinces.entries()) {
        for (const [a, age] of AGE_BANDS.entries()) {
          for (const gender of GENDERS) {
            for (const [s, stage] of STAGES.entries()) {
              const n = Math.round(
                (line.base / 4) * weights[p]! * ageShape[a]! * (gender === '男' ? 0.55 : 0.45) * [0.5, 0.35, 0.15][s]! * (0.8 + rnd() * 0.4),
              );
              patients.push({ medicine: line.name, indication, province_code: province.code, age_band: age, gender, stage, patients: n });
            }
          }
        }
      }
    }
  }
  await insertRows(
    db,
    'patient_groups',
    { medicine: 'text', indication: 'text', province_code: 'text', age_band: 'text', gender: 'text', stage: 'text', patients: 'int' },
    patients,
  );
  return { items, figures: figures.length, consultations: consultations.length, patientGroups: patients.length };
}
