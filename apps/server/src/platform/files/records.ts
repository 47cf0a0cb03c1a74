import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';

/** The areas that take uploads; each reads back only its own (a card's url never opens a cover). */
export type FileArea = 'cards' | 'content' | 'appcentre' | 'meetings' | 'datacollection';

export interface StoredFile {
  id: string;
  area: FileArea;
  name: string;
  mime: string;
  size: number;
  digest: string | null;
  storageKey: string;
  /** The uploader's account name. */
  owner: string;
  uploadedBy: number | null;
  createdAt: Date;
}

export async function recordFile(
  tx: Tx,
  file: { id: string; area: FileArea; key: string; name: string; mime: string; size: number; digest: string },
  uploader: { id: number; username: string },
  at: Date,
): Promise<void> {
  await tx.insert(files).values({
    id: file.id,
    area: file.area,
    name: file.name,
    mime: file.mime,
    size: file.size,
    digest: file.digest,
    storageKey: file.key,
    uploadedBy: uploader.id,
    owner: uploader.username,
    createdAt: at,
  });
}

/** One stored file of an area by its id (locked for the transaction when asked). */
export async function storedFile(db: Tx, area: FileArea, id: string, options: { forUpdate?: boolean } = {}): Promise<StoredFile | undefined> {
  const query = db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.area, area)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row as StoredFile | undefined;
}

/** The area's files among `ids`. */
export async function storedFiles(db: Tx, area: FileArea, ids: readonly string[]): Promise<StoredFile[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.area, area), inArray(files.id, [...ids])));
  return rows as StoredFile[];
}

/**
 * Forgets the area's files by id (their links go with them); answers their storage keys, for the
 * caller to remove once its transaction has committed.
 */
export async function forgetFiles(tx: Tx, area: FileArea, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const removed = await tx
    .delete(files)
    .where(and(eq(files.area, area), inArray(files.id, [...ids])))
    .returning({ storageKey: files.storageKey });
  return removed.map((r) => r.storageKey);
}

/** Forgets the area's file stored under `key` (a replaced poster); a key with no row is no error. */
export async function forgetFileByKey(tx: Tx, area: FileArea, key: string): Promise<void> {
  await tx.delete(files).where(and(eq(files.area, area), eq(files.storageKey, key)));
}
