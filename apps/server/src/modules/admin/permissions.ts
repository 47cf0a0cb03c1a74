import type { FastifyRequest } from 'fastify';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADMIN_LIMITS,
  PERMISSION_TYPES,
  type AdminPage,
  type PermissionImportResult,
  type PermissionItem,
  type permissionListQuery,
  type PermissionType,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { dataPermissions, users } from '../../db/schema/index.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { cleanFileName, extensionOf } from '../../platform/file-types.js';
import { multipartError, readPart } from '../../platform/multipart.js';
import { parseSheet, zipTotals } from '../../platform/sheet.js';
import { audit, isUniqueViolation, likePattern, type Actor } from './common.js';

/* ---------- administration ---------- */

interface PermissionRow {
  id: number;
  user_id: number;
  username: string;
  real_name: string;
  permission_type: PermissionType;
  permission_value: string;
  label: string | null;
  created_at: Date | string;
}

const toItem = (row: PermissionRow): PermissionItem => ({
  id: row.id,
  userId: row.user_id,
  username: row.username,
  realName: row.real_name,
  permissionType: row.permission_type,
  permissionValue: row.permission_value,
  label: row.label ?? row.permission_value,
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * The name of the hospital a permission's value names (its id as text), as a scalar subquery from
 * the customer area that owns hospitals; handed in by the server like HospitalNames below, so the
 * list stays one statement (docs/decisions/0064).
 */
export type HospitalNameOf = (hospitalIdText: SQL) => SQL;

const permissionSelect = (hospitalName: HospitalNameOf) => sql`
  select dp.id, dp.user_id, u.username, u.real_name, dp.permission_type, dp.permission_value, dp.created_at,
         case when dp.permission_type = 'hospital' then ${hospitalName(sql`dp.permission_value`)} else dp.permission_value end as label
    from data_permissions dp join users u on u.id = dp.user_id`;

export async function listPermissions(db: Db, query: z.output<typeof permissionListQuery>, hospitalName: HospitalNameOf): Promise<AdminPage<PermissionItem>> {
  const parts: SQL[] = [sql`true`];
  if (query.userId) parts.push(sql`dp.user_id = ${query.userId}`);
  if (query.permissionType) parts.push(sql`dp.permission_type = ${query.permissionType}`);
  if (query.keyword) {
    const like = likePattern(query.keyword);
    parts.push(sql`(u.username ilike ${like} or u.real_name ilike ${like} or dp.permission_value ilike ${like}
                    or (dp.permission_type = 'hospital' and ${hospitalName(sql`dp.permission_value`)} ilike ${like}))`);
  }
  const where = sql.join(parts, sql` and `);
  const [total] = await selectRows<{ n: string }>(db, sql`select count(*) as n from data_permissions dp join users u on u.id = dp.user_id where ${where}`);
  const rows = await selectRows<PermissionRow>(
    db,
    sql`${permissionSelect(hospitalName)} where ${where} order by u.username, dp.permission_type, dp.id limit ${query.size} offset ${query.page * query.size}`,
  );
  return { total: Number(total?.n ?? 0), content: rows.map(toItem) };
}

async function getPermission(tx: Tx, id: number, hospitalName: HospitalNameOf): Promise<PermissionItem> {
  const [row] = await selectRows<PermissionRow>(tx, sql`${permissionSelect(hospitalName)} where dp.id = ${id}`);
  if (!row) throw notFound();
  return toItem(row);
}

/**
 * Hospital names by id, from the customer area that owns hospitals. Handed in by the server
 * rather than imported, so that customers may import admin's face (docs/decisions/0062).
 */
export type HospitalNames = (tx: Tx, ids: readonly number[]) => Promise<Map<number, string>>;

/** A hospital permission names an existing hospital by id. */
async function hospitalExists(tx: Tx, hospitalNamesById: HospitalNames, value: string): Promise<boolean> {
  return /^\d{1,9}$/.test(value) && (await hospitalNamesById(tx, [Number(value)])).size === 1;
}

export async function createPermission(
  db: Db,
  actor: Actor,
  body: { userId: number; permissionType: PermissionType; permissionValue: string },
  hospitalNamesById: HospitalNames,
  hospitalName: HospitalNameOf,
): Promise<PermissionItem> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, body.userId)).limit(1);
      if (!user) throw badRequest('sys.perm.userMissing', 'userId');
      if (body.permissionType === 'hospital' && !(await hospitalExists(tx, hospitalNamesById, body.permissionValue)))
        throw badRequest('sys.perm.hospitalMissing', 'permissionValue');
      const [row] = await tx.insert(dataPermissions).values(body).returning({ id: dataPermissions.id });
      const after = await getPermission(tx, row!.id, hospitalName);
      await audit(tx, actor, 'create', 'dataPermission', row!.id, null, after);
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('sys.perm.duplicate', 'permissionValue');
    throw error;
  }
}

export async function deletePermission(db: Db, actor: Actor, id: number, hospitalName: HospitalNameOf): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getPermission(tx, id, hospitalName);
    await tx.delete(dataPermissions).where(eq(dataPermissions.id, id));
    await audit(tx, actor, 'delete', 'dataPermission', id, before, null);
  });
}

/* ---------- import ---------- */

