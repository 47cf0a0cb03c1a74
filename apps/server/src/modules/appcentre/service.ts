import { and, asc, count, desc, eq, exists, inArray, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  APPS_LIMITS,
  type appInput,
  type appListQuery,
  type AppMenuItem,
  type AppMessageV1,
  type AppMessageV2,
  type AppRecord,
  type classificationInput,
  type ClassificationRecord,
  type Page,
} from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { appClassifications, appMenus, appRoles, apps, frequentApps, recentApps, userAppMessages } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { searchCondition, type CrudSpec } from '../../platform/crud.js';
import { countRoles, roleIdsOfUser } from '../admin/index.js';

/** Menu authority of app management (seed/menus.ts). */
export const APP_AUTHORITY = 'system:appManagement';

type AppIn = z.output<typeof appInput>;
type Row = typeof apps.$inferSelect;

export const audit = (tx: Tx, user: CurrentUser, action: string, entity: string, entityId: string | number, before: unknown, after: unknown) =>
  recordAudit(tx, { actorId: user.id, actorName: user.username, action, entity, entityId: String(entityId), before, after });

// ---------------------------------------------------------------- classifications

export const classificationSpec = (
  paths: CrudSpec<typeof classificationInput, ClassificationRecord>['paths'],
  input: typeof classificationInput,
  update: z.ZodObject,
): CrudSpec<typeof classificationInput, ClassificationRecord> => ({
  entity: 'appClassification',
  tag: 'apps',
  paths,
  authority: APP_AUTHORITY,
  table: appClassifications,
  id: appClassifications.id,
  input,
  update,
  search: [appClassifications.name, appClassifications.nameEn],
  order: [appClassifications.sort],
  unique: [{ columns: (i) => [[appClassifications.name, i.name]], field: 'name', key: 'apps.classification.nameTaken' }],
  beforeRemove: async (tx, id) => {
    const [row] = await tx.select({ n: count() }).from(apps).where(eq(apps.classificationId, id));
    const n = Number(row?.n ?? 0);
    if (n > 0) throw new AppError(409, 'apps.classification.inUse', { count: n });
  },
  present: async (tx, rows) => {
    const ids = rows.map((r) => r.id as number);
    const counts = ids.length
      ? await tx.select({ id: apps.classificationId, n: count() }).from(apps).where(inArray(apps.classificationId, ids)).groupBy(apps.classificationId)
      : [];
    return rows.map((r) => ({
      id: r.id as number,
      name: r.name as string,
      nameEn: r.nameEn as string,
      sort: r.sort as number,
      appCount: Number(counts.find((c) => c.id === r.id)?.n ?? 0),
    }));
  },
});

// ---------------------------------------------------------------- apps

