import { visitPurposeValue } from '@field-portal/shared';
import { callFigures, callReportPages, visitFigures, visitReportPages, type ActivityWindow, type VisitSelection } from '../../activity/index.js';
import { dailyChart, groupChart, n, pct, tableOf, withDoctorNames, type Args, type Computed, type DashboardDef, type TableRows } from './common.js';

/**
 * Visit and call dashboards (telephoneVisit, onlineGraphicVisit, multimediaVisit, effectiveVisit,
 * callRecord): the activity module's visit records and calls, to doctors inside the viewer's scope.
 */

export const windowOf = (a: Args): ActivityWindow => ({ from: a.range.from, to: a.range.to, bu: a.bu, province: a.province, scope: a.scope });

const VISIT_COLUMNS = ['visitTime', 'rep', 'doctorName', 'hospital', 'channel', 'status', 'effective', 'durationSeconds', 'purpose'];

/** Visit rows as the table shows them: the doctor's name and hospital, the status by its key, a common purpose by its key. */
const visitTableRows = (a: Args, rows: Record<string, unknown>[]) =>
  withDoctorNames(
    a,
    rows.map((r) => ({ ...r, status: n(r.status) === 1 ? 'submitted' : 'notSubmitted', purpose: visitPurposeValue(String(r.purpose ?? '')) })),
  );

function visitPages(selection: VisitSelection) {
  return async function* (a: Args, pageSize: number): AsyncGenerator<TableRows> {
    for await (const page of visitReportPages(a.db, windowOf(a), selection, pageSize)) yield tableOf(VISIT_COLUMNS, await visitTableRows(a, page), 0).rows;
  };
}

const CALL_COLUMNS = ['startTime', 'callId', 'rep', 'doctorName', 'hospital', 'direction', 'durationSeconds'];

async function* callPages(a: Args, pageSize: number): AsyncGenerator<TableRows> {
  for await (const page of callReportPages(a.db, windowOf(a), pageSize)) yield tableOf(CALL_COLUMNS, await withDoctorNames(a, page), 0).rows;
}

function visitDashboard(selection: VisitSelection) {
  return async (a: Args): Promise<Computed> => {
    const f = await visitFigures(a.db, windowOf(a), selection, a.tableRows);
    const rows = await visitTableRows(a, f.rows);
    return {
      kpis: [
        { key: 'visits', value: f.totals.visits },
        { key: 'effectiveVisits', value: f.totals.effective },
        { key: 'effectiveRate', value: pct(f.totals.effective, f.totals.visits), unit: '%' },
        { key: 'doctorsVisited', value: f.totals.doctors },
        { key: 'reps', value: f.totals.reps },
        { key: 'avgMinutes', value: Math.round(f.totals.avgSeconds / 6) / 10 },
      ],
      charts: [
        dailyChart('visitRecordsPerDay', a.range, f.byDay, 'visits', 'effective'),
        groupChart('visitsByChannel', 'pie', f.byChannel, 'channel', 'visits'),
        groupChart('visitsByRep', 'bar', f.byRep, 'rep', 'visits', 'doctors'),
      ],
      table: tableOf(VISIT_COLUMNS, rows, f.totals.visits),
    };
  };
}

async function callRecord(a: Args): Promise<Computed> {
  const f = await callFigures(a.db, windowOf(a), a.tableRows);
  const rows = await withDoctorNames(a, f.rows);
  return {
    kpis: [
      { key: 'calls', value: f.totals.calls },
      { key: 'connected', value: f.totals.connected },
      { key: 'connectRate', value: pct(f.totals.connected, f.totals.calls), unit: '%' },
      { key: 'callMinutes', value: Math.round(f.totals.seconds / 6) / 10 },
      { key: 'doctorsCalled', value: f.totals.doctors },
      { key: 'callsWithVisit', value: f.totals.withVisit },
    ],
    charts: [
      dailyChart('callsPerDay', a.range, f.byDay, 'calls', 'connected'),
      groupChart('callsByRep', 'bar', f.byRep, 'rep', 'calls'),
      groupChart('callsByDirection', 'pie', f.byDirection, 'direction', 'calls'),
    ],
    table: tableOf(CALL_COLUMNS, rows, f.totals.calls),
  };
}

const filters = ['bu', 'province'] as const;
const PHONE: VisitSelection = { channels: ['phone'] };
const ONLINE: VisitSelection = { channels: ['online', 'wxwork'] };
const VIDEO: VisitSelection = { channels: ['video'] };

export const VISIT_DASHBOARDS = {
  telephoneVisit: { filters, compute: visitDashboard(PHONE), tablePages: visitPages(PHONE) },
  onlineGraphicVisit: { filters, compute: visitDashboard(ONLINE), tablePages: visitPages(ONLINE) },
  multimediaVisit: { filters, compute: visitDashboard(VIDEO), tablePages: visitPages(VIDEO) },
  // every visit, with how many the effective-visit rule accepted
  effectiveVisit: { filters, compute: visitDashboard({}), tablePages: visitPages({}) },
  callRecord: { filters, compute: callRecord, tablePages: callPages },
} as const satisfies Record<string, DashboardDef>;
