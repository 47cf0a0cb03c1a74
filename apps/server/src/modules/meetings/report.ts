import {
  departmentOrWritten,
  doctorTitleName,
  isDoctorOutOfScope,
  message,
  MEETING_LIMITS,
  MEETING_WORDS,
  RSVP_VALUES,
  type Lang,
  type MeetingAttendee,
  type MeetingReport,
  type Rsvp,
} from '@field-portal/shared';
import type { CurrentUser } from '../../platform/auth.js';
import { loadExcel, safeCell } from '../../platform/excel.js';
import { portalMinute } from '../../platform/portal-time.js';
import * as repo from './repo.js';
import { attendeesOf, teamMeeting, type MeetingDeps } from './service.js';

/** The meeting report (attendance, speakers, feedback, doctors reached), computed from the rows each time. */
export async function meetingReport(deps: MeetingDeps, user: CurrentUser, meetingId: number): Promise<MeetingReport> {
  const meeting = await teamMeeting(deps.db, user, meetingId);
  const attendees = await attendeesOf(deps.db, user, meetingId);
  return buildReport(repo.toMeetingRow(meeting, user.id), attendees, deps.now());
}

export function buildReport(meeting: MeetingReport['meeting'], attendees: MeetingAttendee[], now: number): MeetingReport {
  const rsvp = Object.fromEntries(RSVP_VALUES.map((v) => [v, 0])) as Record<Rsvp, number>;
  const distribution = Array.from({ length: MEETING_LIMITS.feedbackMax - MEETING_LIMITS.feedbackMin + 1 }, () => 0);
  let attended = 0;
  let feedbackSum = 0;
  let feedbackCount = 0;
  for (const a of attendees) {
    rsvp[a.rsvp] += 1;
    if (a.attended) attended += 1;
    if (a.feedbackScore !== null) {
      feedbackCount += 1;
      feedbackSum += a.feedbackScore;
      distribution[a.feedbackScore - MEETING_LIMITS.feedbackMin]! += 1;
    }
  }
  return {
    meeting,
    invited: attendees.length,
    rsvp,
    attended,
    attendanceRate: attendees.length === 0 ? 0 : Math.round((attended / attendees.length) * 1000) / 10,
    speakers: attendees.filter((a) => a.role !== 'attendee'),
    feedback: { count: feedbackCount, average: feedbackCount === 0 ? null : Math.round((feedbackSum / feedbackCount) * 100) / 100, distribution },
    // A doctor is at most one attendee of a meeting (the attendees' key), so each attendee who
    // came is one doctor reached — counted whether or not the reader may see who it is.
    doctorsReached: attended,
    attendees,
    generatedAt: new Date(now).toISOString(),
  };
}

const LABELS: Record<Lang, Record<string, string>> = {
  zh: {
    report: '会议报告',
    summary: '概要',
    attendees: '参会人',
    title: '会议名称',
    type: '类型',
    status: '状态',
    start: '开始时间',
    end: '结束时间',
    city: '城市',
    hospital: '医院/场地',
    online: '会议链接',
    medicine: '产品',
    owner: '负责人',
    invited: '邀请人数',
    accepted: '接受',
    tentative: '待定',
    declined: '拒绝',
    pending: '未回复',
    attended: '出席人数',
    rate: '出席率 %',
    reached: '触达医生',
    speakers: '讲者/主席',
    feedbackCount: '反馈数',
    feedbackAverage: '平均评分',
    doctor: '医生',
    department: '科室',
    doctorTitle: '职称',
    rsvp: '回复',
    role: '角色',
    checkIn: '签到时间',
    feedback: '评分',
    generated: '生成时间',
  },
  en: {
    report: 'Meeting report',
    summary: 'Summary',
    attendees: 'Attendees',
    title: 'Title',
    type: 'Type',
    status: 'Status',
    start: 'Start',
    end: 'End',
    city: 'City',
    hospital: 'Hospital / venue',
    online: 'Online link',
    medicine: 'Medicine',
    owner: 'Owner',
    invited: 'Invited',
    accepted: 'Accepted',
    tentative: 'Tentative',
    declined: 'Declined',
    pending: 'No reply',
    attended: 'Attended',
    rate: 'Attendance %',
    reached: 'Doctors reached',
    speakers: 'Speakers / chairs',
    feedbackCount: 'Feedback given',
    feedbackAverage: 'Average score',
    doctor: 'Doctor',
    department: 'Department',
    doctorTitle: 'Title',
    rsvp: 'RSVP',
    role: 'Role',
    checkIn: 'Check-in time',
    feedback: 'Score',
    generated: 'Generated',
  },
};

