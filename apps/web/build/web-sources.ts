import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web's sources, which the build takes. */
export const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** Every source file under `dir` whose name matches (`.ts` and `.tsx` by default), unit tests left out (they are not built). */
export function sourceFiles(dir: string, pattern = /\.tsx?$/): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && pattern.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}
