import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
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
    // The console, the employee's phone page at /m/ (docs/decisions/0007) and the analytics share page at /bi/ (docs/decisions/0008).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        m: fileURLToPath(new URL('./m/index.html', import.meta.url)),
        bi: fileURLToPath(new URL('./bi/index.html', import.meta.url)),
      },
      output: {
        // Served over HTTP/1.1, six connections a host: the console's first load asked for 120 files of
        // 1-15 KB, and its API calls queued behind them. React, antd's icons and antd (with its
        // rc-components and dayjs) each come as one file instead (docs/decisions/0055); the phone
        // page and the sign-in page load no antd still.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/, priority: 2 },
            { name: 'antd', test: /node_modules[\\/](antd|@rc-component|@ant-design|dayjs)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
