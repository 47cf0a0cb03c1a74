import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CUSTOMERS_LIMITS,
  type CorrectionChanges,
  type CorrectionRow,
  type KeysetPage,
  type correctionListQuery,
  type correctionRequest,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { departmentOf, unknownCodes } from '../reference/index.js';
import { countUpTo, decodeCursor, keysetPage } from '../../platform/paging/index.js';
import { doctorInScope, hospitalInScope, type DataScope } from './scope.js';
import { joinUser } from '../admin/index.js';

/**
 * Corrections as data-change requests (Veeva DCR): a user proposes, the doctor shows "pending
 * correction", a keeper of customer master data accepts (the proposed values are applied in the
 * same transaction) or rejects.
 */

const CORRECTION_SELECT = sql`
  select c.id, c.doctor_id as "doctorId", d.name as "doctorName", h.name as "hospitalName", c.content, c.changes, c.status,
         c.created_by as "createdBy", coalesce(nullif(u.real_name, ''), u.username) as "createdByName", c.created_at as "createdAt",
         c.decided_by as "decidedBy", coalesce(nullif(v.real_name, ''), v.username) as "decidedByName", c.decided_at as "decidedAt", c.decision_note as "decisionNote"
    from doctor_corrections c
    join doctors d on d.id = c.doctor_id
    join hospitals h on h.id = d.hospital_id
    ${joinUser('u', sql`c.created_by`, 'left')}
    ${joinUser('v', sql`c.decided_by`, 'left')}`;

type Raw = Omit<CorrectionRow, 'createdAt' | 'decidedAt'> & { createdAt: Date | string; decidedAt: Date | string | null };
const toRow = (r: Raw): CorrectionRow => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
});

/** The pending corrections of a doctor (only the author's own when `authorId` is given). */
export async function correctionsOfDoctor(db: Db | Tx, doctorId: number, authorId?: number): Promise<CorrectionRow[]> {
  const rows = await selectRows<Raw>(
    db,
    sql`${CORRECTION_SELECT} where c.doctor_id = ${doctorId} and c.status = 'pending' ${authorId ? sql`and c.created_by = ${authorId}` : sql``} order by c.id`,
  );
  return rows.map(toRow);
}

/** The proposed values must name existing codes and a hospital in the proposer's scope. */
async function checkChanges(db: Db | Tx, scope: DataScope, changes: CorrectionChanges): Promise<void> {
  if (changes.dept1Code && (await departmentOf(db, changes.dept1Code))?.level !== 1)
    throw badRequest('customers.code.unknown', 'changes.dept1Code', { code: changes.dept1Code });
  if (changes.dept2Code) {
    const dept2 = await departmentOf(db, changes.dept2Code);
    if (dept2?.level !== 2) throw badRequest('customers.code.unknown', 'changes.dept2Code', { code: changes.dept2Code });
  }
  const coded: [keyof CorrectionChanges, 'title' | 'teachingTitle' | 'direction'][] = [
    ['titleCode', 'title'],
    ['teachingTitleCode', 'teachingTitle'],
    ['directionCode', 'direction'],
  ];
  for (const [field, kind] of coded) {
    const code = changes[field];
    if (typeof code === 'string' && (await unknownCodes(db, kind, [code])).length > 0) throw badRequest('customers.code.unknown', `changes.${field}`, { code });
  }
  if (changes.hospitalId) {
    const [row] = await selectRows<{ id: number }>(db, sql`select h.id from hospitals h where h.id = ${changes.hospitalId} and ${hospitalInScope(scope)}`);
    if (!row) throw badRequest('customers.hospital.unknown', 'changes.hospitalId');
  }
}

