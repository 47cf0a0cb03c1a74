import type { ImportKind } from '@field-portal/shared';
import { doctors } from './doctors.js';
import { hospitals } from './hospitals.js';
import { organisations } from './organisations.js';
import { products } from './products.js';
import { territories } from './territories.js';
import { users } from './users.js';
import { visits } from './visits.js';
import type { AuthCache } from '../../../platform/auth-cache.js';
import type { ImportKindDef } from './kind.js';

/** Every kind of import, one file each (docs/decisions/0049). */
export const KINDS: Record<ImportKind, ImportKindDef> = {
  organisations,
  users,
  territories,
  hospitals,
  doctors,
  products,
  visits,
};

export const kindOf = (kind: ImportKind): ImportKindDef => KINDS[kind];
export type { ImportKindDef, WriteCounts } from './kind.js';

/** After a committed write: a kind that changes accounts clears the cached menus and authorities. */
export async function forgetAccounts(kind: ImportKind, authCache: Pick<AuthCache, 'invalidateAll'> | undefined): Promise<void> {
  if (kindOf(kind).changesAccounts) await authCache?.invalidateAll();
}
