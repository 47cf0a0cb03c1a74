import { DEPARTMENT_TREE, DOCTOR_TITLES, HOSPITAL_GRADES, HOSPITAL_TYPES } from '@field-portal/shared';
import { reachFigures, relationFigures } from '../../activity/index.js';
import {
  doctorFigures,
  doctorReportPages,
  doctorsInView,
  hospitalFigures,
  hospitalReportPages,
  tagFigures,
  tagReportPages,
  type ReportWindow,
} from '../../customers/index.js';
import { dailyChart, groupChart, pct, tableOf, withDoctorNames, type Args, type Computed, type DashboardDef, type TableRows } from './common.js';
import { windowOf } from './visits.js';

/**
 * Doctor dashboards (reachDoctor, recruitDoctor, docRegisDetail, docTagDetail, docMain,
 * masterData, rdRelation): the customers module's doctors, hospitals, tags and affiliations and
 * the activity module's contacts, every figure inside the viewer's data scope.
 */

const customerWindow = (a: Args): ReportWindow => ({ from: a.range.from, to: a.range.to, province: a.province, scope: a.scope });

/** Code → name in the viewer's language for the reference lists. */
function namer(list: readonly { code: string; name: string; nameEn: string }[], lang: 'zh' | 'en') {
  const names = new Map(list.map((x) => [x.code, lang === 'zh' ? x.name : x.nameEn]));
  return (code: unknown) => names.get(String(code)) ?? String(code ?? '');
}

/** A level-1 department's name (as the doctor figures give it) in the viewer's language; a name the taxonomy does not have stays as written. */
const DEPARTMENTS_EN = new Map(DEPARTMENT_TREE.map(([, name, nameEn]) => [name, nameEn]));
const departmentIn = (lang: 'zh' | 'en') => (name: unknown) => (lang === 'en' ? (DEPARTMENTS_EN.get(String(name)) ?? String(name ?? '')) : String(name ?? ''));

// A doctor's title is `doctorTitle` (职称), not a card's or an article's `title` (标题).
const DOCTOR_COLUMNS = [
  'doctorId',
  'doctorName',
  'hospital',
  'province',
  'city',
  'department',
  'doctorTitle',
  'doctorRange',
  'source',
  'createBy',
  'createTime',
];

type DoctorMode = 'created' | 'byReps' | 'asOf';

/** The doctor table's rows as the screen shows them (titles and departments by name in the viewer's language). */
const doctorTableRows = (a: Args, rows: Record<string, unknown>[]) => {
  const title = namer(DOCTOR_TITLES, a.lang);
  const department = departmentIn(a.lang);
  return tableOf(
    DOCTOR_COLUMNS,
    rows.map((r) => ({ ...r, doctorTitle: title(r.title), department: department(r.department) })),
    0,
  ).rows;
};

async function* doctorPages(mode: DoctorMode, a: Args, pageSize: number): AsyncGenerator<TableRows> {
  for await (const page of doctorReportPages(a.db, customerWindow(a), mode, pageSize)) yield doctorTableRows(a, page);
}

function doctorDashboard(mode: DoctorMode) {
  return async (a: Args): Promise<Computed> => {
    const f = await doctorFigures(a.db, customerWindow(a), mode, a.tableRows);
    const title = namer(DOCTOR_TITLES, a.lang);
    const byTitle = f.byTitle.map((r) => ({ ...r, name: title(r.name) }));
    const department = departmentIn(a.lang);
    const byDepartment = f.byDepartment.map((r) => ({ ...r, name: department(r.name) }));
    const t = f.totals;
    const kpis: Computed['kpis'] =
      mode === 'asOf'
        ? [
            { key: 'doctors', value: t.doctors },
            { key: 'newDoctors', value: t.newInRange },
            { key: 'internalDoctors', value: t.internal },
            { key: 'internetDoctors', value: t.internet },
            { key: 'hospitals', value: t.hospitals },
          ]
        : [
            { key: mode === 'byReps' ? 'recruited' : 'registered', value: t.doctors },
            { key: 'byReps', value: t.byReps },
            { key: 'internalDoctors', value: t.internal },
            { key: 'internetDoctors', value: t.internet },
            { key: 'hospitals', value: t.hospitals },
          ];
    const charts =
      mode === 'asOf'
        ? [
            groupChart('doctorsByProvince', 'bar', f.byProvince, 'name', 'doctors'),
            groupChart('doctorsByTitle', 'pie', byTitle, 'name', 'doctors'),
            groupChart('doctorsByDepartment', 'bar', byDepartment, 'name', 'doctors'),
          ]
        : [
            dailyChart('doctorsPerDay', a.range, f.byDay, 'doctors'),
            mode === 'byReps'
              ? groupChart('doctorsByCreator', 'bar', f.byCreator, 'name', 'doctors')
              : groupChart('doctorsBySource', 'pie', f.bySource, 'name', 'doctors'),
            groupChart('doctorsByProvince', 'bar', f.byProvince, 'name', 'doctors'),
          ];
    return { kpis, charts, table: { columns: DOCTOR_COLUMNS, rows: doctorTableRows(a, f.rows), total: t.doctors } };
  };
}

