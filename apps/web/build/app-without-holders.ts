import type { Plugin } from 'vite';
import { replaceImport, throwingStandIn } from './replace-import.ts';

const APP_INDEX = /[\\/]node_modules[\\/]antd[\\/]es[\\/]app[\\/]index\.js$/;
const APP_IMPORT = "import App_ from './App';";

/**
 * antd's App component renders the holders of its toasts, notifications and dialogs, and
 * `App.useApp()` is a static of that component, so every screen that shows a toast downloaded the
 * message, notification and modal components (about 16 KB gzip) and the layout opened with them.
 * The portal renders its own LightApp instead (src/lib/providers/light-app.tsx), which provides the same
 * `App.useApp()` and loads the holders when a screen first shows one; the build gives antd's App a
 * stand-in that says so if a screen ever renders it (a test walks the sources,
 * app-without-holders.test.ts), and `App.useApp()` keeps working (docs/decisions/0031).
 */
export function appWithoutHolders(): Plugin {
  const name = 'app-without-holders';
  return replaceImport({ name, module: APP_INDEX, what: "antd's App index", importLine: APP_IMPORT, replacement: throwingStandIn('App_', 'antd App is left out of this build', name, 'render LightApp from src/lib/providers/light-app.tsx') });
}
