import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_SHARE_PAGE } from '@field-portal/shared';
import { acceptedEncoding, CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../src/platform/web-files.js';
import { createHarness, type Harness } from './harness.js';

let h: Harness;
let webDist: string;
const SCRIPT = `console.log(${JSON.stringify('field portal '.repeat(200))});\n`;
const PAGE = `<!doctype html><html><head><title>portal</title><script type="module" src="/assets/main-AbCd1234.js"></script></head><body>${'<p>entry</p>'.repeat(100)}</body></html>`;

/** A stand-in for the web build as `npm run build` leaves it: each text file with its .br and .gz. */
function writeWithCompressed(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-web-'));
  writeWithCompressed(path.join(webDist, 'index.html'), PAGE);
  writeWithCompressed(path.join(webDist, 'm', 'index.html'), PAGE.replace('portal', 'phone'));
  writeWithCompressed(path.join(webDist, 'bi', 'index.html'), PAGE.replace('portal', 'share'));
  writeWithCompressed(path.join(webDist, 'assets', 'main-AbCd1234.js'), SCRIPT);
  writeWithCompressed(path.join(webDist, 'assets', 'main-AbCd1234.css'), `body{color:red}\n${'.fp-a{margin:0}\n'.repeat(100)}`);
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  h = await createHarness(undefined, { WEB_DIST: webDist });
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
const decode = (body: Buffer, encoding: unknown) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body).toString() : encoding === 'gzip' ? zlib.gunzipSync(body).toString() : body.toString();

describe('hashed assets', () => {
  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, deflate'],
  ])('are sent %s-compressed as stored, cached for a year as immutable, with an ETag', async (encoding, accept) => {
    for (const [url, type] of [
      ['/assets/main-AbCd1234.js', 'javascript'],
      ['/assets/main-AbCd1234.css', 'text/css'],
    ] as const) {
      const res = await get(url, { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers.etag).toBeTruthy();
      const original = fs.readFileSync(path.join(webDist, url));
      expect(decode(res.rawPayload, encoding)).toBe(original.toString());
      expect(res.rawPayload.length).toBeLessThan(original.length);
      // The browser asks again only with its ETag (e.g. after a reload): nothing is sent.
      const again = await get(url, { 'accept-encoding': accept, 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it('are sent as they are to a client that accepts no compression, still immutable', async () => {
    const res = await get('/assets/main-AbCd1234.js', { 'accept-encoding': 'identity' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(res.body).toBe(SCRIPT);
  });

  it('are not served under the names of their compressed copies', async () => {
    expect((await get('/assets/main-AbCd1234.js.br')).statusCode).toBe(404);
    expect((await get('/assets/main-AbCd1234.js.gz')).statusCode).toBe(404);
  });
});

describe('entry pages', () => {
  it.each([['/'], ['/index.html'], ['/m/']])('%s is compressed, asked again each time (no-cache) and answered 304 from its ETag', async (url) => {
    const res = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(CACHE_REVALIDATE);
    expect(decode(res.rawPayload, 'br')).toContain('<title>');
    const etag = String(res.headers.etag);
    expect(etag).toBeTruthy();
    expect((await get(url, { 'accept-encoding': 'br, gzip', 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('the share page too, with its own framing rule kept', async () => {
    const res = await get(ANALYTICS_SHARE_PAGE, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(CACHE_REVALIDATE);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(decode(res.rawPayload, 'gzip')).toContain('<title>share</title>');
    const plain = await get(ANALYTICS_SHARE_PAGE);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>share</title>');
    expect(plain.headers.etag).toBe(res.headers.etag);
    expect((await get(ANALYTICS_SHARE_PAGE, { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
  });

  it('files outside assets/ are not taken for hashed ones', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(CACHE_REVALIDATE);
  });
});

describe('acceptedEncoding', () => {
  const both = { br: 1, gzip: 1 };
  it('prefers brotli, takes gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br', both)).toBe('br');
    expect(acceptedEncoding('gzip', both)).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.0', both)).toBeUndefined();
    expect(acceptedEncoding('*', both)).toBe('gzip');
    expect(acceptedEncoding(undefined, both)).toBeUndefined();
    expect(acceptedEncoding('br', { gzip: 1 })).toBeUndefined();
  });
});
