/** The public face of app management, the app centre and data management: all another area may import of it (docs/decisions/0048). */
export { appsWords, type AppsLabelKey, type AppsMessageKey } from './i18n';
export { appCentreWords, type AppCentreLabelKey } from './app-centre/i18n';
export { HomeCharts } from './components/HomeCharts';
