import { callFigures, visitFigures, type ActivityWindow, type VisitSelection } from '../../activity/report-figures.js';
import { dailyChart, groupChart, n, pct, tableOf, withDoctorNames, type Args, type Computed, type DashboardDef } from './common.js';

/**
 * Visit and call dashboards (telephoneVisit, onlineGraphicVisit, multimediaVisit, effectiveVisit,
 * callRecord): the activity module's visit records and calls, to doctors inside the viewer's scope.
 */

export const windowOf = (a: Args): ActivityWindow => ({ from: a.range.from, to: a.range.to, bu: a.bu, province: a.province, scope: a.scope });

const VISIT_COLUMNS = ['visitTime', 'rep', 'doctorName', 'hospital', 'channel', 'status', 'effective', 'durationSeconds', 'purpose'];

function visitDashboard(selection: VisitSelection) {
  return async (a: Args): Promise<Computed> => {
    const f = await visitFigures(a.db, windowOf(a), selection, a.tableRows);
    const rows = await withDoctorNames(a.db, f.rows.map((r) => ({ ...r, status: n(r.status) === 1 ? 'submitted' : 'notSubmitted' })));
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
  const rows = await withDoctorNames(a.db, f.rows);
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
    table: tableOf(['startTime', 'callId', 'rep', 'doctorName', 'hospital', 'direction', 'durationSeconds'], rows, f.totals.calls),
  };
}

const filters = ['bu', 'province'] as const;

export const VISIT_DASHBOARDS = {
  telephoneVisit: { filters, compute: visitDashboard({ channels: ['phone'] }) },
  onlineGraphicVisit: { filters, compute: visitDashboard({ channels: ['online', 'wxwork'] }) },
  multimediaVisit: { filters, compute: visitDashboard({ channels: ['video'] }) },
  // every visit, with how many the effective-visit rule accepted
  effectiveVisit: { filters, compute: visitDashboard({}) },
  callRecord: { filters, compute: callRecord },
} as const satisfies Record<string, DashboardDef>;
