import { z } from 'zod';
import { DB_INT_MAX, dbIdParam, dbText } from '../schemas/fields.js';
import { APP_MENU_TYPES, APPS_LIMITS as L, APPS_PATHS, fillPath, isSafeLink } from './apps.js';
import { idField, linkField, listFormMessage as m, listFormMissing as missing, optionalText, pageQuery, requiredText, sortField } from './apps-fields.js';

/** Request schemas and records of the app centre and app management (docs/decisions/0010); the other `/API-APPS` lists' are in reference-schemas.ts, home-schemas.ts and admin-schemas.ts. */

// ---------------------------------------------------------------- app management (spec 001 section 7.8)

export const appMenuInput = z.strictObject({
  name: requiredText('apps.app.menuNameRequired'),
  nameEn: optionalText(L.nameMax),
  path: dbText(L.urlMax).min(1),
  type: z.enum(APP_MENU_TYPES).default('MENU'),
  sort: sortField,
});

export const appInput = z.strictObject({
  appKey: z
    .string(missing('apps.app.keyRequired'))
    .trim()
    .min(1, m('apps.app.keyRequired'))
    .regex(/^[a-z][a-z0-9_-]{0,49}$/, m('apps.app.keyInvalid')),
  name: requiredText('apps.app.nameRequired'),
  nameEn: optionalText(L.nameMax),
  classificationId: z
    .number(missing('apps.app.classificationRequired'))
    .int()
    .positive(m('apps.app.classificationRequired'))
    .max(DB_INT_MAX, m('apps.app.classificationRequired')),
  icon: linkField,
  url: linkField,
  description: optionalText(L.descriptionMax),
  sort: sortField,
  enabled: z.boolean().default(true),
  /** Roles that see the app; none means every signed-in user. */
  roleIds: z.array(idField).max(L.rolesMax).default([]),
  menus: z.array(appMenuInput).max(L.menusMax).default([]),
});
export const appUpdate = appInput.extend({ id: idField });
export type AppInput = z.input<typeof appInput>;

export const appListQuery = pageQuery.extend({
  classificationId: dbIdParam.optional(),
  enabled: z.enum(['true', 'false']).optional(),
});

export interface AppMenuItem {
  id: number;
  name: string;
  nameEn: string;
  path: string;
  type: (typeof APP_MENU_TYPES)[number];
  sort: number;
}
export interface AppRecord {
  id: number;
  appKey: string;
  name: string;
  nameEn: string;
  classificationId: number;
  classificationName: string;
  classificationNameEn: string;
  icon: string;
  url: string;
  description: string;
  sort: number;
  enabled: boolean;
  roleIds: number[];
  menus: AppMenuItem[];
  updatedAt: string;
}

export const classificationInput = z.strictObject({
  name: requiredText('apps.classification.nameRequired'),
  nameEn: optionalText(L.nameMax),
  sort: sortField,
});
export const classificationUpdate = classificationInput.extend({ id: idField });
export interface ClassificationRecord {
  id: number;
  name: string;
  nameEn: string;
  sort: number;
  appCount: number;
}

export const carouselInput = z.strictObject({
  title: requiredText('apps.carousel.titleRequired'),
  image: z.string(missing('apps.carousel.imageRequired')).trim().min(1, m('apps.carousel.imageRequired')).max(L.urlMax),
  link: linkField,
  enabled: z.boolean().default(true),
});
export const carouselUpdate = carouselInput.extend({ id: idField });
export const carouselSortRequest = z.strictObject({ ids: z.array(idField).min(1).max(1000) });
export interface CarouselRecord {
  id: number;
  title: string;
  image: string;
  link: string;
  enabled: boolean;
  sort: number;
}

export const appIdParams = z.strictObject({ appId: dbIdParam });

export const appMessageValueRequest = z.strictObject({
  appId: idField,
  value: z.number().int().min(0).max(L.messageValueMax),
});
export interface AppMessageV1 {
  appId: number;
  value: number;
}
export interface AppMessageV2 extends AppMessageV1 {
  appKey: string;
  name: string;
  nameEn: string;
  icon: string;
  url: string;
  updatedAt: string | null;
}

