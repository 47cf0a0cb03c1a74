import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, message } from '@field-portal/shared';
import { parseSheet } from '../src/platform/sheet.js';
import { AppError } from '../src/platform/errors.js';
import { checkZip } from '../src/platform/zip-inflate.js';
import { multipartPost } from './api.js';
import { createHarness, type Harness } from './harness.js';

/**
 * Issue 12: a .xlsx whose central directory lies about its sizes (a 1 MB file that inflates to a
 * gigabyte) costs the server no more than 50 MB and answers a clear message, alone or three at once.
 */
let h: Harness;
let token = '';
beforeAll(async () => {
  h = await createHarness();
  token = (await h.login('operator')).access;
});
afterAll(async () => h?.close());

/** Raw deflate of `megabytes` MB of spaces in about 1 KB per MB: one flushed block repeated, then a final empty block. */
function deflateBomb(megabytes: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20, 0x20), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]);
}

/** A ZIP of deflated entries whose central directory declares `declared` bytes for each (the lie). */
function zip(entries: { name: string; data: Buffer; declared: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const small = (text: string) => zlib.deflateRawSync(Buffer.from(text));
function lyingWorkbook(gigabytes = 1): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: small('<Types/>'), declared: 8 },
    { name: 'xl/workbook.xml', data: small('<workbook/>'), declared: 11 },
    // A gigabyte of spaces that says it is one kilobyte.
    { name: 'xl/worksheets/sheet1.xml', data: deflateBomb(1024 * gigabytes), declared: 1024 },
  ]);
}

/** The highest resident set size seen while `work` runs, above the one before it. */
async function rssGrowth(work: () => Promise<unknown>): Promise<number> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return peak - before;
}

function upload(bytes: Buffer) {
  return h.app.inject(multipartPost(API.push.uploadReceiverList, [{ name: 'file', bytes, filename: 'list.xlsx' }], { ...h.auth(token), language: 'en' }));
}

const MB = 1024 * 1024;

describe('a spreadsheet whose directory lies', () => {
  it('is about 1 MB and would inflate to a gigabyte', () => {
    const bomb = lyingWorkbook();
    expect(bomb.length).toBeLessThan(1.2 * MB);
    expect(bomb.length).toBeGreaterThan(0.9 * MB);
  });

  it('is refused while inflating, past the size it declares, with memory growth under 50 MB', async () => {
    const bomb = lyingWorkbook();
    let refused: unknown;
    const growth = await rssGrowth(async () => {
      refused = await parseSheet(bomb, 100).catch((error: unknown) => error);
    });
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).key).toBe('push.listInflatedTooLarge');
    expect(growth).toBeLessThanOrEqual(50 * MB);
  });

  it('answers the upload with a clear message, three at once, with memory growth under 50 MB', async () => {
    const bomb = lyingWorkbook();
    let answers: Awaited<ReturnType<typeof upload>>[] = [];
    const growth = await rssGrowth(async () => {
      answers = await Promise.all([upload(bomb), upload(bomb), upload(bomb)]);
    });
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ field: 'file', msg: message('push.listInflatedTooLarge', 'en', { field: 'file', max: 100 }) });
    }
    expect(growth).toBeLessThanOrEqual(50 * MB);
  });

  it('counts what comes out, not what the directory says: an honest file passes, sizes over the cap do not', async () => {
    const honest = zip([{ name: 'a.xml', data: small('x'.repeat(5000)), declared: 5000 }]);
    expect(await checkZip(honest, { maxEntries: 10, maxBytes: 10_000 })).toEqual({ ok: true, entries: 1, inflated: 5000 });
    // Declared truthfully but over the cap: refused before inflating anything.
    expect(await checkZip(zip([{ name: 'a.xml', data: deflateBomb(2), declared: 2 * MB }]), { maxEntries: 10, maxBytes: MB })).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
    // Under-declared by one byte: refused.
    expect(await checkZip(zip([{ name: 'a.xml', data: small('x'.repeat(5000)), declared: 4999 }]), { maxEntries: 10, maxBytes: 10_000 })).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
    expect(await checkZip(Buffer.from('PK\u0003\u0004 not really a zip'), { maxEntries: 10, maxBytes: 10_000 })).toEqual({ ok: false, reason: 'unreadable' });
  });
});
