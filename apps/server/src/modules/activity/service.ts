/**
 * What other modules call of the activity module (ARCHITECTURE.md: a module calls another's
 * service, never its internals): doctor intelligence's 360 view and smart suggestions.
 */
export { businessRecord } from './business-record.js';
export { visitsOfRepTo } from './report-figures.js';
