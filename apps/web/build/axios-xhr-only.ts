import type { Plugin } from 'vite';

const FETCH_ADAPTER = /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/;

/**
 * axios picks its first available adapter from `['xhr', 'http', 'fetch']`; every browser the
 * portal supports has XMLHttpRequest (and the upload progress the console shows needs it), so
 * the fetch adapter is never chosen, yet axios imports it: about 3 KB gzip of every console and
 * phone load. The build gives that module an adapter that is never available instead
 * (docs/decisions/0031). Tests and the server use axios unchanged.
 */
export function axiosXhrOnly(): Plugin {
  return {
    name: 'field-portal:axios-xhr-only',
    apply: 'build',
    load(id) {
      if (!FETCH_ADAPTER.test(id.split('?')[0]!)) return null;
      return 'export const getFetch = () => false;\nexport default false;\n';
    },
  };
}
