import { asc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import { type carouselInput, type CarouselRecord, type openingScreenInput, type OpeningScreenRecord, type openingScreenPatch } from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { carousels, openingScreens } from '../../db/schema/index.js';
import type { CurrentUser } from '../../platform/auth.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { audit } from './service.js';

/** The app centre's home screen: the carousel and the opening screen page (spec 001 section 7.8). */

// ---------------------------------------------------------------- carousel

type CarouselIn = z.output<typeof carouselInput>;
const toCarousel = (r: typeof carousels.$inferSelect): CarouselRecord => ({
  id: r.id,
  title: r.title,
  image: r.image,
  link: r.link,
  enabled: r.enabled,
  sort: r.sort,
});

export async function allCarousels(db: Tx): Promise<CarouselRecord[]> {
  const rows = await db.select().from(carousels).orderBy(asc(carousels.sort), asc(carousels.id));
  return rows.map(toCarousel);
}

/** Adds a carousel item at the end. */
export async function saveCarousel(db: Db, user: CurrentUser, input: CarouselIn): Promise<CarouselRecord> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ sort: max(carousels.sort) }).from(carousels);
    const [row] = await tx
      .insert(carousels)
      .values({ ...input, sort: (last?.sort ?? 0) + 1 })
      .returning();
    const after = toCarousel(row!);
    await audit(tx, user, 'create', 'carousel', after.id, null, after);
    return after;
  });
}

export async function updateCarousel(db: Db, user: CurrentUser, id: number, input: CarouselIn): Promise<CarouselRecord> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(carousels).where(eq(carousels.id, id)).limit(1);
    if (!before) throw notFound();
    const [row] = await tx.update(carousels).set(input).where(eq(carousels.id, id)).returning();
    const after = toCarousel(row!);
    await audit(tx, user, 'update', 'carousel', id, toCarousel(before), after);
    return after;
  });
}

export async function deleteCarousel(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(carousels).where(eq(carousels.id, id)).returning();
    if (!before) throw notFound();
    await audit(tx, user, 'delete', 'carousel', id, toCarousel(before), null);
  });
}

/** A new order: `ids` lists every carousel item exactly once, first shown first. */
export async function sortCarousels(db: Db, user: CurrentUser, ids: number[]): Promise<CarouselRecord[]> {
  return db.transaction(async (tx) => {
    const before = await allCarousels(tx);
    const current = new Set(before.map((c) => c.id));
    if (new Set(ids).size !== ids.length || ids.length !== current.size || ids.some((id) => !current.has(id))) {
      throw badRequest('apps.carousel.sortMismatch', 'ids');
    }
    for (const [i, id] of ids.entries())
      await tx
        .update(carousels)
        .set({ sort: i + 1 })
        .where(eq(carousels.id, id));
    const after = await allCarousels(tx);
    await audit(
      tx,
      user,
      'sort',
      'carousel',
      'all',
      before.map((c) => c.id),
      after.map((c) => c.id),
    );
    return after;
  });
}

// ---------------------------------------------------------------- opening screen page

const OPENING_ID = 1;
const toOpening = (r: typeof openingScreens.$inferSelect): OpeningScreenRecord => ({
  image: r.image,
  link: r.link,
  durationSeconds: r.durationSeconds,
  enabled: r.enabled,
  updatedAt: r.updatedAt.toISOString(),
});

export async function getOpeningScreen(db: Tx): Promise<OpeningScreenRecord | null> {
  const [row] = await db.select().from(openingScreens).where(eq(openingScreens.id, OPENING_ID)).limit(1);
  return row ? toOpening(row) : null;
}

/** Saves the whole opening screen (creates it the first time). */
export async function saveOpeningScreen(db: Db, user: CurrentUser, input: z.output<typeof openingScreenInput>, now: Date): Promise<OpeningScreenRecord> {
  return db.transaction(async (tx) => {
    const before = await getOpeningScreen(tx);
    const values = { ...input, updatedAt: now };
    const [row] = await tx
      .insert(openingScreens)
      .values({ id: OPENING_ID, ...values })
      .onConflictDoUpdate({ target: openingScreens.id, set: values })
      .returning();
    const after = toOpening(row!);
    await audit(tx, user, before ? 'update' : 'create', 'openingScreen', OPENING_ID, before, after);
    return after;
  });
}

/** Changes some fields of the opening screen; 404 before it was ever saved. */
export async function patchOpeningScreen(db: Db, user: CurrentUser, patch: z.output<typeof openingScreenPatch>, now: Date): Promise<OpeningScreenRecord> {
  return db.transaction(async (tx) => {
    const before = await getOpeningScreen(tx);
    if (!before) throw notFound();
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const [row] = await tx
      .update(openingScreens)
      .set({ ...set, updatedAt: now })
      .where(eq(openingScreens.id, OPENING_ID))
      .returning();
    const after = toOpening(row!);
    await audit(tx, user, 'update', 'openingScreen', OPENING_ID, before, after);
    return after;
  });
}