async function reachDoctor(a: Args): Promise<Computed> {
  const [f, inView] = await Promise.all([reachFigures(a.db, windowOf(a), a.tableRows), doctorsInView(a.db, customerWindow(a))]);
  const rows = await withDoctorNames(a, f.rows);
  return {
    kpis: [
      { key: 'doctorsReached', value: f.totals.doctors },
      { key: 'reachRate', value: pct(f.totals.doctors, inView), unit: '%' },
      { key: 'reachedByVisit', value: f.totals.byVisit },
      { key: 'reachedByCall', value: f.totals.byCall },
      { key: 'contacts', value: f.totals.contacts },
      { key: 'reps', value: f.totals.reps },
    ],
    charts: [dailyChart('doctorsReachedPerDay', a.range, f.byDay, 'doctors'), groupChart('doctorsByChannel', 'pie', f.byChannel, 'channel', 'doctors')],
    table: tableOf(['doctorId', 'doctorName', 'hospital', 'contacts', 'reps', 'lastContact'], rows, f.totals.doctors),
  };
}

const TAG_COLUMNS = ['doctorId', 'doctorName', 'hospital', 'tag', 'tagKind', 'createBy', 'createTime'];

async function* tagPages(a: Args, pageSize: number): AsyncGenerator<TableRows> {
  for await (const page of tagReportPages(a.db, customerWindow(a), pageSize)) yield tableOf(TAG_COLUMNS, page, 0).rows;
}

async function docTagDetail(a: Args): Promise<Computed> {
  const f = await tagFigures(a.db, customerWindow(a), a.tableRows);
  return {
    kpis: [
      { key: 'taggings', value: f.totals.taggings },
      { key: 'doctorsTagged', value: f.totals.doctors },
      { key: 'tagsUsed', value: f.totals.tags },
    ],
    charts: [dailyChart('taggingsPerDay', a.range, f.byDay, 'taggings'), groupChart('taggingsByTag', 'bar', f.byTag, 'name', 'taggings')],
    table: tableOf(TAG_COLUMNS, f.rows, f.totals.taggings),
  };
}

const HOSPITAL_COLUMNS = ['hospitalId', 'hospital', 'province', 'city', 'level', 'hospitalType', 'covered', 'doctors', 'secondary'];

/** The hospital table's rows as the screen shows them (level and type by name). */
function hospitalTableRows(a: Args, rows: Record<string, unknown>[]): TableRows {
  const level = namer(HOSPITAL_GRADES, a.lang);
  const type = namer(HOSPITAL_TYPES, a.lang);
  return tableOf(
    HOSPITAL_COLUMNS,
    rows.map((r) => ({ ...r, level: level(r.level), hospitalType: type(r.hospitalType) })),
    0,
  ).rows;
}

async function* hospitalPages(a: Args, pageSize: number): AsyncGenerator<TableRows> {
  for await (const page of hospitalReportPages(a.db, customerWindow(a), pageSize)) yield hospitalTableRows(a, page);
}

async function masterData(a: Args): Promise<Computed> {
  const f = await hospitalFigures(a.db, customerWindow(a), a.tableRows);
  const level = namer(HOSPITAL_GRADES, a.lang);
  const type = namer(HOSPITAL_TYPES, a.lang);
  return {
    kpis: [
      { key: 'hospitals', value: f.totals.hospitals },
      { key: 'coveredHospitals', value: f.totals.covered },
      { key: 'doctors', value: f.totals.doctors },
      { key: 'secondaryAffiliations', value: f.totals.secondary },
      { key: 'newHospitals', value: f.totals.newInRange },
    ],
    charts: [
      groupChart(
        'hospitalsByLevel',
        'bar',
        f.byLevel.map((r) => ({ ...r, name: level(r.name) })),
        'name',
        'hospitals',
      ),
      groupChart(
        'hospitalsByType',
        'pie',
        f.byType.map((r) => ({ ...r, name: type(r.name) })),
        'name',
        'hospitals',
      ),
    ],
    table: { columns: HOSPITAL_COLUMNS, rows: hospitalTableRows(a, f.rows), total: f.totals.hospitals },
  };
}

async function rdRelation(a: Args): Promise<Computed> {
  const f = await relationFigures(a.db, windowOf(a), a.tableRows);
  const rows = await withDoctorNames(a, f.rows);
  return {
    kpis: [
      { key: 'relations', value: f.totals.pairs },
      { key: 'doctorsCovered', value: f.totals.doctors },
      { key: 'reps', value: f.totals.reps },
      { key: 'visits', value: f.totals.visits },
    ],
    charts: [
      groupChart('doctorsByRep', 'bar', f.byRep, 'rep', 'doctors', 'visits'),
      groupChart('relationsByVisits', 'pie', f.byDepth, 'visitsPerPair', 'pairs'),
    ],
    table: tableOf(['rep', 'doctorId', 'doctorName', 'hospital', 'visits', 'lastVisit'], rows, f.totals.pairs),
  };
}

const province = ['province'] as const;

export const DOCTOR_DASHBOARDS = {
  reachDoctor: { filters: ['bu', 'province'], compute: reachDoctor },
  recruitDoctor: { filters: province, compute: doctorDashboard('byReps'), tablePages: (a, size) => doctorPages('byReps', a, size) },
  docRegisDetail: { filters: province, compute: doctorDashboard('created'), tablePages: (a, size) => doctorPages('created', a, size) },
  docTagDetail: { filters: province, compute: docTagDetail, tablePages: tagPages },
  docMain: { filters: province, compute: doctorDashboard('asOf'), tablePages: (a, size) => doctorPages('asOf', a, size) },
  masterData: { filters: province, compute: masterData, tablePages: hospitalPages },
  rdRelation: { filters: ['bu', 'province'], compute: rdRelation },
} as const satisfies Record<string, DashboardDef>;
