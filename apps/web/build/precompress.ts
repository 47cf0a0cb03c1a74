import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than the Content-Encoding header costs. */
export const MIN_BYTES = 256;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
 * of the build, so the server sends them as they are instead of compressing on each request
 * (docs/decisions/0016). A copy that is not smaller than the file is not kept.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'field-portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = filesUnder(outDir).filter((f) => COMPRESSIBLE.test(f) && !f.includes(`${path.sep}.vite${path.sep}`));
      await Promise.all(
        files.map(async (file) => {
          const raw = await fs.promises.readFile(file);
          if (raw.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            gzip(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await fs.promises.writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await fs.promises.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
