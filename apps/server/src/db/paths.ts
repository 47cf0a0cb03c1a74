import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The server's source folder, whether this code runs from src/ (tsx, tests) or from the
 * bundle in dist/ (or one of its chunks in dist/chunks/) that `npm start` builds: migrations
 * and the seed are read from there.
 */
const candidates = [here, path.resolve(here, '..'), path.resolve(here, '..', 'src'), path.resolve(here, '..', '..', 'src')];
export const SERVER_SRC = candidates.find((dir) => fs.existsSync(path.join(dir, 'db', 'migrations'))) ?? path.resolve(here, '..', 'src');

export const MIGRATIONS_DIR = path.join(SERVER_SRC, 'db', 'migrations');
export const SEED_DIR = path.join(SERVER_SRC, 'seed');
/** The shared package's sources (its words, menus and limits are part of what the demo seed writes). */
export const SHARED_SRC = path.resolve(SERVER_SRC, '..', '..', '..', 'packages', 'shared', 'src');
/** The web build `npm run build` makes (apps/web/dist), served when WEB_DIST is not set. */
export const DEFAULT_WEB_DIST = path.resolve(SERVER_SRC, '..', '..', 'web', 'dist');
