import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * Checks a ZIP container (a .xlsx) by inflating every entry and counting what comes out, never
 * trusting the sizes its central directory declares (docs/decisions/0014). The output is
 * counted and dropped as it streams, so the check itself holds a few kilobytes whatever the file
 * claims; it stops at the first entry that inflates beyond its declared size or once the running
 * total passes `maxBytes`. A parser that reads the file afterwards therefore meets at most
 * `maxBytes` of content, in entries no larger than they say.
 */
export type ZipVerdict = { ok: true; entries: number; inflated: number } | { ok: false; reason: 'unreadable' | 'tooManyEntries' | 'tooLarge' };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

class TooLarge extends Error {}

/** `data` in pieces of `size` bytes (views, not copies). */
function* slices(data: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

/** Inflates `data` (raw deflate), counting the bytes; throws TooLarge past `limit`. */
async function inflatedSize(data: Buffer, limit: number): Promise<number> {
  let count = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      count += chunk.length;
      done(count > limit ? new TooLarge() : null);
    },
  });
  const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
  await pipeline(
    // Fed in slices, so the inflater never holds more output than one slice makes.
    slices(data, 16 * 1024),
    inflater,
    counter,
  );
  return count;
}

/** One entry of a ZIP container as its central directory names it, with its stored (compressed) bytes. */
export interface ZipEntry {
  name: string;
  /** 0: stored, 8: deflated (anything else is refused). */
  method: number;
  /** What the directory says the entry inflates to (not trusted by checkZip). */
  declared: number;
  data: Buffer;
}

/** The entries the central directory lists, in its order; 'unreadable' when it or a local header does not hold together. */
function centralDirectory(bytes: Buffer, maxEntries: number): ZipEntry[] | 'unreadable' | 'tooManyEntries' {
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= min; at--) {
    if (bytes.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return 'unreadable';
  const count = bytes.readUInt16LE(eocd + 10);
  if (count > maxEntries) return 'tooManyEntries';
  let offset = bytes.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL) return 'unreadable';
    const method = bytes.readUInt16LE(offset + 10);
    const compressed = bytes.readUInt32LE(offset + 20);
    const declared = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const local = bytes.readUInt32LE(offset + 42);
    const name = bytes.toString('utf8', offset + 46, Math.min(offset + 46 + nameLength, bytes.length));
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
    // ZIP64 markers: a spreadsheet of a recipient list never needs them.
    if (compressed === 0xffffffff || declared === 0xffffffff || local === 0xffffffff) return 'unreadable';
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL) return 'unreadable';
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + compressed > bytes.length) return 'unreadable';
    entries.push({ name, method, declared, data: bytes.subarray(start, start + compressed) });
  }
  return entries;
}

export async function checkZip(bytes: Buffer, limits: { maxEntries: number; maxBytes: number }): Promise<ZipVerdict> {
  const entries = centralDirectory(bytes, limits.maxEntries);
  if (typeof entries === 'string') return { ok: false, reason: entries };
  let declaredTotal = 0;
  let inflatedTotal = 0;
  for (const { method, declared, data } of entries) {
    declaredTotal += declared;
    if (declaredTotal > limits.maxBytes) return { ok: false, reason: 'tooLarge' };
    let actual: number;
    if (method === 0) actual = data.length;
    else if (method === 8) {
      try {
        // At most what the entry declares, and at most what is left of the total.
        actual = await inflatedSize(data, Math.min(declared, limits.maxBytes - inflatedTotal));
      } catch (error) {
        return { ok: false, reason: error instanceof TooLarge ? 'tooLarge' : 'unreadable' };
      }
    } else return { ok: false, reason: 'unreadable' };
    if (actual > declared) return { ok: false, reason: 'tooLarge' };
    inflatedTotal += actual;
    if (inflatedTotal > limits.maxBytes) return { ok: false, reason: 'tooLarge' };
  }
  return { ok: true, entries: entries.length, inflated: inflatedTotal };
}

/**
 * The entries of a ZIP container that checkZip passed, by name, each read on demand through
 * `openEntry`. Reading by the central directory, not front to back, lets a reader take the entries
 * in the order it needs them, whatever order the file stores them in.
 */
export function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
  const entries = centralDirectory(bytes, Number.MAX_SAFE_INTEGER);
  if (typeof entries === 'string') throw new Error(`not a readable ZIP container (${entries})`);
  return new Map(entries.map((e) => [e.name, e]));
}

/** An entry's content as a stream, inflated as it is read. */
export function openEntry(entry: ZipEntry): Readable {
  const source = Readable.from(slices(entry.data, 64 * 1024));
  if (entry.method === 0) return source;
  const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
  source.pipe(inflater);
  return inflater;
}
