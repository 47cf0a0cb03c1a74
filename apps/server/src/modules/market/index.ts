/**
 * The market module's public face: its routes, the sentiment jobs run with the server, and the demo data and word list the seed writes.
 */
export { marketRoutes } from './routes.js';
export { DEMO_MARKET, writeMarketData } from './generator.js';
export { DEFAULT_LEXICON } from './lexicon-seed.js';
export { sentimentJobs } from './sentiment-job.js';
// Measured by the benchmarks in bench/ (the rules they time are this module's own, reached here).
export { buildLexicon, cutWords, scoreText } from './sentiment.js';
