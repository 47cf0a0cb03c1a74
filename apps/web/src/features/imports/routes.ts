import type { ImportKind } from '@field-portal/shared';

/** The import centre's page (seeded menu dataImport). */
export const IMPORT_CENTRE_PATH = '/dataManage/dataImport';

/** The import centre opened on one kind of data (`?kind=`, read when the page opens). */
export const importCentrePath = (kind: ImportKind) => `${IMPORT_CENTRE_PATH}?kind=${kind}`;
