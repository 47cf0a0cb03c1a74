/** The reference data's public face for other modules: regions, the taxonomies and their codes. */
export { codesOf, departmentsOf, mainlandRegions, unknownIndications } from './service.js';
