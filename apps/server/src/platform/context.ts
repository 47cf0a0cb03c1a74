import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { AuthCache } from './auth-cache.js';
import type { FileStore } from './storage.js';
import type { TokenService } from './tokens.js';

/** What services need from the outside world, passed in so tests can control it. */
export interface AppContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  authCache: AuthCache;
  /** Uploaded files (a folder under DATA_DIR; an S3-compatible store can take its place). */
  files: FileStore;
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
