import { eq, inArray, sql } from 'drizzle-orm';
import type { CardContent, CardFileKind, CardRecord, CardStatus } from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { cardReservations, cards, files, users } from '../../db/schema/index.js';

export type CardRow = typeof cards.$inferSelect;
export type FileRow = typeof files.$inferSelect;

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

export async function insertCard(tx: Tx, values: { id: number; content: CardContent; status: CardStatus; createBy: string; at: Date }): Promise<CardRow> {
  const [row] = await tx
    .insert(cards)
    .values({ id: values.id, content: values.content, status: values.status, createBy: values.createBy, createTime: values.at, updateTime: values.at })
    .returning();
  return row!;
}

export async function updateCardContent(tx: Tx, id: number, values: { content: CardContent; status: CardStatus; at: Date; resetCreateTime: boolean }): Promise<CardRow> {
  const [row] = await tx
    .update(cards)
    .set({ content: values.content, status: values.status, updateTime: values.at, ...(values.resetCreateTime ? { createTime: values.at } : {}) })
    .where(eq(cards.id, id))
    .returning();
  return row!;
}

export async function userBuList(db: Tx, userId: number): Promise<string[]> {
  const [row] = await db.select({ buList: users.buList }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.buList ?? [];
}

export async function filesByIds(db: Tx, ids: string[]): Promise<{ id: string; kind: CardFileKind }[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: files.id, kind: files.kind }).from(files).where(inArray(files.id, ids));
  return rows as { id: string; kind: CardFileKind }[];
}

export async function countFilesOfCard(db: Tx, cardId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(files).where(eq(files.cardId, cardId));
  return row?.n ?? 0;
}

export async function insertFile(db: Tx, values: typeof files.$inferInsert): Promise<void> {
  await db.insert(files).values(values);
}

export async function findFile(db: Tx, id: string, options: { forUpdate?: boolean } = {}): Promise<FileRow | undefined> {
  const query = db.select().from(files).where(eq(files.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function deleteFile(tx: Tx, id: string): Promise<void> {
  await tx.delete(files).where(eq(files.id, id));
}

export async function setCardContent(tx: Tx, id: number, content: CardContent, at: Date): Promise<void> {
  await tx.update(cards).set({ content, updateTime: at }).where(eq(cards.id, id));
}
