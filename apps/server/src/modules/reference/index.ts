/** The reference data's public face for other modules: regions, the taxonomies and their codes, and the import centre's writer of products. */
export {
  addKeywords,
  codesOf,
  departmentOf,
  departmentsOf,
  departmentTree,
  ensureJournals,
  indications,
  journalList,
  keywordsOfCategories,
  mainlandRegions,
  medicineCount,
  medicinesWithCompetitors,
  medicinesWithIndications,
  regionsOf,
  stagesOf,
  titlesOf,
  unknownCodes,
  unknownIndications,
} from './service.js';
export { seedMedicineCatalogue } from './catalogue.js';
export { indicationNames, medicineActions, medicineKeys, upsertMedicines, type ProductSource } from './products.js';
export { referenceRoutes } from './data.js';
export { isRealCity, type Region } from './regions.js';
export { ensureReferenceData } from './seed.js';
/** Reference names inside another area's statement: joins, scalar names, the provinces as rows (docs/decisions/0064). */
export { codeName, departmentName, departmentsNamedLike, joinDepartment, provinces, regionName, regionsWithCodeIn } from './fragments.js';
