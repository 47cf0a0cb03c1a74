/** Limits, paths, schemas and messages of app management, data management, message groups and enterprise settings (docs/decisions/0010). */

const MB = 1024 * 1024;

/** The kinds of an app menu entry (spec 001 section 7.8); a module without zod, so forms can list them. */
export const APP_MENU_TYPES = ['MENU', 'BUTTON'] as const;

/** The columns of the organisation import file, in order. */
export const ORG_IMPORT_COLUMNS = ['name', 'nameEn', 'code', 'parentCode', 'sort', 'grade', 'leader'] as const;

export const APPS_LIMITS = {
  nameMax: 50,
  textMax: 200,
  descriptionMax: 500,
  urlMax: 500,
  sortMax: 9999,
  pageSizeMax: 100,
  pageSizeDefault: 10,
  menusMax: 100,
  rolesMax: 100,
  /** An app icon, a carousel or an opening-screen image. */
  imageMaxBytes: 2 * MB,
  imageExtensions: ['png', 'jpg', 'jpeg', 'gif'] as const,
  /** The organisation batch import: a file of at most 1 MB and 5,000 rows (.xlsx, .xls or .csv). */
  importMaxBytes: 1 * MB,
  importMaxRows: 5000,
  importExtensions: ['xlsx', 'xls', 'csv'] as const,
  openingSecondsMin: 1,
  openingSecondsMax: 10,
  openingSecondsDefault: 3,
  /** Frequently used apps per user; recently used apps kept per user. */
  frequentMax: 20,
  recentMax: 10,
  /** An open-api launch signature is accepted once, within this many seconds of its timestamp either way. */
  signTtlSeconds: 300,
  messageValueMax: 99999,
  competitorsMax: 50,
  indicationsMax: 50,
  groupMembersMax: 1000,
  homeValueMax: 2_000_000_000,
  chartPointsMax: 100,
} as const;

const APP = '/API-APP';
const DATA = '/API-DATA';

/** CRUD paths of a data-management entity. */
function crudPaths<const E extends string>(base: string, entity: E) {
  return {
    list: `${base}/${entity}/list`,
    create: `${base}/${entity}/create`,
    update: `${base}/${entity}/update`,
    remove: `${base}/${entity}/:id`,
    /** One record by its id (GET on the path DELETE removes it by). */
    one: `${base}/${entity}/:id`,
  } as const;
}

/** API paths of this area (merged into `API.apps`). The spec names the calls of 7.8 but not their paths. */
export const APPS_PATHS = {
  app: {
    initialization: `${APP}/appManage/initialization`,
    update: `${APP}/appManage/update`,
    remove: `${APP}/appManage/:appId`,
    listByExample: `${APP}/appManage/listByExample`,
    userAll: `${APP}/appManage/user/all`,
    /** Roles an app can be limited to (the app form's choices). */
    roles: `${APP}/appManage/roles`,
  },
  classification: {
    create: `${APP}/appClassification/create`,
    list: `${APP}/appClassification/list`,
    update: `${APP}/appClassification/update`,
    remove: `${APP}/appClassification/:id`,
    one: `${APP}/appClassification/:id`,
  },
  file: {
    upload: `${APP}/file/upload`,
    download: `${APP}/file/:fileId`,
  },
  carousel: {
    save: `${APP}/carousel/save`,
    remove: `${APP}/carousel/delete/:id`,
    updateSort: `${APP}/carousel/updateSort`,
    update: `${APP}/carousel/update`,
    all: `${APP}/system/carousel/all`,
  },
  frequent: {
    list: `${APP}/frequentlyUsed`,
    add: `${APP}/frequentlyUsed/:appId`,
    remove: `${APP}/frequentlyUsed/:appId`,
  },
  recent: {
    list: `${APP}/recentlyUsed`,
    add: `${APP}/recentlyUsed/:appId`,
  },
  message: {
    v1: `${APP}/v1/userAppMessage`,
    v2: `${APP}/v2/userAppMessage`,
    updateValue: `${APP}/userAppMessage/updateUserAppMassageValue`,
  },
  openingScreen: {
    get: `${APP}/openingScreenPage/get`,
    update: `${APP}/openingScreenPage/update`,
    save: `${APP}/openingScreenPage/save`,
  },
  orgImport: `${APP}/org/batch/:type/import`,
  openApi: {
    /** The signed launch parameters of an app for the signed-in user. */
    getSign: `${APP}/open-api/getSign`,
    /** The opened app's server checks them (no sign-in; each signature is accepted once). */
    verifySign: `${APP}/open-api/verifySign`,
  },
  appMenu: `${APP}/appMenu/:appId/user/all`,
  data: {
    medicine: crudPaths(DATA, 'medicine'),
    homeData: crudPaths(DATA, 'homeData'),
    homeChart: crudPaths(DATA, 'homeChart'),
    indicationStage: crudPaths(DATA, 'indicationStage'),
    indicationDepartment: crudPaths(DATA, 'indicationDepartment'),
    publicOpinion: crudPaths(DATA, 'publicOpinion'),
    keyword: crudPaths(DATA, 'keyword'),
    journal: crudPaths(DATA, 'journal'),
    /** The home page's charts (any signed-in user). */
    homeCharts: `${DATA}/homeChart/all`,
  },
  messageGroup: crudPaths('/API-SYSTEM', 'messageGroup'),
  /** Users a message group can hold, by name (the member picker). */
  messageGroupUsers: '/API-SYSTEM/messageGroup/users',
  enterprise: {
    get: '/API-SYSTEM/enterprise/setting',
    update: '/API-SYSTEM/enterprise/update',
  },
} as const;

/** A path with its `:name` parameters filled. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** The URL pattern of spec 001 section 5 (http, https or ftp). */
export const URL_PATTERN = /^(https?|ftp):\/\/[^\s/$.?#][^\s]*$/i;
/**
 * A site-relative path: one leading '/', never '//' nor a backslash, which browsers read as the
 * start of another host ('//evil.example', '/\\evil.example').
 */
export const isSiteRelativePath = (value: string): boolean => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
/** A link the portal may store, show and launch: a site-relative path or an http, https or ftp URL. */
export const isSafeLink = (value: string): boolean => isSiteRelativePath(value) || URL_PATTERN.test(value);

/** The words of a search box: at most five conditions separated by spaces (spec 001 section 5). */
export function searchTerms(search: string): string[] {
  return search.trim().split(/\s+/).filter(Boolean);
}

export interface Page<T> {
  total: number;
  page: number;
  size: number;
  list: T[];
}
