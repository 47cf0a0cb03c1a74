import { eq, inArray, sql } from 'drizzle-orm';
import type { CardContent, CardFileKind, CardRecord, CardRemark, CardStatus } from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { cardFiles, cardReservations, cards } from '../../db/schema/index.js';
import { forgetFiles, storedFile, type StoredFile } from '../../platform/files/index.js';

export type CardRow = typeof cards.$inferSelect;
/** A card's upload: the stored file and the card and use it was uploaded for. */
export type FileRow = StoredFile & { cardId: number; kind: CardFileKind };

export function toCardRecord(row: CardRow): CardRecord {
  return {
    id: row.id,
    content: JSON.stringify(row.content),
    status: row.status as CardStatus,
    createBy: row.createBy,
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
    lastPushTime: row.lastPushTime?.toISOString() ?? null,
    pushId: row.pushId,
    queueId: row.queueId,
    remark: row.remark,
    source: row.source,
    template: row.template,
  };
}

export async function reserveCardId(db: Db, username: string, at: Date): Promise<number> {
  const [row] = await db.insert(cardReservations).values({ reservedBy: username, reservedAt: at }).returning({ id: cardReservations.id });
  return row!.id;
}

export async function findReservation(db: Tx, id: number) {
  const [row] = await db.select().from(cardReservations).where(eq(cardReservations.id, id)).limit(1);
  return row;
}

/** Removes a reservation and says whose it was; a concurrent save of the same id waits here. */
export async function takeReservation(tx: Tx, id: number): Promise<string | undefined> {
  const [row] = await tx.delete(cardReservations).where(eq(cardReservations.id, id)).returning({ reservedBy: cardReservations.reservedBy });
  return row?.reservedBy;
}

export async function findCard(db: Tx, id: number, options: { forUpdate?: boolean } = {}): Promise<CardRow | undefined> {
  const query = db.select().from(cards).where(eq(cards.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Cards by id, in no particular order. */
export async function findCards(db: Tx, ids: readonly number[]): Promise<CardRow[]> {
  return ids.length === 0
    ? []
    : db
        .select()
        .from(cards)
        .where(inArray(cards.id, [...ids]));
}

export async function insertCard(tx: Tx, values: { id: number; content: CardContent; status: CardStatus; createBy: string; at: Date }): Promise<CardRow> {
  const [row] = await tx
    .insert(cards)
    .values({ id: values.id, content: values.content, status: values.status, createBy: values.createBy, createTime: values.at, updateTime: values.at })
    .returning();
  return row!;
}

export async function updateCardContent(
  tx: Tx,
  id: number,
  values: { content: CardContent; status: CardStatus; at: Date; resetCreateTime: boolean },
): Promise<CardRow> {
  const [row] = await tx
    .update(cards)
    .set({ content: values.content, status: values.status, updateTime: values.at, ...(values.resetCreateTime ? { createTime: values.at } : {}) })
    .where(eq(cards.id, id))
    .returning();
  return row!;
}

export async function filesByIds(db: Tx, ids: string[]): Promise<{ id: string; kind: CardFileKind }[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: cardFiles.fileId, kind: cardFiles.kind }).from(cardFiles).where(inArray(cardFiles.fileId, ids));
  return rows as { id: string; kind: CardFileKind }[];
}

export async function countFilesOfCard(db: Tx, cardId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cardFiles)
    .where(eq(cardFiles.cardId, cardId));
  return row?.n ?? 0;
}

/** Links a recorded upload to the card it was uploaded for. */
export async function linkFile(tx: Tx, values: typeof cardFiles.$inferInsert): Promise<void> {
  await tx.insert(cardFiles).values(values);
}

export async function findFile(db: Tx, id: string, options: { forUpdate?: boolean } = {}): Promise<FileRow | undefined> {
  const [link] = await db.select().from(cardFiles).where(eq(cardFiles.fileId, id)).limit(1);
  if (!link) return undefined;
  const file = await storedFile(db, 'cards', id, options);
  return file && { ...file, cardId: link.cardId, kind: link.kind as CardFileKind };
}

/** The file's row and its link go (the bytes after commit, by the caller). */
export async function deleteFile(tx: Tx, id: string): Promise<void> {
  await forgetFiles(tx, 'cards', [id]);
}

export async function setCardContent(tx: Tx, id: number, content: CardContent, at: Date): Promise<void> {
  await tx.update(cards).set({ content, updateTime: at }).where(eq(cards.id, id));
}

/*
 * A card's push state, written by the push module through the cards face (docs/decisions/0046):
 * push owns the queue entries and deliveries, cards own the card row those entries move.
 */

/** The card waits in the queue as the given entry of the given push. */
export async function markCardQueued(tx: Tx, id: number, values: { pushId: number; queueId: number; remark: CardRemark; at: Date }): Promise<void> {
  await tx
    .update(cards)
    .set({ status: 'queue', pushId: values.pushId, queueId: values.queueId, remark: values.remark, updateTime: values.at })
    .where(eq(cards.id, id));
}

/** The fired entries' cards are published, each pointing at the entry that fired it. */
export async function markCardsPublished(tx: Tx, fired: readonly { cardId: number; pushId: number; queueId: number }[], at: string): Promise<void> {
  if (fired.length === 0) return;
  const list = JSON.stringify(fired.map((f) => ({ card_id: f.cardId, push_id: f.pushId, queue_id: f.queueId })));
  await tx.execute(sql`
    update cards c set status = 'publish', last_push_time = ${at}::timestamptz, update_time = ${at}::timestamptz,
           push_id = f.push_id, queue_id = f.queue_id
      from jsonb_to_recordset(${list}::jsonb) as f(card_id bigint, push_id bigint, queue_id bigint)
     where c.id = f.card_id`);
}

/**
 * A cancelled queue entry: the card, if still queued as that entry, goes back to created, or to
 * publish pointing at its last fired entry when it has one.
 */
export async function restoreCardAfterCancel(
  tx: Tx,
  id: number,
  queueId: number,
  lastFired: { id: number; pushId: number; top: boolean; topStartTime: string | null; topEndTime: string | null } | undefined,
  at: string,
): Promise<void> {
  const last = lastFired ?? null;
  await tx.execute(sql`
    update cards c set
      status = case when c.last_push_time is null then 'created' else 'publish' end,
      queue_id = ${last?.id ?? null}::bigint, push_id = ${last?.pushId ?? null}::bigint,
      remark = ${last === null ? sql`null` : sql`jsonb_build_object('top', ${last.top}::boolean, 'topStartTime', ${last.topStartTime}::timestamptz, 'topEndTime', ${last.topEndTime}::timestamptz, 'permanent', false)`},
      update_time = ${at}::timestamptz
    where c.id = ${id} and c.status = 'queue' and c.queue_id = ${queueId}`);
}

/** The pin of a published card's current push. */
export async function setCardRemark(tx: Tx, id: number, remark: CardRemark, at: Date): Promise<void> {
  await tx.update(cards).set({ remark, updateTime: at }).where(eq(cards.id, id));
}

/** The card row and its files' rows go; the stored keys of the files are returned for removal after commit. */
export async function deleteCardRows(tx: Tx, id: number): Promise<string[]> {
  const links = await tx.delete(cardFiles).where(eq(cardFiles.cardId, id)).returning({ fileId: cardFiles.fileId });
  const keys = await forgetFiles(
    tx,
    'cards',
    links.map((l) => l.fileId),
  );
  await tx.delete(cards).where(eq(cards.id, id));
  return keys;
}
