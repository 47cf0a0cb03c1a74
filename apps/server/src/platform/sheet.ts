/**
 * Reading an uploaded spreadsheet (receiver lists, organisation and data-permission imports): its
 * family checked by its bytes, its ZIP directory bounded, its first sheet parsed in a bounded worker.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { AppError } from './errors.js';
import { checkZip } from './zip-inflate.js';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Bounds of a .xlsx container checked before parsing (SECURITY.md, spreadsheets). */
export const ZIP_MAX_ENTRIES = 1000;
export const ZIP_MAX_UNCOMPRESSED = 100 * 1024 * 1024;
const PARSE_TIME_LIMIT_MS = 10_000;
/** The parsing worker's heap: a 100,000-row list fits; past it the worker stops (unreadable), not the server. */
const WORKER_HEAP_MB = 512;

/** The spreadsheet family of the bytes, which must agree with the extension: .xlsx a ZIP, .xls an OLE2 file. */
export function listFileKind(bytes: Buffer, extension: string): 'xlsx' | 'xls' | undefined {
  if (extension === 'xlsx' && bytes.subarray(0, 4).equals(ZIP)) return 'xlsx';
  if (extension === 'xls' && bytes.subarray(0, 8).equals(OLE2)) return 'xls';
  return undefined;
}

/**
 * Entry count and total uncompressed size from the ZIP's central directory, without
 * inflating anything; undefined when the directory cannot be found or read.
 */
export function zipTotals(bytes: Buffer): { entries: number; uncompressed: number } | undefined {
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  for (let eocd = bytes.length - 22; eocd >= min; eocd--) {
    if (bytes.readUInt32LE(eocd) !== 0x06054b50) continue;
    const entries = bytes.readUInt16LE(eocd + 10);
    let offset = bytes.readUInt32LE(eocd + 16);
    let uncompressed = 0;
    for (let i = 0; i < entries; i++) {
      if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return undefined;
      uncompressed += bytes.readUInt32LE(offset + 24);
      offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
    }
    return { entries, uncompressed };
  }
  return undefined;
}

/** The parser, loaded by the worker from where the main thread finds it. */
const XLSX_PATH = createRequire(import.meta.url).resolve('@e965/xlsx');

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  const XLSX = require(workerData.lib);
  const book = XLSX.read(workerData.bytes, {
    type: 'buffer', sheets: 0, dense: true, cellFormula: false, cellHTML: false, cellText: false,
    cellStyles: false, cellDates: false, bookVBA: false, sheetRows: workerData.maxRows,
  });
  const sheet = book.Sheets[book.SheetNames[0]];
  const rows = sheet ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: '', blankrows: false }) : [];
  parentPort.postMessage({ rows });
} catch (error) {
  parentPort.postMessage({ error: String((error && error.message) || error) });
}`;

/**
 * First sheet, values only, parsed in a worker thread that is stopped after the time limit and
 * whose heap is bounded. A .xlsx (ZIP) is inflated first with a running byte cap, never trusting
 * the sizes it declares: a lying directory answers "too large once unpacked" before the parser
 * sees it (docs/decisions/0014).
 */
export async function parseSheet(
  bytes: Buffer,
  maxRows: number,
  timeLimitMs = PARSE_TIME_LIMIT_MS,
  maxInflatedBytes = ZIP_MAX_UNCOMPRESSED,
): Promise<unknown[][]> {
  if (bytes.subarray(0, 4).equals(ZIP)) {
    const verdict = await checkZip(bytes, { maxEntries: ZIP_MAX_ENTRIES, maxBytes: maxInflatedBytes });
    if (!verdict.ok) {
      throw verdict.reason === 'unreadable'
        ? new AppError(400, 'push.listUnreadable', { field: 'file' }, 'file')
        : new AppError(413, 'push.listInflatedTooLarge', { field: 'file', max: Math.round(maxInflatedBytes / 1024 / 1024) }, 'file');
    }
  }
  return parseInWorker(bytes, maxRows, timeLimitMs);
}

function parseInWorker(bytes: Buffer, maxRows: number, timeLimitMs: number): Promise<unknown[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { lib: XLSX_PATH, bytes, maxRows },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    const unreadable = () => new AppError(400, 'push.listUnreadable', { field: 'file' }, 'file');
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(unreadable());
    }, timeLimitMs);
    worker.once('message', (answer: { rows?: unknown[][]; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (answer.rows) resolve(answer.rows);
      else reject(unreadable());
    });
    worker.once('error', () => {
      clearTimeout(timer);
      reject(unreadable());
    });
  });
}
