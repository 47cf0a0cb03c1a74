/**
 * The customers module's public face for other modules (docs/decisions/0017, 0036, 0042): the data
 * scope, the one rule for a doctor named to a reader, and the master-data upserts of the import
 * centre — what other areas call instead of reading the customer tables or the module's internals.
 */
export {
  compileScope,
  scopeOf,
  requestScope,
  doctorInScope,
  hospitalInScope,
  doctorIdsInScope,
  findDoctorInScope,
  findHospitalInScope,
  doctorSummaries,
  doctorsNamedTo,
  isDoctorInScope,
  provincesOfDoctorsInScope,
  searchDoctorIdsInScope,
  DOCTOR_OUT_OF_SCOPE,
  doctorFacts,
  type DataScope,
  type DoctorFacts,
} from './scope.js';
/** pinyin-pro loads on first use, not at start-up. */
export const loadPinyin = async () => (await import('./pinyin.js')).pinyinOf;
export {
  deactivateCodes,
  deactivateMissing,
  doctorActions,
  doctorDiffers,
  doctorKeys,
  hospitalActions,
  hospitalCodes,
  hospitalDiffers,
  hospitalNames,
  upsertDoctors,
  upsertHospitals,
  type DoctorSource,
  type HospitalSource,
  type UpsertCounts,
} from './master-data.js';
export { customersRoutes } from './routes.js';
export { coverage } from './coverage.js';
/** Hospital names by id (a read); `hospitalNames` above is the SQL source the import centre matches names against. */
export { hospitalNames as hospitalNamesById, hospitalNameOf } from './hospitals.js';
/** After the reference data first writes the regions: older hospitals get their province code. */
export { fillHospitalProvinceCodes } from './hospitals.js';
export { backdateDemoRegistrations, withIndexesDeferred, writeDataset } from './dataset.js';
export { countDoctorsToExport, doctorsToExport } from './export-rows.js';
export { randomSource } from './generator.js';
export {
  doctorFigures,
  doctorReportPages,
  doctorsCreatedByMonth,
  doctorsInView,
  type FigurePath,
  hospitalFigures,
  hospitalReportPages,
  provinceDoctorChunks,
  reportDoctorFilter,
  reportDoctorRowFilter,
  reportProvinceSet,
  reportsEveryDoctor,
  type ReportWindow,
  tagFigures,
  tagReportPages,
} from './report-figures.js';
export { doctorInfo, insertLiteral } from './service.js';
// Measured by the benchmarks in bench/ (the rules they time are this module's own, reached here).
export { DOCTOR_COLUMNS, doctorValues } from './dataset.js';
export { distribution, listDoctors } from './doctors.js';
export { doctorGenerator, generateHospitals } from './generator.js';
