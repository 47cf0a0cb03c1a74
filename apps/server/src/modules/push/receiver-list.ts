import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { PUSH_LIMITS, type PushReceiver, type ReceiverListUpload } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { cleanFileName, extensionOf } from '../../platform/file-types.js';
import { multipartError, readPart } from '../../platform/multipart.js';
import { checkZip } from '../../platform/zip-inflate.js';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Bounds of a .xlsx container checked before parsing (SECURITY.md, spreadsheets). */
const ZIP_MAX_ENTRIES = 1000;
const ZIP_MAX_UNCOMPRESSED = 100 * 1024 * 1024;
const PARSE_TIME_LIMIT_MS = 10_000;
/** The parsing worker's heap: a 100,000-row list fits; past it the worker stops (unreadable), not the server. */
const WORKER_HEAP_MB = 512;

const listTooLarge = () => new AppError(413, 'push.listTooLarge', { field: 'file' }, 'file');
const wrongFormat = () => new AppError(415, 'push.listFormat', { field: 'file' }, 'file');

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
export async function parseSheet(bytes: Buffer, maxRows: number, timeLimitMs = PARSE_TIME_LIMIT_MS, maxInflatedBytes = ZIP_MAX_UNCOMPRESSED): Promise<unknown[][]> {
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

const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** Rows to recipients: the header must name wwid and name; blank wwids are skipped, repeats reported. */
export function rowsToReceivers(rows: unknown[][]): { receiver: PushReceiver[]; duplicates: string[] } {
  const header = (rows[0] ?? []).map((v) => cellText(v).toLowerCase());
  const wwidAt = header.indexOf('wwid');
  const nameAt = header.indexOf('name');
  if (wwidAt < 0 || nameAt < 0) throw badRequest('push.listHeader', 'file');
  const seen = new Map<string, PushReceiver>();
  const duplicates = new Set<string>();
  for (const row of rows.slice(1)) {
    const wwid = cellText(row[wwidAt]).slice(0, 64);
    if (!wwid) continue;
    if (seen.has(wwid)) duplicates.add(wwid);
    else seen.set(wwid, { receiverId: wwid, receiverName: cellText(row[nameAt]).slice(0, 128) });
  }
  return { receiver: [...seen.values()], duplicates: [...duplicates] };
}

/**
 * uploadReceiverList: one .xls or .xlsx (checked by its bytes), at most 10 MB (counted while
 * it streams), parsed off the main thread. Answers the recipients, the wwids the directory
 * does not know (left out of `receiver`) and the wwids listed more than once.
 */
export async function receiveReceiverList(request: FastifyRequest, db: Db): Promise<ReceiverListUpload> {
  let bytes: Buffer | undefined;
  let extension = '';
  try {
    const parts = request.parts({ limits: { files: 1, fileSize: PUSH_LIMITS.listMaxBytes + 1, fields: 4, parts: 6, fieldSize: 256 } });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (bytes) throw badRequest('push.listOneFile', 'file');
      extension = extensionOf(cleanFileName(part.filename ?? ''));
      if (!(PUSH_LIMITS.listExtensions as readonly string[]).includes(extension)) {
        part.file.resume();
        throw wrongFormat();
      }
      bytes = await readPart(part, PUSH_LIMITS.listMaxBytes, listTooLarge);
    }
  } catch (error) {
    throw multipartError(error, { tooLarge: listTooLarge, tooManyFiles: () => badRequest('push.listOneFile', 'file') });
  }
  if (!bytes || bytes.length === 0) throw badRequest('push.listRequired', 'file');
  const kind = listFileKind(bytes, extension);
  if (!kind) throw wrongFormat();
  if (kind === 'xlsx') {
    const totals = zipTotals(bytes);
    if (!totals || totals.entries > ZIP_MAX_ENTRIES || totals.uncompressed > ZIP_MAX_UNCOMPRESSED) throw new AppError(400, 'push.listUnreadable', { field: 'file' }, 'file');
  }
  const rows = await parseSheet(bytes, PUSH_LIMITS.receiversMax + 2);
  if (rows.length > PUSH_LIMITS.receiversMax + 1) throw badRequest('push.listTooLong', 'file', { max: PUSH_LIMITS.receiversMax });
  const { receiver, duplicates } = rowsToReceivers(rows);
  const known = new Set(
    receiver.length === 0
      ? []
      : (
          await selectRows<{ wwid: string }>(db, sql`
            select e.wwid from employees e where e.wwid in (select jsonb_array_elements_text(${JSON.stringify(receiver.map((r) => r.receiverId))}::jsonb))`)
        ).map((r) => r.wwid),
  );
  return {
    receiver: receiver.filter((r) => known.has(r.receiverId)),
    unknown: receiver.filter((r) => !known.has(r.receiverId)).map((r) => r.receiverId),
    duplicates,
  };
}