async function presentApps(tx: Tx, rows: Row[]): Promise<AppRecord[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const classes = await tx
    .select()
    .from(appClassifications)
    .where(inArray(appClassifications.id, [...new Set(rows.map((r) => r.classificationId))]));
  const roleRows = await tx.select().from(appRoles).where(inArray(appRoles.appId, ids)).orderBy(asc(appRoles.roleId));
  const menuRows = await tx.select().from(appMenus).where(inArray(appMenus.appId, ids)).orderBy(asc(appMenus.sort), asc(appMenus.id));
  return rows.map((r) => ({
    id: r.id,
    appKey: r.appKey,
    name: r.name,
    nameEn: r.nameEn,
    classificationId: r.classificationId,
    classificationName: classes.find((c) => c.id === r.classificationId)?.name ?? '',
    classificationNameEn: classes.find((c) => c.id === r.classificationId)?.nameEn ?? '',
    icon: r.icon,
    url: r.url,
    description: r.description,
    sort: r.sort,
    enabled: r.enabled,
    roleIds: roleRows.filter((x) => x.appId === r.id).map((x) => x.roleId),
    menus: menuRows.filter((m) => m.appId === r.id).map(toMenuItem),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

const toMenuItem = (m: typeof appMenus.$inferSelect): AppMenuItem => ({
  id: m.id,
  name: m.name,
  nameEn: m.nameEn,
  path: m.path,
  type: m.type as AppMenuItem['type'],
  sort: m.sort,
});

async function loadApp(tx: Tx, id: number): Promise<AppRecord | undefined> {
  const rows = await tx.select().from(apps).where(eq(apps.id, id)).limit(1);
  return (await presentApps(tx, rows))[0];
}

async function checkApp(tx: Tx, input: AppIn, id: number | undefined): Promise<void> {
  const taken = await tx
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.appKey, input.appKey), id === undefined ? undefined : sql`${apps.id} <> ${id}`))
    .limit(1);
  if (taken.length > 0) throw badRequest('apps.app.keyTaken', 'appKey');
  const [cls] = await tx.select({ id: appClassifications.id }).from(appClassifications).where(eq(appClassifications.id, input.classificationId)).limit(1);
  if (!cls) throw badRequest('apps.app.classificationMissing', 'classificationId');
  const roleIds = [...new Set(input.roleIds)];
  if (roleIds.length > 0) {
    if ((await countRoles(tx, roleIds)) !== roleIds.length) throw badRequest('apps.app.roleMissing', 'roleIds');
  }
  const paths = new Set<string>();
  for (const menu of input.menus) {
    if (paths.has(menu.path)) throw badRequest('apps.app.menuDuplicate', 'menus', { path: menu.path });
    paths.add(menu.path);
  }
}

async function writeAppChildren(tx: Tx, id: number, input: AppIn, isUpdate: boolean) {
  if (isUpdate) {
    await tx.delete(appRoles).where(eq(appRoles.appId, id));
    await tx.delete(appMenus).where(eq(appMenus.appId, id));
  }
  const roleIds = [...new Set(input.roleIds)];
  if (roleIds.length > 0) await tx.insert(appRoles).values(roleIds.map((roleId) => ({ appId: id, roleId })));
  if (input.menus.length > 0) await tx.insert(appMenus).values(input.menus.map((m) => ({ appId: id, ...m })));
}

const appRow = (input: AppIn, now: Date) => ({
  appKey: input.appKey,
  name: input.name,
  nameEn: input.nameEn,
  classificationId: input.classificationId,
  icon: input.icon,
  url: input.url,
  description: input.description,
  sort: input.sort,
  enabled: input.enabled,
  updatedAt: now,
});

/** Creates an app with its roles and menus (initialisation), in one transaction. */
export async function initializeApp(db: Db, user: CurrentUser, input: AppIn, now: Date): Promise<AppRecord> {
  return db.transaction(async (tx) => {
    await checkApp(tx, input, undefined);
    const [row] = await tx.insert(apps).values(appRow(input, now)).returning({ id: apps.id });
    await writeAppChildren(tx, row!.id, input, false);
    const after = (await loadApp(tx, row!.id))!;
    await audit(tx, user, 'create', 'app', row!.id, null, after);
    return after;
  });
}

export async function updateApp(db: Db, user: CurrentUser, id: number, input: AppIn, now: Date): Promise<AppRecord> {
  return db.transaction(async (tx) => {
    const before = await loadApp(tx, id);
    if (!before) throw notFound('apps.app.notFound');
    await checkApp(tx, input, id);
    await tx.update(apps).set(appRow(input, now)).where(eq(apps.id, id));
    await writeAppChildren(tx, id, input, true);
    const after = (await loadApp(tx, id))!;
    await audit(tx, user, 'update', 'app', id, before, after);
    return after;
  });
}

/** Deletes an app; its roles, menus, frequent and recent entries and messages go with it. */
export async function deleteApp(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await loadApp(tx, id);
    if (!before) throw notFound('apps.app.notFound');
    await tx.delete(apps).where(eq(apps.id, id));
    await audit(tx, user, 'delete', 'app', id, before, null);
  });
}

export async function listApps(db: Db, query: z.output<typeof appListQuery>): Promise<Page<AppRecord>> {
  const where = and(
    searchCondition([apps.name, apps.nameEn, apps.appKey, apps.description], query.search),
    query.classificationId ? eq(apps.classificationId, query.classificationId) : undefined,
    query.enabled ? eq(apps.enabled, query.enabled === 'true') : undefined,
  );
  const [total] = await db.select({ n: count() }).from(apps).where(where);
  const rows = await db
    .select()
    .from(apps)
    .where(where)
    .orderBy(asc(apps.sort), asc(apps.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { total: Number(total?.n ?? 0), page: query.page, size: query.size, list: await presentApps(db, rows) };
}

/** The apps a user may use: enabled, and either for everyone or for one of the user's roles. */
function visibleTo(userId: number): SQL {
  return and(
    eq(apps.enabled, true),
    or(
      notExists(sql`(select 1 from ${appRoles} where ${appRoles.appId} = ${apps.id})`),
      exists(sql`(select 1 from ${appRoles} where ${appRoles.appId} = ${apps.id} and ${appRoles.roleId} in ${roleIdsOfUser(userId)})`),
    ),
  )!;
}

export async function userApps(db: Db, userId: number): Promise<AppRecord[]> {
  const rows = await db
    .select({ app: apps })
    .from(apps)
    .innerJoin(appClassifications, eq(appClassifications.id, apps.classificationId))
    .where(visibleTo(userId))
    .orderBy(asc(appClassifications.sort), asc(appClassifications.id), asc(apps.sort), asc(apps.id));
  return presentApps(
    db,
    rows.map((r) => r.app),
  );
}

/** An app the user may use, else 404 (an app the user cannot see does not exist for them). */
export async function visibleApp(tx: Tx, userId: number, appId: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(apps)
    .where(and(eq(apps.id, appId), visibleTo(userId)))
    .limit(1);
  if (!row) throw notFound('apps.app.notFound');
  return row;
}

export async function appMenusFor(db: Db, userId: number, appId: number, type: string): Promise<AppMenuItem[]> {
  await visibleApp(db, userId, appId);
  const rows = await db
    .select()
    .from(appMenus)
    .where(and(eq(appMenus.appId, appId), eq(appMenus.type, type)))
    .orderBy(asc(appMenus.sort), asc(appMenus.id));
  return rows.map(toMenuItem);
}

// ---------------------------------------------------------------- frequently and recently used apps

export async function frequentList(db: Db, userId: number): Promise<AppRecord[]> {
  const rows = await db
    .select({ app: apps })
    .from(frequentApps)
    .innerJoin(apps, eq(apps.id, frequentApps.appId))
    .where(and(eq(frequentApps.userId, userId), visibleTo(userId)))
    .orderBy(asc(frequentApps.createdAt), asc(apps.id));
  return presentApps(
    db,
    rows.map((r) => r.app),
  );
}

export async function addFrequent(db: Db, userId: number, appId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await visibleApp(tx, userId, appId);
    const [row] = await tx
      .select({ n: count() })
      .from(frequentApps)
      .where(and(eq(frequentApps.userId, userId), sql`${frequentApps.appId} <> ${appId}`));
    if (Number(row?.n ?? 0) >= APPS_LIMITS.frequentMax) throw badRequest('apps.frequent.tooMany', 'appId');
    await tx.insert(frequentApps).values({ userId, appId }).onConflictDoNothing();
  });
}

