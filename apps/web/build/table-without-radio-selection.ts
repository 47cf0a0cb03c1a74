import type { Plugin } from 'vite';
import { replaceImport, throwingStandIn } from './replace-import.ts';

const USE_SELECTION = /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/;
const RADIO_IMPORT = "import Radio from '../../radio';";

/**
 * antd's Table imports Radio (about 3.7 KB gzip with its styles) for row selection of
 * `type: 'radio'`, whether a table selects rows or not; no table of the portal selects rows by
 * radio (its tables select with checkboxes, and a test walks the sources,
 * table-without-radio-selection.test.ts). The build gives the table a stand-in that says so if one
 * ever does; a page with a radio of its own still has antd's Radio (docs/decisions/0031).
 */
export function tableWithoutRadioSelection(): Plugin {
  const name = 'table-without-radio-selection';
  return replaceImport({ name, module: USE_SELECTION, what: "antd's table selection", importLine: RADIO_IMPORT, replacement: throwingStandIn('Radio', 'Row selection by radio is left out of this build', name, 'select rows with checkboxes') });
}
