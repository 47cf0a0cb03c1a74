import type { Plugin } from 'vite';

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
  return {
    name: 'field-portal:table-without-radio-selection',
    apply: 'build',
    transform(code, id) {
      if (!USE_SELECTION.test(id.split('?')[0]!)) return null;
      if (!code.includes(RADIO_IMPORT)) throw new Error(`antd's table no longer imports Radio as "${RADIO_IMPORT}": review build/table-without-radio-selection.ts`);
      const standIn = "const Radio = () => { throw new Error('Row selection by radio is left out of this build (apps/web/build/table-without-radio-selection.ts): select rows with checkboxes'); };";
      return { code: code.replace(RADIO_IMPORT, standIn), map: null };
    },
  };
}
