/**
 * The customers module's public face for other modules (docs/decisions/0017, 0036, 0042): the data
 * scope, the one rule for a doctor named to a reader, and the master-data upserts of the import
 * centre — what other areas call instead of reading the customer tables or the module's internals.
 */
export {
  compileScope,
  requestScope,
  doctorInScope,
  hospitalInScope,
  doctorIdsInScope,
  findDoctorInScope,
  findHospitalInScope,
  doctorSummaries,
  doctorsNamedTo,
  isDoctorInScope,
  DOCTOR_OUT_OF_SCOPE,
  type DataScope,
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
