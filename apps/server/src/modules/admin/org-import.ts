import type { FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import { APPS_LIMITS, ORG_IMPORT_COLUMNS, message, type Lang, type MessageKey, type OrgImportProblem, type OrgImportResult } from '@field-portal/shared';
import type { Db } from '../../db/client.js';
import { organisations } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { extensionOf } from '../../platform/file-types.js';
import { readOneFile } from '../../platform/multipart.js';
import { listFileKind, parseSheet, zipTotals } from '../../platform/sheet.js';
import { forgetLeaders } from './org.js';

/*
 * Organisation batch import (the app centre's import screen): organisations are admin's rows, so
 * the import that writes them lives here beside admin's other organisation rules (docs/decisions/0046).
 */

const importType = () => new AppError(415, 'apps.import.type', { field: 'file' }, 'file');
const importTooLarge = () => new AppError(413, 'apps.import.tooLarge', { field: 'file' }, 'file');
const unreadable = () => new AppError(400, 'apps.import.unreadable', { field: 'file' }, 'file');

const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

export interface OrgImportRow {
  name: string;
  nameEn: string;
  code: string;
  parentCode: string;
  sort: number;
  grade: number;
  leader: string;
}

/**
 * Checks every data row (the header is row 1): name and code required, codes new and not
 * repeated, each parent code known (already stored or earlier in the file), sort and grade
 * whole numbers. Answers the rows and every problem found.
 */
export function checkOrgRows(sheet: unknown[][], existingCodes: ReadonlySet<string>, lang: Lang): { rows: OrgImportRow[]; problems: OrgImportProblem[] } {
  const header = (sheet[0] ?? []).map((v) => cellText(v));
  if (ORG_IMPORT_COLUMNS.some((c, i) => header[i] !== c)) throw badRequest('apps.import.header', 'file');
  const data = sheet.slice(1);
  if (data.length === 0) throw badRequest('apps.import.empty', 'file');
  if (data.length > APPS_LIMITS.importMaxRows) throw badRequest('apps.import.tooManyRows', 'file');
  const problems: OrgImportProblem[] = [];
  const rows: OrgImportRow[] = [];
  const seen = new Set<string>();
  const problem = (row: number, field: string, key: MessageKey) => problems.push({ row, field, message: message(key, lang, { field }) });
  const int = (value: unknown, fallback: number) => {
    const text = cellText(value);
    if (text === '') return fallback;
    return /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  };
  data.forEach((cells, i) => {
    const rowNo = i + 2;
    const at = (c: (typeof ORG_IMPORT_COLUMNS)[number]) => cells[ORG_IMPORT_COLUMNS.indexOf(c)];
    const row: OrgImportRow = {
      name: cellText(at('name')).slice(0, APPS_LIMITS.nameMax + 1),
      nameEn: cellText(at('nameEn')),
      code: cellText(at('code')),
      parentCode: cellText(at('parentCode')),
      sort: int(at('sort'), 0),
      grade: int(at('grade'), 1),
      leader: cellText(at('leader')),
    };
    const before = problems.length;
    if (!row.name) problem(rowNo, 'name', 'apps.import.nameRequired');
    else if (row.name.length > APPS_LIMITS.nameMax)
      problems.push({ row: rowNo, field: 'name', message: message('field.tooLong', lang, { field: 'name', max: APPS_LIMITS.nameMax }) });
    if (row.nameEn.length > APPS_LIMITS.nameMax)
      problems.push({ row: rowNo, field: 'nameEn', message: message('field.tooLong', lang, { field: 'nameEn', max: APPS_LIMITS.nameMax }) });
    if (row.leader.length > APPS_LIMITS.nameMax)
      problems.push({ row: rowNo, field: 'leader', message: message('field.tooLong', lang, { field: 'leader', max: APPS_LIMITS.nameMax }) });
    if (!row.code) problem(rowNo, 'code', 'apps.import.codeRequired');
    else if (existingCodes.has(row.code)) problem(rowNo, 'code', 'apps.import.codeTaken');
    else if (seen.has(row.code)) problem(rowNo, 'code', 'apps.import.codeDuplicate');
    if (row.parentCode && !existingCodes.has(row.parentCode) && !seen.has(row.parentCode)) problem(rowNo, 'parentCode', 'apps.import.parentMissing');
    if (Number.isNaN(row.sort)) problem(rowNo, 'sort', 'apps.import.number');
    if (Number.isNaN(row.grade)) problem(rowNo, 'grade', 'apps.import.number');
    if (row.code) seen.add(row.code);
    if (problems.length === before) rows.push(row);
  });
  return { rows, problems };
}

/** The sheet of an import file: .xlsx or .xls checked by their bytes, .csv as UTF-8 text. */
async function readImportSheet(name: string, bytes: Buffer): Promise<unknown[][]> {
  const extension = extensionOf(name);
  if (extension === 'csv') {
    if (bytes.includes(0) || listFileKind(bytes, 'xlsx') || listFileKind(bytes, 'xls')) throw importType();
  } else {
    const kind = listFileKind(bytes, extension);
    if (!kind) throw importType();
    if (kind === 'xlsx') {
      const totals = zipTotals(bytes);
      if (!totals || totals.entries > 1000 || totals.uncompressed > 100 * 1024 * 1024) throw unreadable();
    }
  }
  try {
    return await parseSheet(bytes, APPS_LIMITS.importMaxRows + 2);
  } catch {
    throw unreadable();
  }
}

/**
 * POST org batch {type} import: organisations of one type from a file. Nothing is stored
 * when any row is wrong: the answer lists every bad row instead. All rows go in one transaction.
 */
export async function importOrganisations(request: FastifyRequest, db: Db, cache: AuthCache, user: CurrentUser, type: string): Promise<OrgImportResult> {
  const { name, bytes } = await readOneFile(request, APPS_LIMITS.importMaxBytes, importTooLarge, (n) => {
    if (!(APPS_LIMITS.importExtensions as readonly string[]).includes(extensionOf(n))) throw importType();
  });
  const sheet = await readImportSheet(name, bytes);
  const result = await db.transaction(async (tx) => {
    const codes = sheet
      .slice(1)
      .flatMap((cells) => [cellText(cells[2]), cellText(cells[3])])
      .filter(Boolean);
    const existing = codes.length
      ? await tx
          .select({ id: organisations.id, code: organisations.code })
          .from(organisations)
          .where(inArray(organisations.code, [...new Set(codes)]))
      : [];
    const idByCode = new Map(existing.map((o) => [o.code, o.id]));
    const { rows, problems } = checkOrgRows(sheet, new Set(idByCode.keys()), request.lang);
    if (problems.length > 0) return { imported: 0, problems, leaders: [] };
    for (const row of rows) {
      const [created] = await tx
        .insert(organisations)
        .values({
          name: row.name,
          nameEn: row.nameEn,
          code: row.code,
          parentId: row.parentCode ? idByCode.get(row.parentCode)! : null,
          sort: row.sort,
          grade: row.grade,
          leader: row.leader,
          type,
        })
        .returning({ id: organisations.id });
      idByCode.set(row.code, created!.id);
    }
    await recordAudit(tx, {
      actorId: user.id,
      actorName: user.username,
      action: 'import',
      entity: 'organisation',
      entityId: type,
      before: null,
      after: { type, codes: rows.map((r) => r.code) },
    });
    return { imported: rows.length, problems: [], leaders: rows.map((r) => r.leader) };
  });
  const { leaders, ...answer } = result;
  await forgetLeaders(db, cache, leaders);
  return answer;
}
