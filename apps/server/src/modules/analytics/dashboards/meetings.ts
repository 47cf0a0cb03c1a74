import { meetingFigures, type MeetingSelection, type MeetingWindow } from '../../meetings/index.js';
import { dailyChart, groupChart, pct, tableOf, type Args, type Computed, type DashboardDef } from './common.js';

/**
 * Meeting dashboards (meeting, meetingMasterData, effectiveMeeting, cityMeetingDetails): the
 * meetings module's meetings by start time; attendees count only for doctors inside the scope.
 */

const windowOf = (a: Args): MeetingWindow => ({ from: a.range.from, to: a.range.to, bu: a.bu, province: a.province, scope: a.scope });
const MEETING_COLUMNS = ['meetingId', 'title', 'type', 'status', 'startTime', 'city', 'hospital', 'owner', 'invited', 'accepted', 'attended'];

function meetingDashboard(kind: 'detail' | 'master' | 'effective' | 'city') {
  return async (a: Args): Promise<Computed> => {
    const selection: MeetingSelection = { effectiveOnly: kind === 'effective' };
    const f = await meetingFigures(a.db, windowOf(a), selection, kind === 'city' ? 0 : a.tableRows, kind === 'city' ? a.tableRows : 12);
    const t = f.totals;
    const kpis: Computed['kpis'] = [
      { key: kind === 'effective' ? 'effectiveMeetings' : 'meetings', value: t.meetings },
      ...(kind === 'effective' ? [] : [{ key: 'heldMeetings', value: t.held }]),
      ...(kind === 'city' ? [{ key: 'cities', value: t.cities }] : []),
      { key: 'invited', value: t.invited },
      { key: 'attended', value: t.attended },
      { key: 'attendanceRate', value: pct(t.attended, t.invited), unit: '%' as const },
      ...(kind === 'master' ? [{ key: 'cancelledMeetings', value: t.cancelled }] : [{ key: 'avgScore', value: t.avgScore }]),
    ];
    const cities = f.byCity.slice(0, 12);
    if (kind === 'city') {
      return {
        kpis,
        charts: [groupChart('meetingsByCity', 'bar', cities, 'city', 'meetings'), groupChart('attendeesByCity', 'bar', cities, 'city', 'invited', 'attended')],
        table: tableOf(
          ['city', 'meetings', 'invited', 'attended', 'attendanceRate'],
          f.byCity.map((r) => ({ ...r, attendanceRate: pct(r.attended, r.invited) })),
          t.cities,
        ),
      };
    }
    const charts =
      kind === 'master'
        ? [
            groupChart('meetingsByType', 'pie', f.byType, 'type', 'meetings'),
            groupChart('meetingsByStatus', 'pie', f.byStatus, 'status', 'meetings'),
            groupChart('meetingsByCity', 'bar', cities, 'city', 'meetings'),
          ]
        : [
            dailyChart('meetingsPerDay', a.range, f.byDay, 'meetings', 'attended'),
            groupChart('meetingsByType', 'pie', f.byType, 'type', 'meetings'),
            groupChart('meetingsByCity', 'bar', cities, 'city', 'meetings'),
          ];
    return { kpis, charts, table: tableOf(MEETING_COLUMNS, f.rows, t.meetings) };
  };
}

const filters = ['bu'] as const;

export const MEETING_DASHBOARDS = {
  meeting: { filters, compute: meetingDashboard('detail') },
  meetingMasterData: { filters, compute: meetingDashboard('master') },
  effectiveMeeting: { filters, compute: meetingDashboard('effective') },
  cityMeetingDetails: { filters, compute: meetingDashboard('city') },
} as const satisfies Record<string, DashboardDef>;
