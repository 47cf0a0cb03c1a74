/**
 * What other areas use of the customers module: the data scope (scope.ts; docs/decisions/0017)
 * and the one rule for a doctor named to a reader (docs/decisions/0036).
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