const tooLarge = () => new AppError(413, 'sys.perm.fileTooLarge', { field: 'file' }, 'file');
const wrongType = () => new AppError(415, 'sys.perm.fileType', { field: 'file' }, 'file');
const unreadable = () => badRequest('sys.perm.fileUnreadable', 'file');
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Reads the one file of a multipart request, at most 1 MB counted while it streams. */
async function receiveFile(request: FastifyRequest): Promise<{ bytes: Buffer; extension: string }> {
  let file: { bytes: Buffer; extension: string } | undefined;
  try {
    const parts = request.parts({ limits: { files: 1, fileSize: ADMIN_LIMITS.permissionImportMaxBytes + 1, fields: 4, parts: 6, fieldSize: 256 } });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (file) throw badRequest('sys.perm.fileOne', 'file');
      const extension = extensionOf(cleanFileName(part.filename ?? ''));
      if (!(ADMIN_LIMITS.permissionImportExtensions as readonly string[]).includes(extension)) {
        part.file.resume();
        throw wrongType();
      }
      file = { bytes: await readPart(part, ADMIN_LIMITS.permissionImportMaxBytes, tooLarge), extension };
    }
  } catch (error) {
    throw multipartError(error, { tooLarge, tooManyFiles: () => badRequest('sys.perm.fileOne', 'file') });
  }
  if (!file || file.bytes.length === 0) throw badRequest('sys.perm.fileRequired', 'file');
  return file;
}

/**
 * The rows of the file, judged by its bytes: a .xlsx must be a ZIP of sane size, a .csv must
 * be UTF-8 text (a byte-order mark is allowed) without NUL bytes.
 */
export async function readRows(bytes: Buffer, extension: string): Promise<unknown[][]> {
  const maxRows = ADMIN_LIMITS.permissionImportMaxRows + 2;
  if (extension === 'xlsx') {
    if (!bytes.subarray(0, 4).equals(ZIP)) throw wrongType();
    const totals = zipTotals(bytes);
    if (!totals || totals.entries > 1000 || totals.uncompressed > 50 * 1024 * 1024) throw unreadable();
    return parseSheet(bytes, maxRows);
  }
  if (bytes.includes(0) || bytes.subarray(0, 4).equals(ZIP)) throw wrongType();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw wrongType();
  }
  // SheetJS is loaded on first use: start-up does not pay for a library most runs never call.
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(text, { type: 'string', raw: true, dense: true, sheetRows: maxRows });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  return sheet ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false }) : [];
}

const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/**
 * Import of data permissions: header username, permissionType, permissionValue. Every row is
 * checked first; one bad row refuses the whole file with its row number. Rows already held are skipped.
 */
export async function importPermissions(db: Db, actor: Actor, request: FastifyRequest, hospitalNamesById: HospitalNames): Promise<PermissionImportResult> {
  const { bytes, extension } = await receiveFile(request);
  const rows = await readRows(bytes, extension);
  const header = (rows[0] ?? []).map((v) => cell(v).toLowerCase());
  const at = { username: header.indexOf('username'), type: header.indexOf('permissiontype'), value: header.indexOf('permissionvalue') };
  if (at.username < 0 || at.type < 0 || at.value < 0) throw badRequest('sys.perm.fileHeader', 'file');
  const body = rows.slice(1).filter((row) => row.some((v) => cell(v) !== ''));
  if (body.length === 0) throw badRequest('sys.perm.fileEmpty', 'file');
  if (body.length > ADMIN_LIMITS.permissionImportMaxRows) throw badRequest('sys.perm.fileTooLong', 'file', { max: ADMIN_LIMITS.permissionImportMaxRows });
  return db.transaction(async (tx) => {
    const userIds = new Map((await tx.select({ id: users.id, username: users.username }).from(users)).map((u) => [u.username, u.id]));
    const named = body
      .map((row) => cell(row[at.value]))
      .filter((v) => /^\d{1,9}$/.test(v))
      .map(Number);
    const hospitalIds = new Set([...(await hospitalNamesById(tx, named)).keys()].map(String));
    const wanted: { userId: number; permissionType: PermissionType; permissionValue: string }[] = [];
    for (const [i, row] of body.entries()) {
      const rowNo = i + 2;
      const username = cell(row[at.username]);
      const type = cell(row[at.type]).toLowerCase();
      const value = cell(row[at.value]).slice(0, 64);
      const userId = userIds.get(username);
      if (!userId) throw badRequest('sys.perm.rowUser', 'file', { row: rowNo, value: username });
      if (!(PERMISSION_TYPES as readonly string[]).includes(type)) throw badRequest('sys.perm.rowType', 'file', { row: rowNo });
      if (!value) throw badRequest('sys.perm.rowValue', 'file', { row: rowNo });
      if (type === 'hospital' && !hospitalIds.has(value)) throw badRequest('sys.perm.rowHospital', 'file', { row: rowNo, value });
      wanted.push({ userId, permissionType: type as PermissionType, permissionValue: value });
    }
    const inserted = await tx.insert(dataPermissions).values(wanted).onConflictDoNothing().returning({ id: dataPermissions.id });
    await audit(
      tx,
      actor,
      'import',
      'dataPermission',
      inserted
        .map((r) => r.id)
        .join(',')
        .slice(0, 200) || '-',
      null,
      { rows: wanted.length, added: inserted.length },
    );
    return { added: inserted.length, skipped: wanted.length - inserted.length };
  });
}
