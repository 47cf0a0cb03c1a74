import type { NamedDoctorRef, UserRef } from '@field-portal/shared';
import type { Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { userRefs } from '../admin/index.js';
import { doctorsNamedToReader } from './doctors.js';

/**
 * The people of a call or visit list: the accounts (through admin's face) and the doctors of a
 * page, named for the reader.
 */

export const unknownUser = (id: number): UserRef => ({ id, username: '', name: '' });

/**
 * The account and the doctor of each row of a call or visit list, named for `reader`: one read of
 * each for the whole page. Answers a lookup by row; an account no longer found answers a
 * placeholder, a doctor outside the reader's scope the marker (docs/decisions/0036).
 */
export async function rowPeople(
  db: Tx,
  reader: CurrentUser,
  rows: readonly { user_id: number; doctor_id: number }[],
): Promise<(row: { user_id: number; doctor_id: number }) => { user: UserRef; doctor: NamedDoctorRef }> {
  const [users, doctor] = await Promise.all([
    userRefs(
      db,
      rows.map((r) => r.user_id),
    ),
    doctorsNamedToReader(
      db,
      reader,
      rows.map((r) => r.doctor_id),
    ),
  ]);
  return (r) => ({ user: users.get(r.user_id) ?? unknownUser(r.user_id), doctor: doctor(r.doctor_id) });
}