const openingSeconds = z.number().int().min(L.openingSecondsMin, m('apps.opening.seconds')).max(L.openingSecondsMax, m('apps.opening.seconds'));
export const openingScreenInput = z.strictObject({
  image: z.string(missing('apps.opening.imageRequired')).trim().min(1, m('apps.opening.imageRequired')).max(L.urlMax),
  link: linkField,
  durationSeconds: openingSeconds.default(L.openingSecondsDefault),
  enabled: z.boolean().default(true),
});
export const openingScreenPatch = z.strictObject({
  image: dbText(L.urlMax).min(1, m('apps.opening.imageRequired')).optional(),
  link: dbText(L.urlMax)
    .refine((v) => v === '' || isSafeLink(v), m('apps.app.urlInvalid'))
    .optional(),
  durationSeconds: openingSeconds.optional(),
  enabled: z.boolean().optional(),
});
export interface OpeningScreenRecord {
  image: string;
  link: string;
  durationSeconds: number;
  enabled: boolean;
  updatedAt: string | null;
}

export interface UploadedAppFile {
  fileId: string;
  url: string;
  name: string;
  size: number;
}
export const appFileUrl = (fileId: string) => fillPath(APPS_PATHS.file.download, { fileId });

export const orgImportParams = z.strictObject({ type: z.string().regex(/^[A-Za-z0-9_-]{1,30}$/, m('apps.import.typeInvalid')) });
export interface OrgImportProblem {
  /** The row number in the file (the header is row 1). */
  row: number;
  field: string;
  message: string;
}
export interface OrgImportResult {
  imported: number;
  problems: OrgImportProblem[];
}

export const userSearchQuery = z.strictObject({ search: dbText(50).default('') });
export interface OptionRecord {
  id: number;
  name: string;
  nameEn: string;
}

export const appMenuQuery = z.strictObject({ type: z.enum(APP_MENU_TYPES).default('MENU') });

/** GET open-api getSign: the app to open. */
export const getSignQuery = z.strictObject({
  appId: z.coerce.number(missing('apps.app.notFound')).int().positive(m('apps.app.notFound')).max(DB_INT_MAX, m('apps.app.notFound')),
});

/**
 * The launch parameters an app receives (docs/decisions/0012): `sign` is the hex HMAC-SHA256 of
 * `account={account}&appKey={appKey}&nonce={nonce}&timestamp={timestamp}` under the app's own key.
 */
export interface OpenApiSign {
  appId: number;
  appKey: string;
  account: string;
  /** Milliseconds since 1970. */
  timestamp: number;
  nonce: string;
  sign: string;
  /** The app's link with the parameters above added to its query; null when the app has no link. */
  url: string | null;
}

export const verifySignRequest = z.strictObject({
  appKey: z.string(missing('apps.sign.invalid')).min(1, m('apps.sign.invalid')).max(50, m('apps.sign.invalid')),
  account: z.string(missing('apps.sign.invalid')).min(1, m('apps.sign.invalid')).max(64, m('apps.sign.invalid')),
  timestamp: z.coerce.number(missing('apps.sign.invalid')).int(m('apps.sign.invalid')).nonnegative(m('apps.sign.invalid')),
  nonce: z.string(missing('apps.sign.invalid')).regex(/^[0-9a-f]{32}$/, m('apps.sign.invalid')),
  sign: z.string(missing('apps.sign.invalid')).regex(/^[0-9a-f]{64}$/, m('apps.sign.invalid')),
});

/** The signed-in user an accepted signature names. */
export interface OpenApiIdentity {
  account: string;
  name: string;
  email: string;
  appKey: string;
}

/** The text a launch signature covers, keys in alphabetical order. */
export const signedText = (p: { account: string; appKey: string; nonce: string; timestamp: number }) =>
  `account=${p.account}&appKey=${p.appKey}&nonce=${p.nonce}&timestamp=${p.timestamp}`;
