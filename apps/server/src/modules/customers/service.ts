/**
 * What other modules call of the customers module (ARCHITECTURE.md: a module calls another's
 * service, never its repo or internals). scope.ts stays the documented scope builder
 * (requestScope, compileScope, doctorIdsInScope, findDoctorInScope, doctorFacts).
 */
export { doctorInfo } from './doctors.js';
/** Bulk writes of generated data (doctor intelligence's academic records and recompute). */
export { insertLiteral, withIndexesDeferred } from './dataset.js';
