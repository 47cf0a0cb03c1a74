import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-precompress-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the plugin over `dist` as Vite would after a build. */
async function run(dist: string) {
  const plugin = precompress();
  (plugin.configResolved as (config: { root: string; build: { outDir: string } }) => void)({ root: dir, build: { outDir: dist } });
  await (plugin.closeBundle as () => Promise<void>)();
}

describe('precompress', () => {
  it('writes a gzip and a brotli copy that read back as the file and are smaller than it, none for a tiny file or an image', async () => {
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    // a script of repeated, varied statements, as a bundle is
    const script = Array.from(
      { length: 400 },
      (_, i) => `export const value${i} = { id: ${i}, name: "item-${i % 37}", tags: ["a${i % 5}", "b${i % 11}"] };`,
    ).join('\n');
    fs.writeFileSync(path.join(dist, 'assets', 'page-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'export const a = 1;');
    fs.writeFileSync(path.join(dist, 'assets', 'logo.png'), Buffer.alloc(4096, 7));
    await run('dist');
    const gz = fs.readFileSync(path.join(dist, 'assets', 'page-abc123.js.gz'));
    expect(zlib.gunzipSync(gz).toString()).toBe(script);
    expect(gz.length).toBeLessThan(script.length);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, 'assets', 'page-abc123.js.br'))).toString()).toBe(script);
    expect(fs.existsSync(path.join(dist, 'assets', 'tiny-abc123.js.gz'))).toBe(false);
    expect(fs.existsSync(path.join(dist, 'assets', 'logo.png.gz'))).toBe(false);
  });
});
