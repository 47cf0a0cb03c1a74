import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chunkFileNames } from './build/chunk-names.ts';
import { chunkGroups, isFirstPass } from './build/chunk-groups.ts';
import { LAYOUT_MODULE, OUTSIDE_LAYOUT } from './build/bundle-budgets.ts';
import { precompress } from './build/precompress.ts';
import { moduleReport } from './build/module-report.ts';
import { cardWithoutTabs } from './build/card-without-tabs.ts';
import { tableWithoutFilters } from './build/table-without-filters.ts';
import { tableWithoutRadioSelection } from './build/table-without-radio-selection.ts';
import { radioWithoutForm } from './build/radio-without-form.ts';
import { appWithoutHolders } from './build/app-without-holders.ts';

const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    // Shared code in one chunk per set of page loads that download it (docs/decisions/0031).
    chunkGroups({ layoutModule: LAYOUT_MODULE, outside: OUTSIDE_LAYOUT, asBuilt: ['m/index.html'] }),
    cardWithoutTabs(),
    tableWithoutFilters(),
    tableWithoutRadioSelection(),
    radioWithoutForm(),
    appWithoutHolders(),
    // The first pass of chunkGroups is held in memory: nothing to report or compress.
    ...(isFirstPass() ? [] : [moduleReport(), precompress()]),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/API-': { target: api, changeOrigin: true, ws: true },
      '/healthz': api,
      '/docs': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // The budget check (build/check-budgets.ts) walks what each page loads from the manifest.
    manifest: true,
    // Every browser the portal supports preloads modules itself; the polyfill would be in each entry.
    modulePreload: { polyfill: false },
    // The console, the employee's phone page at /m/ (docs/decisions/0007) and the analytics share page at /bi/ (docs/decisions/0008).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        m: fileURLToPath(new URL('./m/index.html', import.meta.url)),
        bi: fileURLToPath(new URL('./bi/index.html', import.meta.url)),
      },
      // Shared chunks named after the libraries they hold (docs/decisions/0016).
      output: { chunkFileNames },
      // antd's input contexts import the form library's index, whose statics (`Form.useForm = …`)
      // would keep the whole form library in every page that has an input; nothing in it runs on
      // import, so its modules go when their exports are unused (docs/decisions/0031).
      // The same holds for the tree library: antd's Table takes three helpers from its index for
      // row selection, which kept the whole Tree component in every table page.
      treeshake: {
        moduleSideEffects: [
          { test: /node_modules\/@rc-component\/form\//, sideEffects: false },
          { test: /node_modules\/@rc-component\/tree\//, sideEffects: false },
        ],
      },
    },
  },
});
