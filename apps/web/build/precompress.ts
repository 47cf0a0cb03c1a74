import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/**
 * Below this a compressed copy saves less than the Content-Encoding header costs. (It was 1 KB,
 * but the console's pages download about twenty scripts of 0.3-1 KB each, and gzip takes a third
 * off those: about 4 KB a page; docs/decisions/0031.)
 */
export const MIN_BYTES = 256;

/**
 * Zopfli's passes over each file (its own default). Zopfli writes ordinary gzip that every browser
 * reads, 3-4 % smaller than zlib's level 9 on the portal's scripts (about 15 KB of a console page's
 * 400), at about a hundred times the work; more passes gain almost nothing.
 */
const ZOPFLI_ITERATIONS = 15;

/** Zopfli's gzip copies by the SHA-256 of the file, so a rebuild only compresses what changed (file names carry content hashes). */
export const ZOPFLI_CACHE_DIR = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@gfx/zopfli/package.json')), '..', '..', '.cache', 'field-portal-zopfli');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

// Zopfli is WebAssembly that runs on the thread calling it: one worker per core compresses the build.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { gzipAsync } = require(workerData.zopfli);
parentPort.on('message', ({ id, raw }) => {
  gzipAsync(raw, { numiterations: workerData.iterations }).then(
    (gz) => parentPort.postMessage({ id, gz: Buffer.from(gz) }),
    (error) => parentPort.postMessage({ id, error: String(error) }),
  );
});`;

/** Gzip (Zopfli) of every buffer, on a pool of worker threads, in the order given. */
async function zopfliAll(raws: Buffer[]): Promise<Buffer[]> {
  const out: Buffer[] = new Array(raws.length);
  if (raws.length === 0) return out;
  const zopfli = createRequire(import.meta.url).resolve('@gfx/zopfli');
  const size = Math.max(1, Math.min(os.availableParallelism(), raws.length));
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, () => new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER, { eval: true, workerData: { zopfli, iterations: ZOPFLI_ITERATIONS } });
      const send = () => {
        if (next >= raws.length) {
          void worker.terminate().then(() => resolve());
          return;
        }
        const id = next++;
        worker.postMessage({ id, raw: raws[id] });
      };
      worker.on('message', (m: { id: number; gz?: Uint8Array; error?: string }) => {
        if (m.error !== undefined || !m.gz) {
          void worker.terminate();
          reject(new Error(`zopfli: ${m.error}`));
          return;
        }
        out[m.id] = Buffer.from(m.gz);
        send();
      });
      worker.on('error', reject);
      send();
    })),
  );
  return out;
}

/** The gzip copy of each file: from the cache when the same bytes were compressed before, else by Zopfli (then kept). */
async function gzipCopies(raws: Buffer[]): Promise<Buffer[]> {
  fs.mkdirSync(ZOPFLI_CACHE_DIR, { recursive: true });
  const keys = raws.map((raw) => crypto.createHash('sha256').update(raw).digest('hex'));
  const cached = keys.map((key) => path.join(ZOPFLI_CACHE_DIR, `${key}.gz`));
  const missing = raws.map((_, i) => i).filter((i) => !fs.existsSync(cached[i]!));
  const made = await zopfliAll(missing.map((i) => raws[i]!));
  // Written beside and renamed, so a build stopped halfway leaves no partial copy to be read later.
  missing.forEach((i, at) => {
    fs.writeFileSync(`${cached[i]}.${process.pid}`, made[at]!);
    fs.renameSync(`${cached[i]}.${process.pid}`, cached[i]!);
  });
  return cached.map((file) => fs.readFileSync(file));
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip written by Zopfli) beside every
 * text file of the build, so the server sends them as they are instead of compressing on each
 * request (docs/decisions/0016). A copy that is not smaller than the file is not kept.
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
      const raws = await Promise.all(files.map((file) => fs.promises.readFile(file)));
      const worth = files.map((_, i) => i).filter((i) => raws[i]!.length >= MIN_BYTES);
      const [gzs] = await Promise.all([
        gzipCopies(worth.map((i) => raws[i]!)),
        Promise.all(
          worth.map(async (i) => {
            const raw = raws[i]!;
            const br = await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
            if (br.length < raw.length) await fs.promises.writeFile(`${files[i]}.br`, br);
          }),
        ),
      ]);
      await Promise.all(worth.map(async (i, at) => {
        if (gzs[at]!.length < raws[i]!.length) await fs.promises.writeFile(`${files[i]}.gz`, gzs[at]!);
      }));
    },
  };
}