export async function removeFrequent(db: Db, userId: number, appId: number): Promise<void> {
  const removed = await db
    .delete(frequentApps)
    .where(and(eq(frequentApps.userId, userId), eq(frequentApps.appId, appId)))
    .returning({ appId: frequentApps.appId });
  if (removed.length === 0) throw notFound('apps.app.notFound');
}

export async function recentList(db: Db, userId: number): Promise<(AppRecord & { usedAt: string })[]> {
  const rows = await db
    .select({ app: apps, usedAt: recentApps.usedAt })
    .from(recentApps)
    .innerJoin(apps, eq(apps.id, recentApps.appId))
    .where(and(eq(recentApps.userId, userId), visibleTo(userId)))
    .orderBy(desc(recentApps.usedAt), desc(apps.id))
    .limit(APPS_LIMITS.recentMax);
  const records = await presentApps(
    db,
    rows.map((r) => r.app),
  );
  return records.map((r, i) => ({ ...r, usedAt: rows[i]!.usedAt.toISOString() }));
}

/** Records a use of an app; only the latest uses are kept. */
export async function addRecent(db: Db, userId: number, appId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await visibleApp(tx, userId, appId);
    await tx
      .insert(recentApps)
      .values({ userId, appId, usedAt: now })
      .onConflictDoUpdate({ target: [recentApps.userId, recentApps.appId], set: { usedAt: now } });
    const keep = tx
      .select({ appId: recentApps.appId })
      .from(recentApps)
      .where(eq(recentApps.userId, userId))
      .orderBy(desc(recentApps.usedAt), desc(recentApps.appId))
      .limit(APPS_LIMITS.recentMax);
    await tx.delete(recentApps).where(and(eq(recentApps.userId, userId), notInArray(recentApps.appId, keep)));
  });
}

// ---------------------------------------------------------------- per-user app messages

export async function messagesV1(db: Db, userId: number): Promise<AppMessageV1[]> {
  const rows = await db
    .select({ appId: userAppMessages.appId, value: userAppMessages.value })
    .from(userAppMessages)
    .innerJoin(apps, eq(apps.id, userAppMessages.appId))
    .where(and(eq(userAppMessages.userId, userId), visibleTo(userId)))
    .orderBy(asc(userAppMessages.appId));
  return rows;
}

/** Every app the user may use with its message value (0 when none was set). */
export async function messagesV2(db: Db, userId: number): Promise<AppMessageV2[]> {
  const rows = await db
    .select({ app: apps, value: userAppMessages.value, updatedAt: userAppMessages.updatedAt })
    .from(apps)
    .leftJoin(userAppMessages, and(eq(userAppMessages.appId, apps.id), eq(userAppMessages.userId, userId)))
    .where(visibleTo(userId))
    .orderBy(asc(apps.sort), asc(apps.id));
  return rows.map((r) => ({
    appId: r.app.id,
    appKey: r.app.appKey,
    name: r.app.name,
    nameEn: r.app.nameEn,
    icon: r.app.icon,
    url: r.app.url,
    value: r.value ?? 0,
    updatedAt: r.updatedAt?.toISOString() ?? null,
  }));
}

export async function updateMessageValue(db: Db, userId: number, appId: number, value: number, now: Date): Promise<AppMessageV1> {
  await visibleApp(db, userId, appId);
  await db
    .insert(userAppMessages)
    .values({ userId, appId, value, updatedAt: now })
    .onConflictDoUpdate({ target: [userAppMessages.userId, userAppMessages.appId], set: { value, updatedAt: now } });
  return { appId, value };
}
