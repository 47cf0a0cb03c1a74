/**
 * The customers module's public face for other modules (docs/decisions/0017, 0042): what they may
 * call instead of reading the customer tables or the module's internals.
 */
export { compileScope, doctorInScope, hospitalInScope, type DataScope } from './scope.js';
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
