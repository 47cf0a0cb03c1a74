import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { PUSH_LIMITS, type PushReceiver, type ReceiverListUpload } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import { isEmployee } from '../admin/index.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { cleanFileName, extensionOf } from '../../platform/file-types.js';
import { multipartError, readPart } from '../../platform/multipart.js';
import { listFileKind, parseSheet, zipTotals, ZIP_MAX_ENTRIES, ZIP_MAX_UNCOMPRESSED } from '../../platform/sheet.js';

const listTooLarge = () => new AppError(413, 'push.listTooLarge', { field: 'file' }, 'file');
const wrongFormat = () => new AppError(415, 'push.listFormat', { field: 'file' }, 'file');

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
    if (!totals || totals.entries > ZIP_MAX_ENTRIES || totals.uncompressed > ZIP_MAX_UNCOMPRESSED)
      throw new AppError(400, 'push.listUnreadable', { field: 'file' }, 'file');
  }
  const rows = await parseSheet(bytes, PUSH_LIMITS.receiversMax + 2);
  if (rows.length > PUSH_LIMITS.receiversMax + 1) throw badRequest('push.listTooLong', 'file', { max: PUSH_LIMITS.receiversMax });
  const { receiver, duplicates } = rowsToReceivers(rows);
  const known = new Set(
    receiver.length === 0
      ? []
      : (
          await selectRows<{ wwid: string }>(
            db,
            sql`
            select x.wwid from jsonb_array_elements_text(${JSON.stringify(receiver.map((r) => r.receiverId))}::jsonb) as x(wwid) where ${isEmployee(sql`x.wwid`)}`,
          )
        ).map((r) => r.wwid),
  );
  return {
    receiver: receiver.filter((r) => known.has(r.receiverId)),
    unknown: receiver.filter((r) => !known.has(r.receiverId)).map((r) => r.receiverId),
    duplicates,
  };
}
