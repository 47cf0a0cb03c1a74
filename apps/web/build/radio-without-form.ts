import type { Plugin } from 'vite';
import { replaceImport } from './replace-import.ts';

const RADIO_GROUP = /[\\/]node_modules[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/;
const FORM_IMPORT = "import { toNamePathStr } from '../form/hooks/useForm';";

/**
 * antd's Radio.Group takes one small helper (a field name path joined with `_`) from the form's
 * `useForm` module, and with it the form store (`@rc-component/form`'s useForm: about 5 KB gzip),
 * so every page with a radio group downloaded the form library's store, with a form or not. The
 * build writes the helper into Radio.Group instead (the same two lines as antd's own:
 * `toArray(name).join('_')`, docs/decisions/0031).
 */
export function radioWithoutForm(): Plugin {
  const helper = "const toNamePathStr = (name) => (name === undefined || name === false ? [] : Array.isArray(name) ? name : [name]).join('_');";
  return replaceImport({ name: 'radio-without-form', module: RADIO_GROUP, what: "antd's Radio.Group", importLine: FORM_IMPORT, replacement: helper });
}
