import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { idParams, pageQuery, searchTerms, type MessageKey, type Page, type PageQuery } from '@field-portal/shared';
import type { Db, Tx } from '../db/client.js';
import { recordAudit } from './audit.js';
import { currentUser, type CurrentUser } from './auth.js';
import { badRequest, notFound } from './errors.js';
import { likePattern } from '../db/like.js';

/** A column whose value must not repeat, with the message naming the field. */
export interface UniqueRule<I> {
  /** The columns and the input's values for them (a pair for a compound key). */
  columns: (input: I) => [PgColumn, unknown][];
  field: string;
  key: MessageKey;
}

/**
 * One simple administrative entity: a table, the zod schemas of its writes and its own rules.
 * The building block gives it list (search and paging), one record by id, create, update and delete routes,
 * each behind the entity's menu authority, each write validated, in one transaction and audited.
 */
export interface CrudSpec<I extends z.ZodObject, R> {
  /** The entity's name in the audit log. */
  entity: string;
  paths: { list: string; create: string; update: string; remove: string; one: string };
  /** The menu authority of the entity's screen. */
  authority: string | readonly string[];
  table: PgTable;
  id: PgColumn;
  input: I;
  /** `input` extended with the id. */
  update: z.ZodObject;
  /** Columns the search words are matched against (each word in any column). */
  search: PgColumn[];
  order: PgColumn[];
  unique?: UniqueRule<z.output<I>>[];
  /** The entity's own rules beyond the schema (throw badRequest naming the field). */
  check?: (tx: Tx, input: z.output<I>, id: number | undefined) => Promise<void>;
  /** The row values of the input (default: the input as it is). */
  toRow?: (input: z.output<I>) => Record<string, unknown>;
  /** Rows written beside the main row (children), inside the same transaction. */
  writeChildren?: (tx: Tx, id: number, input: z.output<I>, isUpdate: boolean) => Promise<void>;
  /** The records of rows as the API answers them (default: the rows as they are). */
  present?: (tx: Tx, rows: Record<string, unknown>[]) => Promise<R[]>;
  /** Refuses a deletion the entity's rules forbid (throw an AppError). */
  beforeRemove?: (tx: Tx, id: number) => Promise<void>;
  /** Runs after a committed write (cache invalidation). */
  afterWrite?: () => void | Promise<void>;
  tag: string;
}

const stripTimes = (row: Record<string, unknown>) => {
  const { createdAt, ...rest } = row;
  void createdAt;
  return rest;
};

export function searchCondition(columns: PgColumn[], search: string): SQL | undefined {
  const terms = searchTerms(search);
  if (terms.length === 0 || columns.length === 0) return undefined;
  return and(...terms.map((term) => or(...columns.map((c) => ilike(c, likePattern(term))))));
}

