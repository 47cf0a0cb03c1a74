import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CUSTOMERS_LIMITS as L,
  type DoctorTagUpdateResult,
  type TagRow,
  type doctorTagUpdateRequest,
  type tagCreateRequest,
  type tagUpdateRequest,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { countUpTo } from '../../platform/paging/index.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { isUniqueViolation } from '../../db/unique.js';
import { doctorWhere, prepareFilter } from './doctor-filter.js';
import { doctorInScope, type DataScope } from './scope.js';

/**
 * Tags: shared ones (every user sees and applies them; keepers of customer master data make,
 * rename and delete them) and personal ones (only their owner sees them).
 */

interface Caller {
  userId: number;
  /** Holds the customer master data authority. */
  master: boolean;
}

const TAG_SELECT = (scope: DataScope) => sql`
  select t.id, t.name, t.color, t.owner_id is null as shared, t.owner_id as "ownerId", t.created_at as "createdAt",
         (select count(*)::int from doctor_tags dt join doctors d on d.id = dt.doctor_id where dt.tag_id = t.id and ${doctorInScope(scope)}) as "doctorCount"
    from tags t`;

type Raw = Omit<TagRow, 'createdAt'> & { createdAt: Date | string };
const toRow = (r: Raw): TagRow => ({ ...r, createdAt: new Date(r.createdAt).toISOString() });

export async function listTags(db: Db, scope: DataScope, caller: Caller): Promise<TagRow[]> {
  const rows = await selectRows<Raw>(
    db,
    sql`${TAG_SELECT(scope)} where t.owner_id is null or t.owner_id = ${caller.userId} order by t.owner_id nulls first, t.id`,
  );
  return rows.map(toRow);
}

async function tagRow(db: Db | Tx, scope: DataScope, id: number): Promise<TagRow> {
  const [row] = await selectRows<Raw>(db, sql`${TAG_SELECT(scope)} where t.id = ${id}`);
  if (!row) throw notFound();
  return toRow(row);
}

/** A tag the caller may change: their own personal tag, or a shared one for a keeper. Another's personal tag is 404. */
async function editableTag(db: Db | Tx, caller: Caller, id: number): Promise<{ ownerId: number | null }> {
  const [row] = await selectRows<{ owner_id: number | null }>(db, sql`select owner_id from tags where id = ${id}`);
  if (!row || (row.owner_id !== null && row.owner_id !== caller.userId)) throw notFound();
  if (row.owner_id === null && !caller.master) throw new AppError(403, 'customers.tag.sharedForbidden');
  return { ownerId: row.owner_id };
}

function duplicateAware<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new AppError(409, 'customers.tag.duplicate', { field: 'name' }, 'name');
    throw error;
  });
}

export async function createTag(db: Db, scope: DataScope, caller: Caller, body: z.output<typeof tagCreateRequest>): Promise<TagRow> {
  if (body.shared && !caller.master) throw new AppError(403, 'customers.tag.sharedForbidden');
  if (!body.shared) {
    const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from tags where owner_id = ${caller.userId}`);
    if ((row?.n ?? 0) >= L.tagsPerUserMax) throw badRequest('customers.tag.tooMany', 'name');
  }
  const [row] = await duplicateAware(
    selectRows<{ id: number }>(
      db,
      sql`insert into tags (name, color, owner_id, created_by) values (${body.name}, ${body.color}, ${body.shared ? null : caller.userId}, ${caller.userId}) returning id`,
    ),
  );
  return tagRow(db, scope, row!.id);
}

export async function updateTag(db: Db, scope: DataScope, caller: Caller, body: z.output<typeof tagUpdateRequest>): Promise<TagRow> {
  await editableTag(db, caller, body.id);
  await duplicateAware(db.execute(sql`update tags set name = ${body.name}, color = ${body.color}, updated_at = now() where id = ${body.id}`));
  return tagRow(db, scope, body.id);
}

export async function deleteTag(db: Db, caller: Caller, id: number): Promise<void> {
  await editableTag(db, caller, id);
  await db.execute(sql`delete from tags where id = ${id}`);
}

/** The tags must be visible to the caller (shared, or their own). */
async function checkTags(db: Db | Tx, caller: Caller, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select id from tags where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`,`,
    )}) and (owner_id is null or owner_id = ${caller.userId})`,
  );
  const found = new Set(rows.map((r) => Number(r.id)));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw badRequest('customers.tag.unknown', 'addTagIds', { id: missing });
}

/**
 * Tags and untags listed doctors (each must be in scope, else 404) or the whole filtered set in
 * scope (at most taggedSetMax), in one transaction.
 */
export async function updateDoctorTags(
  db: Db,
  scope: DataScope,
  caller: Caller,
  body: z.output<typeof doctorTagUpdateRequest>,
): Promise<DoctorTagUpdateResult> {
  const add = [...new Set(body.addTagIds)];
  const remove = [...new Set(body.removeTagIds)].filter((id) => !add.includes(id));
  await checkTags(db, caller, [...add, ...remove]);
  let where: SQL;
  if (body.doctorIds) {
    const ids = [...new Set(body.doctorIds)];
    where = sql`d.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`,`,
    )}) and ${doctorInScope(scope)}`;
    const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from doctors d where ${where}`);
    if ((row?.n ?? 0) !== ids.length) throw notFound('customers.doctor.noPanoramic');
  } else {
    where = doctorWhere(scope, await prepareFilter(db, body.filter!), caller.userId);
    if ((await countUpTo(db, sql`from doctors d where ${where}`, L.taggedSetMax)).capped)
      throw badRequest('customers.tag.setTooLarge', 'filter', { max: L.taggedSetMax });
  }
  return db.transaction(async (tx) => {
    const [doctors] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from doctors d where ${where}`);
    let added = 0;
    let removed = 0;
    if (add.length > 0) {
      const [row] = await selectRows<{ n: number }>(
        tx,
        sql`with ins as (
              insert into doctor_tags (tag_id, doctor_id, created_by)
              select t.id, d.id, ${caller.userId} from doctors d cross join (select unnest(array[${sql.join(
                add.map((i) => sql`${i}`),
                sql`,`,
              )}]::int[]) as id) t
               where ${where}
              on conflict do nothing returning 1)
            select count(*)::int as n from ins`,
      );
      added = row?.n ?? 0;
    }
    if (remove.length > 0) {
      const [row] = await selectRows<{ n: number }>(
        tx,
        sql`with del as (
              delete from doctor_tags dt using doctors d
               where d.id = dt.doctor_id and dt.tag_id in (${sql.join(
                 remove.map((i) => sql`${i}`),
                 sql`,`,
               )}) and ${where}
              returning 1)
            select count(*)::int as n from del`,
      );
      removed = row?.n ?? 0;
    }
    return { doctors: doctors?.n ?? 0, added, removed };
  });
}
