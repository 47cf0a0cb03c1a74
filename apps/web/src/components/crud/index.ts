/**
 * The list-and-dialog kit of the simple `/API-APPS` tables (apps and classifications, the reference
 * tables, home data and charts, message groups): the web's counterpart of the server's
 * `platform/crud.ts`. Its words are in `./i18n` (imported by the areas' words files directly, so
 * they do not pull the screen's code).
 */
export { CrudScreen, type ColumnDef, type CrudScreenProps } from './CrudScreen';
export type { FieldDef } from './CrudDialog';
export { crudApi, type CrudPaths, type ListParams } from './crud-api';
export { lazyChecks, searchCheck, type FormCheck, type FormChecksModule } from './checks';
export { useCrudWords, type CrudLabelKey } from './i18n';
