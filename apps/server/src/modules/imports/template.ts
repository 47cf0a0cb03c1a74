import {
  IMPORT_KIND_NOTES,
  isMessageKey,
  message,
  VISIT_CHANNEL_LABELS,
  VISIT_CHANNELS,
  VISIT_PURPOSE_LABELS,
  VISIT_PURPOSES,
  type ImportColumn,
  type ImportKind,
  type Lang,
} from '@field-portal/shared';
import type { Db } from '../../db/client.js';
import { loadExcel, safeCell } from '../../platform/excel.js';
import { portalMinute } from '../../platform/portal-time.js';
import { organisationLabels, roleLabels } from '../admin/index.js';
import { codesOf, departmentsOf, indicationNames, mainlandRegions } from '../reference/index.js';
import { columnLabel } from './columns.js';
import { kindOf } from './kinds/index.js';

/**
 * A kind's template (docs/decisions/0042, "templates that say what each column takes"): an .xlsx in
 * the caller's language. The first sheet is the file to fill in: the header the reader matches
 * (required columns marked *), each header cell with a note saying what the column takes. The second
 * says the same per column with an example; the third lists the reference data the kind resolves
 * against, read at the time of the download, so it is what the dry run accepts. No formulas anywhere
 * (SECURITY.md): every text goes through safeCell.
 */

type Worksheet = import('exceljs').Worksheet;

type Text = string | { zh: string; en: string };

/** An example value per column, one the dry run accepts against the seeded reference data. */
const EXAMPLES: Record<ImportKind, Record<string, Text>> = {
  organisations: { code: 'ORG-SH', name: '上海大区', nameEn: 'Shanghai region', parentCode: 'ORG-EAST', leader: '张伟' },
  users: {
    username: 'zhang.wei',
    realName: '张伟',
    employeeNo: '10000123',
    email: 'zhang.wei@example.com',
    mobile: '13800138000',
    org: 'ORG-SH',
    roles: 'Sales',
    manager: 'li.na',
  },
  territories: { user: 'zhang.wei', hospitalCode: 'HP001', province: '上海市' },
  hospitals: { code: 'HP001', name: '上海市第一人民医院', grade: '三级甲等', type: '综合医院', region: '310115', address: '浦东新区张江路1号' },
  doctors: {
    code: 'D0001',
    id: '1024',
    name: '李娜',
    gender: { zh: '女', en: 'Female' },
    hospitalCode: 'HP001',
    hospital: '上海市第一人民医院',
    dept1: '内科',
    dept2: '心血管内科专业',
    title: '主任医师',
    position: '科主任',
    indications: '高血压、心力衰竭',
    phone: '021-12345678',
    secondaryHospitalCode: 'HP002',
  },
  products: { code: 'P-001', name: '降压片', alias: 'Jiangya', companyId: 'FP', indications: '高血压、心力衰竭', competitors: '康瑞宁(Kangruining);安立泰' },
  visits: {
    rep: 'zhang.wei',
    doctorCode: 'D0001',
    date: '2026-03-15 14:30',
    channel: { zh: '面对面拜访', en: 'In person' },
    purpose: { zh: '学术交流', en: 'Academic exchange' },
    notes: { zh: '介绍新适应症', en: 'New indication presented' },
  },
};

const textIn = (text: Text | undefined, lang: Lang) => (text === undefined ? '' : typeof text === 'string' ? text : text[lang]);

/** The header as the first sheet has it: required columns marked *. */
export const headerOf = (column: ImportColumn, lang: Lang) => (column.required ? `${column[lang]}*` : column[lang]);

/**
 * Whether a column is required, by the kind's groups of required columns: alone in its group (yes), one of a group
 * (a doctor's code or ID), or not; as the note of the header says it and as the notes sheet does.
 */
function requirement(kind: ImportKind, key: string, lang: Lang): { note: string; text: string } {
  const group = kindOf(kind).required.find((g) => g.includes(key));
  if (!group) return { note: '', text: message('imports.template.no', lang) };
  if (group.length === 1) return { note: message('imports.template.required', lang), text: message('imports.template.yes', lang) };
  const oneOf = message('imports.template.oneOf', lang, { columns: group.map((k) => columnLabel(kind, k, lang)).join('/') });
  return { note: oneOf, text: oneOf };
}

