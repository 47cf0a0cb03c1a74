export * from './constants.js';
export * from './lang.js';
export * from './messages.js';
export * from './envelope.js';
export * from './paths.js';
export * from './tree.js';
export * from './schemas/auth.js';
export * from './cards.js';
