import fs from 'node:fs';
import path from 'node:path';
import { SERVER_SRC } from '../db/paths.js';

/** Written by build.mjs into the bundle: the portal's version and the commit it was built from. */
declare const __PORTAL_BUILD__: { version: string; commit: string } | undefined;

export interface BuildInfo {
  version: string;
  /** The git commit of the build, or "unknown" (run from the sources, or built outside a git checkout). */
  commit: string;
}

/** From the sources (tests, `npm run dev:server`): the root package.json's version, no commit. */
function fromSources(): BuildInfo {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(SERVER_SRC, '..', '..', '..', 'package.json'), 'utf8')) as { version?: string };
    return { version: pkg.version ?? 'unknown', commit: 'unknown' };
  } catch {
    return { version: 'unknown', commit: 'unknown' };
  }
}

export const BUILD_INFO: BuildInfo = typeof __PORTAL_BUILD__ !== 'undefined' && __PORTAL_BUILD__ ? __PORTAL_BUILD__ : fromSources();
