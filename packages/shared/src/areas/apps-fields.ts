import { z } from 'zod';
import { dbId, dbIdParam, dbText, pageNumber } from '../schemas/fields.js';
import { SEARCH_MAX_CONDITIONS } from '../constants.js';
import { APPS_LIMITS, isSafeLink, searchTerms } from './apps.js';
import type { AppsMessageKey } from './apps-messages.js';
import type { ListMessageKey } from './list-messages.js';
import type { ReferenceDataMessageKey } from './reference-messages.js';
import type { HomeMessageKey } from './home-messages.js';
import type { ADMIN_MESSAGES } from './admin-messages.js';

/** A message of the `/API-APPS` forms: the lists' own, the app centre's, the reference tables', the home data's, and the settings' and message groups' (admin's). */
export type ListFormMessageKey = ListMessageKey | AppsMessageKey | ReferenceDataMessageKey | HomeMessageKey | keyof typeof ADMIN_MESSAGES;
/** A message key, as a zod message. */
export const listFormMessage = (key: ListFormMessageKey) => key;
/** The message of a missing or mistyped value; other problems keep their own message. */
export const listFormMissing = (key: ListFormMessageKey) => ({ error: (issue: { code: string }) => (issue.code === 'invalid_type' ? key : undefined) });

/**
 * Field schemas (zod) the app and data management requests are built of, apart from the area's
 * paths, limits and messages so the web entry, which needs those, does not carry zod and these
 * (docs/decisions/0016, 0026).
 */

const m = listFormMessage;

// ---------------------------------------------------------------- building blocks

const L = APPS_LIMITS;
/** A required text: trimmed, not empty (the message names the field), at most `max` characters. */
export const requiredText = (key: ListFormMessageKey, max: number = L.nameMax) => z.string(listFormMissing(key)).trim().min(1, m(key)).max(max);
export const optionalText = (max: number = L.textMax) => dbText(max).default('');
export const sortField = z.number().int().min(0).max(L.sortMax).default(0);
export const idField = dbId;
/** A path id (`/:id`). */
export const idParams = z.strictObject({ id: dbIdParam });
/** A link: empty, a site-relative path (uploaded files), or an http, https or ftp URL. */
export const linkField = z
  .string()
  .trim()
  .max(L.urlMax)
  .refine((v) => v === '' || isSafeLink(v), m('apps.app.urlInvalid'))
  .default('');
export const searchField = z
  .string()
  .trim()
  .max(L.textMax)
  .refine((v) => searchTerms(v).length <= SEARCH_MAX_CONDITIONS, m('apps.search.tooMany'))
  .default('');

/** A page of a list: page from 1, size up to 100, optional search. */
export const pageQuery = z.strictObject({
  page: pageNumber(1),
  size: z.coerce.number().int().min(1).max(L.pageSizeMax).default(L.pageSizeDefault),
  search: searchField,
});
export type PageQuery = z.infer<typeof pageQuery>;
