export * from './org.js';
export * from './directory.js';
export * from './settings.js';
