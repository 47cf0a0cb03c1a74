import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  API,
  enterpriseInput,
  messageGroupInput,
  messageGroupUpdate,
  userSearchQuery,
  type EnterpriseRecord,
  type MessageGroupRecord,
  type OptionRecord,
} from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { enterprises, messageGroupMembers, messageGroups, users } from '../../db/schema/index.js';
import { currentUser, type CurrentUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { crudRoutes, searchCondition, type CrudSpec } from '../../platform/crud.js';
import { enterpriseOf } from './account-rows.js';
import { actorOf, audit } from './common.js';

/**
 * Message groups and the enterprise settings (spec 001 /system messageManger, messageEdit, setting;
 * docs/decisions/0010): system administration's, beside the users they name. Their paths stay under
 * the app module's API as the spec's client calls them.
 */

/** Menu authorities (seed/menus.ts) of the message-group screens and the enterprise settings. */
const AUTHORITIES = { messageGroup: ['system:messageManger', 'system:messageEdit'], enterprise: 'system:setting' } as const;

// ---------------------------------------------------------------- message groups

async function presentGroups(tx: Tx, rows: Record<string, unknown>[]): Promise<MessageGroupRecord[]> {
  const ids = rows.map((r) => r.id as number);
  if (ids.length === 0) return [];
  const members = await tx
    .select({ groupId: messageGroupMembers.groupId, id: users.id, username: users.username, firstName: users.firstName })
    .from(messageGroupMembers)
    .innerJoin(users, eq(users.id, messageGroupMembers.userId))
    .where(inArray(messageGroupMembers.groupId, ids))
    .orderBy(asc(users.username));
  return rows.map((r) => {
    const own = members.filter((m) => m.groupId === r.id).map(({ id, username, firstName }) => ({ id, username, firstName }));
    return {
      id: r.id as number,
      name: r.name as string,
      description: r.description as string,
      memberIds: own.map((m) => m.id),
      members: own,
      updatedAt: (r.updatedAt as Date).toISOString(),
    };
  });
}

const messageGroupSpec: CrudSpec<typeof messageGroupInput, MessageGroupRecord> = {
  entity: 'messageGroup',
  tag: 'messageGroup',
  paths: API.apps.messageGroup,
  authority: AUTHORITIES.messageGroup,
  table: messageGroups,
  id: messageGroups.id,
  input: messageGroupInput,
  update: messageGroupUpdate,
  search: [messageGroups.name, messageGroups.description],
  order: [messageGroups.name],
  unique: [{ columns: (i) => [[messageGroups.name, i.name]], field: 'name', key: 'group.nameTaken' }],
  check: async (tx, input) => {
    if (input.memberIds.length === 0) return;
    const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, input.memberIds));
    if (found.length !== input.memberIds.length) throw new AppError(400, 'group.memberMissing', { field: 'memberIds' }, 'memberIds');
  },
  toRow: (i) => ({ name: i.name, description: i.description, updatedAt: new Date() }),
  writeChildren: async (tx, id, input, isUpdate) => {
    if (isUpdate) await tx.delete(messageGroupMembers).where(eq(messageGroupMembers.groupId, id));
    if (input.memberIds.length > 0) await tx.insert(messageGroupMembers).values(input.memberIds.map((userId) => ({ groupId: id, userId })));
  },
  present: presentGroups,
};

/** Enabled users by login or display name: `name` is the display name, `nameEn` the login name. */
async function userOptions(db: Db, search: string): Promise<OptionRecord[]> {
  const where = and(eq(users.enabled, true), searchCondition([users.username, users.firstName, users.realName], search));
  const rows = await db.select({ id: users.id, name: users.firstName, nameEn: users.username }).from(users).where(where).orderBy(asc(users.username)).limit(20);
  return rows;
}

// ---------------------------------------------------------------- enterprise settings

const toEnterprise = (r: typeof enterprises.$inferSelect): EnterpriseRecord => ({
  tenantId: r.tenantId,
  name: r.name,
  enterpriseName: r.enterpriseName,
  domain: r.domain,
  copyright: r.copyright,
  filingNumber: r.filingNumber,
});

async function getEnterprise(db: Db | Tx): Promise<EnterpriseRecord> {
  const row = await enterpriseOf(db);
  if (!row) throw new AppError(404, 'session.comFail');
  return toEnterprise(row);
}

/** Updates the enterprise (the first tenant): the login page and the footer read it. */
async function updateEnterprise(db: Db, user: CurrentUser, input: z.output<typeof enterpriseInput>): Promise<EnterpriseRecord> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(enterprises).orderBy(asc(enterprises.id)).limit(1).for('update');
    if (!current) throw new AppError(404, 'session.comFail');
    const [row] = await tx.update(enterprises).set(input).where(eq(enterprises.id, current.id)).returning();
    const after = toEnterprise(row!);
    await audit(tx, actorOf(user), 'update', 'enterprise', current.tenantId, toEnterprise(current), after);
    return after;
  });
}

/** Registers the message groups' and the enterprise settings' routes. */
export function messageGroupAndEnterpriseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.ctx.database.db;
  const emptyQuery = z.strictObject({});
  crudRoutes(app, messageGroupSpec);
  r.get(API.apps.messageGroupUsers, {
    config: { authority: AUTHORITIES.messageGroup },
    schema: { tags: ['messageGroup'], summary: 'Enabled users matching a name or login name (at most 20): [{id, name, nameEn}]', querystring: userSearchQuery },
    handler: async (request) => userOptions(db(), request.query.search),
  });
  r.get(API.apps.enterprise.get, {
    config: { authority: AUTHORITIES.enterprise },
    schema: { tags: ['enterprise'], summary: 'The enterprise settings', querystring: emptyQuery },
    handler: async () => getEnterprise(db()),
  });
  r.put(API.apps.enterprise.update, {
    config: { authority: AUTHORITIES.enterprise },
    schema: { tags: ['enterprise'], summary: 'Update the enterprise settings (login page and footer)', body: enterpriseInput },
    handler: async (request) => updateEnterprise(db(), currentUser(request), request.body),
  });
}
