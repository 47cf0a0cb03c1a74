import { and, count, desc, eq } from 'drizzle-orm';
import {
  DATA_COLLECTION_NEXT,
  type DataCollectionForm,
  type DataCollectionPage,
  type DataCollectionRequest,
  type DataCollectionStatus,
  type Lang,
  message,
} from '@field-portal/shared';
import type { Database, Db, Tx } from '../../db/client.js';
import { dataCollectionRequests } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { keepUpload, type ReceivedFile } from '../../platform/files/index.js';
import { publishNotice } from '../../platform/realtime/publish.js';
import type { FileStore } from '../../platform/storage.js';

export interface DataCollectionDeps {
  db: Db;
  files: FileStore;
  now: () => number;
}

type Row = typeof dataCollectionRequests.$inferSelect;

const toRequest = (row: Row): DataCollectionRequest => ({
  id: row.id,
  createdBy: row.createdBy,
  sourcePlatform: row.sourcePlatform,
  content: row.content,
  remarks: row.remarks,
  realTime: row.realTime,
  contactName: row.contactName,
  contactPhone: row.contactPhone,
  wechat: row.wechat,
  qq: row.qq,
  fileName: row.fileName,
  fileSize: row.fileSize,
  status: row.status as DataCollectionStatus,
  reply: row.reply,
  handledBy: row.handledBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const notFound = () => new AppError(404, 'dataCollection.notFound');

/**
 * Files a request. Its attachment, if any, takes the one upload path: recorded in the same
 * transaction as the request, or removed from the store when the request is not written.
 */
export async function createRequest(
  deps: DataCollectionDeps,
  user: { id: number; username: string },
  form: DataCollectionForm,
  file: ReceivedFile | undefined,
): Promise<DataCollectionRequest> {
  const at = new Date(deps.now());
  const insert = async (tx: Tx) => {
    const [row] = await tx
      .insert(dataCollectionRequests)
      .values({
        userId: user.id,
        createdBy: user.username,
        ...form,
        fileKey: file?.key ?? null,
        fileName: file?.name ?? null,
        fileSize: file?.size ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    return row!;
  };
  const row = file ? await keepUpload(deps.db, deps.files, file, user, at, insert) : await insert(deps.db);
  return toRequest(row);
}

async function page(db: Db, where: ReturnType<typeof and>, query: { pageNum: number; limitNum: number }): Promise<DataCollectionPage> {
  const [total] = await db.select({ n: count() }).from(dataCollectionRequests).where(where);
  const rows = await db
    .select()
    .from(dataCollectionRequests)
    .where(where)
    .orderBy(desc(dataCollectionRequests.id))
    .limit(query.limitNum)
    .offset((query.pageNum - 1) * query.limitNum);
  return { total: total?.n ?? 0, result: rows.map(toRequest) };
}

/** The caller's own requests. */
export function listMine(deps: DataCollectionDeps, userId: number, query: { status?: DataCollectionStatus; pageNum: number; limitNum: number }) {
  return page(deps.db, and(eq(dataCollectionRequests.userId, userId), query.status ? eq(dataCollectionRequests.status, query.status) : undefined), query);
}

/** Every request (the handling menu). */
export function listAll(deps: DataCollectionDeps, query: { status?: DataCollectionStatus; pageNum: number; limitNum: number }) {
  return page(deps.db, and(query.status ? eq(dataCollectionRequests.status, query.status) : undefined), query);
}

/**
 * Moves a request to its next status (DATA_COLLECTION_NEXT); the row is locked while it is read,
 * so two handlers never both move it from the same status. The requester gets a notice.
 */
export async function changeStatus(
  deps: DataCollectionDeps,
  database: Pick<Database, 'query'>,
  handler: string,
  lang: Lang,
  input: { id: number; status: DataCollectionStatus; reply?: string },
): Promise<DataCollectionRequest> {
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(dataCollectionRequests).where(eq(dataCollectionRequests.id, input.id)).for('update');
    if (!row) throw notFound();
    const from = row.status as DataCollectionStatus;
    if (!DATA_COLLECTION_NEXT[from].includes(input.status)) {
      throw badRequest('dataCollection.badTransition', 'status', {
        from: message(`dataCollection.status.${from}`, lang),
        to: message(`dataCollection.status.${input.status}`, lang),
      });
    }
    const [next] = await tx
      .update(dataCollectionRequests)
      .set({ status: input.status, reply: input.reply ?? row.reply, handledBy: handler, updatedAt: new Date(deps.now()) })
      .where(eq(dataCollectionRequests.id, input.id))
      .returning();
    return next!;
  });
  await publishNotice(database, [updated.createdBy], {
    type: 'dataCollection.status',
    at: updated.updatedAt.toISOString(),
    data: { id: updated.id, status: updated.status, reply: updated.reply },
  });
  return toRequest(updated);
}

/** The attachment of a request, for its requester or (canManage) the handling menu; 404 for anyone else. */
export async function openAttachment(deps: DataCollectionDeps, user: { id: number }, canManage: boolean, id: number) {
  const [row] = await deps.db.select().from(dataCollectionRequests).where(eq(dataCollectionRequests.id, id));
  if (!row || (!canManage && row.userId !== user.id)) throw notFound();
  if (!row.fileKey) throw new AppError(404, 'dataCollection.noFile');
  const file = await deps.files.open(row.fileKey);
  if (!file) throw new AppError(404, 'dataCollection.noFile');
  return { ...file, fileName: row.fileName ?? 'attachment' };
}
