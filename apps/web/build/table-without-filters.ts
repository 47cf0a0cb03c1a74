import type { Plugin } from 'vite';
import { replaceImport, throwingStandIn } from './replace-import.ts';

const USE_FILTER = /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/;
const DROPDOWN_IMPORT = "import FilterDropdown, { flattenKeys } from './FilterDropdown';";

/**
 * antd's Table imports its column filter dropdown (the filter menu with its Tree, search box,
 * checkboxes and radios: about 13 KB gzip) for columns given `filters` or `filterDropdown`; no
 * table of the portal has such a column (its lists filter in forms above the table, and a test
 * walks the sources, table-without-filters.test.ts). The build gives the table a stand-in that
 * says so if a column ever does, and keeps `flattenKeys`, which the table uses either way
 * (docs/decisions/0031).
 */
export function tableWithoutFilters(): Plugin {
  const name = 'table-without-filters';
  const replacement = [
    throwingStandIn('FilterDropdown', 'Table column filters are left out of this build', name, 'filter in a form above the table'),
    'function flattenKeys(filters) { let keys = []; (filters || []).forEach(({ value, children }) => { keys.push(value); if (children) keys = keys.concat(flattenKeys(children)); }); return keys; }',
  ].join('\n');
  return replaceImport({ name, module: USE_FILTER, what: "antd's table filter hook", importLine: DROPDOWN_IMPORT, replacement });
}

/** A table column's props that show the filter dropdown (or only make sense with it). */
export const COLUMN_FILTER_PROPS = [
  'filters',
  'filterDropdown',
  'filterDropdownProps',
  'filterMode',
  'filterSearch',
  'filterIcon',
  'filterMultiple',
  'filterOnClose',
  'filteredValue',
  'defaultFilteredValue',
  'filterResetToDefaultFilteredValue',
  'onFilter',
  'onFilterDropdownOpenChange',
  'filterDropdownOpen',
] as const;