export async function createCorrection(db: Db, scope: DataScope, userId: number, body: z.output<typeof correctionRequest>): Promise<CorrectionRow> {
  const [doctor] = await selectRows<{ id: number }>(db, sql`select d.id from doctors d where d.id = ${body.doctorId} and ${doctorInScope(scope)}`);
  if (!doctor) throw notFound('customers.doctor.noPanoramic');
  await checkChanges(db, scope, body.changes);
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into doctor_corrections (doctor_id, content, changes, created_by) values (${body.doctorId}, ${body.content}, ${JSON.stringify(body.changes)}::jsonb, ${userId}) returning id`,
  );
  const [created] = await selectRows<Raw>(db, sql`${CORRECTION_SELECT} where c.id = ${row!.id}`);
  return toRow(created!);
}

/** Reviewers see every correction of doctors in their scope; others only their own. */
export async function listCorrections(
  db: Db,
  scope: DataScope,
  userId: number,
  reviewer: boolean,
  query: z.output<typeof correctionListQuery>,
): Promise<KeysetPage<CorrectionRow>> {
  const parts: SQL[] = [doctorInScope(scope)];
  if (!reviewer) parts.push(sql`c.created_by = ${userId}`);
  if (query.status) parts.push(sql`c.status = ${query.status}`);
  if (query.doctorId) parts.push(sql`c.doctor_id = ${query.doctorId}`);
  const where = sql.join(parts, sql` and `);
  const after = decodeCursor(query.cursor, ['int'])?.[0];
  const rows = await selectRows<Raw>(
    db,
    sql`${CORRECTION_SELECT} where ${where} ${after !== undefined ? sql`and c.id > ${after}` : sql``} order by c.id limit ${query.size + 1}`,
  );
  const { total, capped } = await countUpTo(db, sql`from doctor_corrections c join doctors d on d.id = c.doctor_id where ${where}`, CUSTOMERS_LIMITS.countCap);
  const page = keysetPage(rows, query.size, (r) => [Number(r.id)]);
  return { content: page.rows.map(toRow), nextCursor: page.nextCursor, total, capped };
}

/** Locks a pending correction of a doctor in scope; 404 outside it, 409 when already decided. */
async function lockPending(tx: Tx, scope: DataScope, id: number): Promise<{ doctorId: number; changes: CorrectionChanges }> {
  const [row] = await selectRows<{ doctor_id: number; status: string; changes: CorrectionChanges }>(
    tx,
    sql`select c.doctor_id, c.status, c.changes from doctor_corrections c join doctors d on d.id = c.doctor_id
         where c.id = ${id} and ${doctorInScope(scope)} for update of c`,
  );
  if (!row) throw notFound();
  if (row.status !== 'pending') throw new AppError(409, 'customers.correction.notPending');
  return { doctorId: row.doctor_id, changes: row.changes };
}

/** Applies the proposed values: the doctor's fields, and a new primary affiliation for a new hospital. */
async function applyChanges(tx: Tx, doctorId: number, changes: CorrectionChanges): Promise<void> {
  const sets: SQL[] = [];
  if (changes.name !== undefined) sets.push(sql`name = ${changes.name}`);
  if (changes.gender !== undefined) sets.push(sql`gender = ${changes.gender}`);
  if (changes.dept1Code !== undefined) sets.push(sql`dept1_code = ${changes.dept1Code}`);
  if (changes.dept2Code !== undefined) sets.push(sql`dept2_code = ${changes.dept2Code}`);
  if (changes.titleCode !== undefined) sets.push(sql`title_code = ${changes.titleCode}`);
  if (changes.teachingTitleCode !== undefined) sets.push(sql`teaching_title_code = ${changes.teachingTitleCode}`);
  if (changes.directionCode !== undefined) sets.push(sql`direction_code = ${changes.directionCode}`);
  if (changes.name !== undefined) {
    // pinyin-pro's dictionary loads on first use, not at start-up.
    const { pinyinOf } = await import('./pinyin.js');
    const [py, initials] = pinyinOf(changes.name);
    sets.push(sql`pinyin = ${py}`, sql`initials = ${initials}`);
  }
  if (changes.hospitalId !== undefined) {
    sets.push(sql`hospital_id = h.id, province_code = h.province_code, city_code = h.city_code, county_code = h.county_code,
                  city_level = h.city_level, hospital_level = h.level`);
  }
  if (sets.length === 0) return;
  sets.push(sql`updated_at = now()`);
  const from =
    changes.hospitalId !== undefined
      ? sql`from hospitals h where h.id = ${changes.hospitalId} and doctors.id = ${doctorId}`
      : sql`where doctors.id = ${doctorId}`;
  await tx.execute(sql`update doctors set ${sql.join(sets, sql`, `)} ${from}`);
  if (changes.hospitalId !== undefined) {
    await tx.execute(sql`update doctor_affiliations set end_date = current_date where doctor_id = ${doctorId} and is_primary and end_date is null`);
    await tx.execute(sql`insert into doctor_affiliations (doctor_id, hospital_id, dept1_code, dept2_code, position_code, is_primary, start_date)
                         select d.id, d.hospital_id, d.dept1_code, d.dept2_code, 'PHYSICIAN', true, current_date from doctors d where d.id = ${doctorId}`);
  } else if (changes.dept1Code !== undefined || changes.dept2Code !== undefined) {
    await tx.execute(sql`update doctor_affiliations a set dept1_code = d.dept1_code, dept2_code = d.dept2_code from doctors d
                          where d.id = a.doctor_id and a.doctor_id = ${doctorId} and a.is_primary and a.end_date is null`);
  }
}

export async function decideCorrection(db: Db, scope: DataScope, userId: number, id: number, accept: boolean, note: string): Promise<CorrectionRow> {
  await db.transaction(async (tx) => {
    const { doctorId, changes } = await lockPending(tx, scope, id);
    if (accept) {
      await checkChanges(tx, scope, changes);
      await applyChanges(tx, doctorId, changes);
    }
    await tx.execute(
      sql`update doctor_corrections set status = ${accept ? 'accepted' : 'rejected'}, decided_by = ${userId}, decided_at = now(), decision_note = ${note} where id = ${id}`,
    );
  });
  const [row] = await selectRows<Raw>(db, sql`${CORRECTION_SELECT} where c.id = ${id}`);
  return toRow(row!);
}
