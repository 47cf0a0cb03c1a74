import { and, count, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { AdminPage, LangEntry, LangRequest } from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { langEntries } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { audit, isUniqueViolation, likePattern, type Actor } from './common.js';

type Row = typeof langEntries.$inferSelect;
const toItem = (row: Row): LangEntry => ({
  id: row.id,
  langType: row.langType as 'zh' | 'en',
  key: row.key,
  content: row.content,
  updatedAt: row.updatedAt.toISOString(),
});
const duplicate = () => badRequest('sys.lang.duplicate', 'key');

/** One language's catalogue as { key: content }, for the web's interface text. */
export async function langCatalogue(db: Db, langType: 'zh' | 'en'): Promise<Record<string, string>> {
  const rows = await db.select({ key: langEntries.key, content: langEntries.content }).from(langEntries).where(eq(langEntries.langType, langType));
  return Object.fromEntries(rows.map((r) => [r.key, r.content]));
}

export async function listLang(
  db: Db,
  query: { page: number; size: number; langType?: 'zh' | 'en' | undefined; keyword: string },
): Promise<AdminPage<LangEntry>> {
  const conditions: SQL[] = [];
  if (query.langType) conditions.push(eq(langEntries.langType, query.langType));
  if (query.keyword) conditions.push(or(ilike(langEntries.key, likePattern(query.keyword)), ilike(langEntries.content, likePattern(query.keyword)))!);
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(langEntries).where(where);
  const rows = await db
    .select()
    .from(langEntries)
    .where(where)
    .orderBy(langEntries.key, langEntries.langType)
    .limit(query.size)
    .offset(query.page * query.size);
  return { total: total?.n ?? 0, content: rows.map(toItem) };
}

async function taken(tx: Tx, body: { langType: string; key: string }, exceptId?: number) {
  const conditions = [eq(langEntries.langType, body.langType), eq(langEntries.key, body.key)];
  if (exceptId) conditions.push(ne(langEntries.id, exceptId));
  const [row] = await tx
    .select({ id: langEntries.id })
    .from(langEntries)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export function createLang(db: Db, actor: Actor, body: Required<LangRequest>, now: Date): Promise<LangEntry> {
  return guardUnique(() =>
    db.transaction(async (tx) => {
      if (await taken(tx, body)) throw duplicate();
      const [row] = await tx
        .insert(langEntries)
        .values({ ...body, updatedAt: now })
        .returning();
      await audit(tx, actor, 'create', 'language', row!.id, null, toItem(row!));
      return toItem(row!);
    }),
  );
}

export function updateLang(db: Db, actor: Actor, id: number, body: Required<LangRequest>, now: Date): Promise<LangEntry> {
  return guardUnique(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(langEntries).where(eq(langEntries.id, id)).for('update');
      if (!before) throw notFound();
      if (await taken(tx, body, id)) throw duplicate();
      const [row] = await tx
        .update(langEntries)
        .set({ ...body, updatedAt: now })
        .where(eq(langEntries.id, id))
        .returning();
      await audit(tx, actor, 'update', 'language', id, toItem(before), toItem(row!));
      return toItem(row!);
    }),
  );
}

export async function deleteLang(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(langEntries).where(eq(langEntries.id, id)).returning();
    if (!row) throw notFound();
    await audit(tx, actor, 'delete', 'language', id, toItem(row), null);
  });
}