function hintOf(kind: ImportKind, key: string, lang: Lang): string {
  const hint = `imports.template.hint.${kind}.${key}`;
  return isMessageKey(hint) ? message(hint, lang) : '';
}

/** One list of accepted values: the column it is for, its header and its rows. */
interface ValueList {
  key: string;
  header: string[];
  rows: string[][];
}

/** The reference data each kind resolves against, in the order of its columns. */
async function valueLists(db: Db, kind: ImportKind, lang: Lang): Promise<ValueList[]> {
  const l = (key: 'code' | 'name' | 'nameEn' | 'short' | 'shown' | 'id') => message(`imports.template.list.${key}`, lang);
  const coded = (key: string, rows: readonly { code: string; name: string; nameEn: string }[]): ValueList => ({
    key,
    header: [l('code'), l('name'), l('nameEn')],
    rows: rows.map((r) => [r.code, r.name, r.nameEn]),
  });
  const organisations = async (key: string): Promise<ValueList> => coded(key, await organisationLabels(db));
  const indications = async (): Promise<ValueList> => ({ key: 'indications', header: [l('name')], rows: (await indicationNames(db)).map((n) => [n]) });
  switch (kind) {
    case 'organisations':
      return [await organisations('parentCode')];
    case 'users': {
      const roles = await roleLabels(db);
      return [
        await organisations('org'),
        {
          key: 'roles',
          header: [l('id'), l('name'), l('nameEn'), l('shown')],
          rows: roles.map((r) => [String(r.id), r.name, r.nameEn, r.shown[lang === 'zh' ? 0 : 1] ?? '']),
        },
      ];
    }
    case 'territories':
      return [
        {
          key: 'province',
          header: [l('code'), l('name')],
          rows: mainlandRegions()
            .filter((r) => r.level === 1)
            .map((r) => [r.code, r.name]),
        },
      ];
    case 'hospitals': {
      // The short form the grade is also found by (三甲 for 三级甲等, kinds/hospitals.ts).
      const short = (name: string) => /^(.)级(.)等$/.exec(name)?.slice(1).join('') ?? '';
      const grades = await codesOf(db, 'hospitalGrade');
      return [
        { key: 'grade', header: [l('code'), l('name'), l('nameEn'), l('short')], rows: grades.map((g) => [g.code, g.name, g.nameEn, short(g.name)]) },
        coded('type', await codesOf(db, 'hospitalType')),
      ];
    }
    case 'doctors': {
      const dept1 = await departmentsOf(db, 1);
      const dept2 = await departmentsOf(db, 2);
      const parent = new Map(dept1.map((d) => [d.code, d.name]));
      return [
        coded('dept1', dept1),
        {
          key: 'dept2',
          header: [l('code'), l('name'), l('nameEn'), columnLabel(kind, 'dept1', lang)],
          rows: dept2.map((d) => [d.code, d.name, d.nameEn, parent.get(d.parentCode ?? '') ?? '']),
        },
        coded('title', await codesOf(db, 'title')),
        coded('position', await codesOf(db, 'position')),
        await indications(),
      ];
    }
    case 'products':
      return [await indications()];
    case 'visits':
      return [
        coded(
          'channel',
          VISIT_CHANNELS.map((c) => ({ code: c, ...labelsOf(VISIT_CHANNEL_LABELS[c]) })),
        ),
        coded(
          'purpose',
          VISIT_PURPOSES.map((p) => ({ code: p, ...labelsOf(VISIT_PURPOSE_LABELS[p]) })),
        ),
      ];
  }
}

const labelsOf = (text: { zh: string; en: string }) => ({ name: text.zh, nameEn: text.en });

