/**
 * The activity module's public face (visits, calls, business records): its routes, the visit and call figures the dashboards read, and a doctor's visit history for the doctor 360 and suggestions, and the import centre's writer of visit history.
 */
export { activityRoutes } from './routes.js';
export { type ActivityWindow, callFigures, callReportPages, visitFigures, visitReportPages, visitsByUserMonth, type VisitSelection } from './report-figures.js';
export { reachFigures, relationFigures } from './report-reach.js';
export { businessRecord, visitsOfRepTo } from './service.js';
export { importVisits, visitActions, visitKeys, type VisitSource } from './visit-import.js';
// Measured by the benchmarks in bench/ (the rules they time are this module's own, reached here).
export { groupByRecordType, myVisits, saveVisitList, teamVisitCount, teamVisits } from './visits.js';