const YES_NO = { zh: ['是', '否'], en: ['Yes', 'No'] } as const;
/** A time of the report in portal time to the minute, as the screens write it; '' for none. */
const timeText = (iso: string | null | undefined) => (iso ? portalMinute(Date.parse(iso)) : '');

/**
 * The report as an .xlsx: a summary sheet and one row per attendee, in the reader's language (the
 * type, status, role, reply and the doctor's department and title by name, times in portal time).
 */
export async function reportWorkbook(report: MeetingReport, lang: Lang): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const t = LABELS[lang];
  const workbook = new ExcelJS.Workbook();
  const summary = workbook.addWorksheet(t.summary!);
  const m = report.meeting;
  const pairs: [string, unknown][] = [
    [t.title!, m.title],
    [t.type!, MEETING_WORDS.type[m.type][lang]],
    [t.status!, MEETING_WORDS.status[m.status][lang]],
    [t.start!, timeText(m.startTime)],
    [t.end!, timeText(m.endTime)],
    [t.city!, m.city],
    [t.hospital!, m.hospital],
    [t.online!, m.onlineUrl],
    [t.medicine!, m.medicine],
    [t.owner!, m.owner.name],
    [t.invited!, report.invited],
    [t.accepted!, report.rsvp.accepted],
    [t.tentative!, report.rsvp.tentative],
    [t.declined!, report.rsvp.declined],
    [t.pending!, report.rsvp.pending],
    [t.attended!, report.attended],
    [t.rate!, report.attendanceRate],
    [t.reached!, report.doctorsReached],
    [t.speakers!, report.speakers.length],
    [t.feedbackCount!, report.feedback.count],
    [t.feedbackAverage!, report.feedback.average ?? ''],
    [t.generated!, timeText(report.generatedAt)],
  ];
  for (const [label, value] of pairs) summary.addRow([safeCell(label), safeCell(value)]);
  summary.getColumn(1).width = 22;
  summary.getColumn(2).width = 40;
  const sheet = workbook.addWorksheet(t.attendees!);
  sheet.addRow([t.doctor, t.hospital, t.department, t.doctorTitle, t.role, t.rsvp, t.attended, t.checkIn, t.feedback].map(safeCell));
  const outOfScope = message('dataScope.doctorOutOfScope', lang);
  for (const a of report.attendees) {
    const doctor = isDoctorOutOfScope(a)
      ? [outOfScope, '', '', '']
      : [a.doctorName, a.hospital, departmentOrWritten(a.departmentCode, a.department, lang), doctorTitleName(a.titleCode, lang)];
    const part = [MEETING_WORDS.role[a.role][lang], MEETING_WORDS.rsvp[a.rsvp][lang], YES_NO[lang][a.attended ? 0 : 1], timeText(a.checkInTime)];
    sheet.addRow([...doctor, ...part, a.feedbackScore ?? ''].map(safeCell));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The report's e-mail in the reader's language: its subject and a few lines of figures (the file is attached). */
export function reportMail(report: MeetingReport, lang: Lang): { subject: string; text: string } {
  const t = LABELS[lang];
  const m = report.meeting;
  const colon = lang === 'zh' ? ':' : ': ';
  const line = (label: string | undefined, value: string | number) => `${label}${colon}${value}`;
  const text = [
    m.title,
    `${timeText(m.startTime)} – ${timeText(m.endTime)}, ${m.city}`,
    line(t.invited, report.invited),
    line(t.attended, report.attended),
    line(t.rate, report.attendanceRate),
    line(t.reached, report.doctorsReached),
    line(t.speakers, report.speakers.length),
    line(t.feedbackCount, report.feedback.count),
    line(t.feedbackAverage, report.feedback.average ?? '-'),
  ].join('\n');
  return { subject: `${t.report}${colon}${m.title}`, text };
}

export const reportFileName = (report: MeetingReport) => `meeting-${report.meeting.id}-report.xlsx`;
