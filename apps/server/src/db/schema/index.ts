export * from './org.js';
export * from './directory.js';
export * from './settings.js';
export * from './cards.js';
export * from './push.js';