/** Characters as a spreadsheet column shows them: a Chinese character takes two. */
const displayWidth = (text: string) => [...text].reduce((n, c) => n + (c.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
const fitted = (texts: readonly string[], min: number, max: number) => Math.min(max, Math.max(min, ...texts.map((t) => displayWidth(t) + 2)));

/** A sheet name Excel takes: none of : \ / ? * [ ], at most 31 characters. */
const sheetName = (text: string) => text.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

const add = (sheet: Worksheet, cells: readonly string[]) => sheet.addRow(cells.map(safeCell));

/** The kind's template as an .xlsx in the caller's language, with the reference lists as they are now. */
export async function importTemplate(db: Db, kind: ImportKind, lang: Lang, now: number): Promise<{ name: string; body: Buffer }> {
  const ExcelJS = await loadExcel();
  const columns = kindOf(kind).columns;
  const kindName = message(`imports.kind.${kind}`, lang);
  const lists = await valueLists(db, kind, lang);
  const described = columns.map((column) => ({
    column,
    header: headerOf(column, lang),
    required: requirement(kind, column.key, lang),
    hint: hintOf(kind, column.key, lang),
    example: textIn(EXAMPLES[kind][column.key], lang),
  }));

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Field Portal';
  workbook.created = new Date(now);

  // The file itself, the first sheet (the one the reader takes): the header only.
  const file = workbook.addWorksheet(sheetName(kindName), { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = add(
    file,
    described.map((d) => d.header),
  );
  header.font = { bold: true };
  described.forEach((d, i) => {
    const lines = [d.required.note, d.hint, d.example ? `${message('imports.template.example', lang)}: ${d.example}` : ''].filter(Boolean);
    const cell = header.getCell(i + 1);
    cell.note = lines.join('\n');
    const col = file.getColumn(i + 1);
    col.width = fitted([d.header, d.example], 10, 40);
    // Codes keep their leading zeros as text; a date column keeps Excel's dates (the reader takes both).
    if (!(kind === 'visits' && d.column.key === 'date')) col.numFmt = '@';
  });

  // How to fill in: one row per column, then the general notes.
  const notes = workbook.addWorksheet(sheetName(message('imports.template.notes', lang)), { views: [{ state: 'frozen', ySplit: 1 }] });
  add(notes, [
    message('imports.template.column', lang),
    message('imports.template.required', lang),
    message('imports.template.accepts', lang),
    message('imports.template.example', lang),
  ]).font = { bold: true };
  for (const d of described) add(notes, [d.header, d.required.text, d.hint, d.example]);
  notes.addRow([]);
  add(notes, [message('imports.template.howTo', lang)]);
  add(notes, [message('imports.template.valuesAsOf', lang, { time: portalMinute(now) })]);
  const kindNote = IMPORT_KIND_NOTES[kind];
  if (kindNote) add(notes, [message(kindNote, lang)]);
  notes.getColumn(1).width = fitted(
    described.map((d) => d.header),
    10,
    30,
  );
  notes.getColumn(2).width = fitted(
    described.map((d) => d.required.text),
    8,
    30,
  );
  notes.getColumn(3).width = 70;
  notes.getColumn(4).width = fitted(
    described.map((d) => d.example),
    12,
    36,
  );
  for (let r = 2; r <= described.length + 1; r++) notes.getRow(r).alignment = { wrapText: true, vertical: 'top' };

  // The accepted values, one list under the other: the column's header, the list's own header, its rows.
  const values = workbook.addWorksheet(sheetName(message('imports.template.values', lang)));
  const widths: string[][] = [];
  for (const list of lists) {
    add(values, [columnLabel(kind, list.key, lang)]).font = { bold: true, size: 12 };
    add(values, list.header).font = { bold: true };
    for (const row of list.rows) add(values, row);
    values.addRow([]);
    [list.header, ...list.rows].forEach((row) => row.forEach((cell, i) => (widths[i] ??= []).push(cell)));
  }
  widths.forEach((texts, i) => (values.getColumn(i + 1).width = fitted(texts, 10, 40)));

  const name = `${kindName}-${lang === 'zh' ? '模板' : 'template'}.xlsx`;
  return { name, body: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