/** The entity's service: usable without HTTP (seed, tests). */
export function crudService<I extends z.ZodObject, R>(spec: CrudSpec<I, R>) {
  const present = async (tx: Tx, rows: Record<string, unknown>[]): Promise<R[]> => (spec.present ? spec.present(tx, rows) : (rows.map(stripTimes) as R[]));

  async function findRow(tx: Tx, id: number): Promise<Record<string, unknown> | undefined> {
    const rows = (await tx.select().from(spec.table).where(eq(spec.id, id)).limit(1)) as Record<string, unknown>[];
    return rows[0];
  }
  async function findRecord(tx: Tx, id: number): Promise<R | undefined> {
    const row = await findRow(tx, id);
    return row ? (await present(tx, [row]))[0] : undefined;
  }

  async function checkRules(tx: Tx, input: z.output<I>, id: number | undefined) {
    for (const rule of spec.unique ?? []) {
      const pairs = rule.columns(input);
      const where = and(...pairs.map(([column, value]) => eq(column, value)), id === undefined ? undefined : ne(spec.id, id));
      const taken = await tx.select({ id: spec.id }).from(spec.table).where(where).limit(1);
      if (taken.length > 0) throw badRequest(rule.key, rule.field);
    }
    await spec.check?.(tx, input, id);
  }

  return {
    findRecord,
    async list(db: Db, query: PageQuery): Promise<Page<R>> {
      const where = searchCondition(spec.search, query.search);
      const [total] = await db.select({ n: count() }).from(spec.table).where(where);
      const rows = (await db
        .select()
        .from(spec.table)
        .where(where)
        .orderBy(...spec.order.map((c) => asc(c)), asc(spec.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size)) as Record<string, unknown>[];
      return { total: Number(total?.n ?? 0), page: query.page, size: query.size, list: await present(db, rows) };
    },
    async create(db: Db, user: CurrentUser, input: z.output<I>): Promise<R> {
      const record = await db.transaction(async (tx) => {
        await checkRules(tx, input, undefined);
        const values = spec.toRow ? spec.toRow(input) : input;
        const [row] = (await tx
          .insert(spec.table)
          .values(values as never)
          .returning()) as Record<string, unknown>[];
        const id = Number(row!.id);
        await spec.writeChildren?.(tx, id, input, false);
        const after = (await findRecord(tx, id))!;
        await recordAudit(tx, { actorId: user.id, actorName: user.username, action: 'create', entity: spec.entity, entityId: String(id), before: null, after });
        return after;
      });
      await spec.afterWrite?.();
      return record;
    },
    async update(db: Db, user: CurrentUser, id: number, input: z.output<I>): Promise<R> {
      const record = await db.transaction(async (tx) => {
        const before = await findRecord(tx, id);
        if (!before) throw notFound();
        await checkRules(tx, input, id);
        const values = spec.toRow ? spec.toRow(input) : input;
        await tx
          .update(spec.table)
          .set(values as never)
          .where(eq(spec.id, id));
        await spec.writeChildren?.(tx, id, input, true);
        const after = (await findRecord(tx, id))!;
        await recordAudit(tx, { actorId: user.id, actorName: user.username, action: 'update', entity: spec.entity, entityId: String(id), before, after });
        return after;
      });
      await spec.afterWrite?.();
      return record;
    },
    async remove(db: Db, user: CurrentUser, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await findRecord(tx, id);
        if (!before) throw notFound();
        await spec.beforeRemove?.(tx, id);
        await tx.delete(spec.table).where(eq(spec.id, id));
        await recordAudit(tx, { actorId: user.id, actorName: user.username, action: 'delete', entity: spec.entity, entityId: String(id), before, after: null });
      });
      await spec.afterWrite?.();
    },
  };
}

/** Registers the five routes of an entity. */
export function crudRoutes<I extends z.ZodObject, R>(app: FastifyInstance, spec: CrudSpec<I, R>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = crudService(spec);
  const db = () => app.ctx.database.db;
  const config = { authority: spec.authority };
  const tags = [spec.tag];

  r.get(spec.paths.list, {
    config,
    schema: { tags, summary: `List ${spec.entity} records: search (at most five words), page from 1, size; {total, page, size, list}`, querystring: pageQuery },
    handler: async (request) => service.list(db(), request.query),
  });
  r.get(spec.paths.one, {
    config,
    schema: { tags, summary: `One ${spec.entity} by its id (404 when there is none)`, params: idParams },
    handler: async (request) => {
      const record = await service.findRecord(db(), request.params.id);
      if (!record) throw notFound();
      return record;
    },
  });
  r.post(spec.paths.create, {
    config,
    schema: { tags, summary: `Create a ${spec.entity}`, body: spec.input },
    handler: async (request) => service.create(db(), currentUser(request), request.body as z.output<I>),
  });
  r.put(spec.paths.update, {
    config,
    schema: { tags, summary: `Update a ${spec.entity} (by id)`, body: spec.update },
    handler: async (request) => {
      const { id, ...input } = request.body as { id: number } & Record<string, unknown>;
      return service.update(db(), currentUser(request), id, input as z.output<I>);
    },
  });
  r.delete(spec.paths.remove, {
    config,
    schema: { tags, summary: `Delete a ${spec.entity}`, params: idParams },
    handler: async (request) => {
      await service.remove(db(), currentUser(request), request.params.id);
      return {};
    },
  });
  return service;
}
