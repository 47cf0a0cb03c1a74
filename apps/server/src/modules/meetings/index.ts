/**
 * The meetings module's public face: its routes, the meeting figures the dashboards read, and a doctor's meetings for the doctor 360, KOL scores and suggestions.
 */
export { meetingRoutes } from './routes.js';
export { meetingFigures, type MeetingSelection, type MeetingWindow } from './report-figures.js';
export { doctorsAtMeetingsOf, meetingParticipation, meetingParticipationOf, meetingProducts, speakerHistory } from './service.js';
// Measured by the benchmarks in bench/ (the rules they time are this module's own, reached here).
export { listMeetings } from './service.js';
export { listMeetingsSql } from './repo.js';
export { meetingReport } from './report.js';
