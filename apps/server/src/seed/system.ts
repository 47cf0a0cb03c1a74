import { count } from 'drizzle-orm';
import { LANGS, MESSAGES } from '@field-portal/shared';
import type { Db, Tx } from '../db/client.js';
import { enterprises, homeStatistics, langEntries, menus, roleMenus, roles } from '../db/schema/index.js';
import { ADMIN_ROLE, DEFAULT_ENTERPRISE } from '../modules/admin/index.js';
import { addKeywords, ensureReferenceData } from '../modules/reference/index.js';
import { DEFAULT_LEXICON } from '../modules/market/index.js';
import { authorityOf, MENU_TREE, type MenuSeed } from './menus.js';

/**
 * The system data every portal needs, demo or not (docs/decisions/0041): the menus, the built-in
 * roles with their menu grants, the reference data (regions, departments, coded lists), the text
 * catalogue, the starting sentiment lexicon, the enterprise row and the home figures counted from
 * rows. The demo seed (./demo.ts) writes the same menus and roles in its own transaction.
 */

interface RoleSeed {
  name: string;
  nameEn: string;
  /** Routers granted, with all their descendants (their ancestors show in the menu by themselves); '*' is everything. */
  grants: string[];
  /**
   * What its holders see of doctors and hospitals: field representatives only what their data
   * permissions (their territory, imported or given in administration) name; the others the whole
   * country until an administrator narrows the role. A fresh portal starts narrow where a territory
   * is the rule, so imported territories restrict from the first sign-in.
   */
  dataScope: 'all' | 'custom';
}

/**
 * 更多's pages field staff use. Batch push is not among them: it sends cards to whole lists of
 * staff, so only the card operator (and the administrator) holds it (docs/decisions/0030).
 */
const MORE = ['dataCollection', 'academicContext', 'meetingReportIndex', 'surveyList'];
const FIELD = ['dashboard', 'appCentre', 'personalcenter', 'downloadCentre', 'informationDynamics', 'news', 'customer', 'task', 'contentCenter', ...MORE];
const CARD_REPORTS = ['cardInfo', 'cardRec', 'pushArticles', 'readData', 'cardPushDetail', 'articleLists'];

export const BUILT_IN_ROLES: RoleSeed[] = [
  { name: ADMIN_ROLE, nameEn: 'Administrator', grants: ['*'], dataScope: 'all' },
  {
    name: 'card manager',
    nameEn: 'Card operator',
    grants: [
      'dashboard',
      'appCentre',
      'personalcenter',
      'downloadCentre',
      'informationDynamics',
      'news',
      'contentCenter',
      'cardArea',
      'recommend',
      'batchPushIndex',
      ...CARD_REPORTS,
    ],
    dataScope: 'all',
  },
  { name: 'Sales', nameEn: 'Sales representative', grants: [...FIELD, 'doctorIntelligenceAdvice'], dataScope: 'custom' },
  { name: 'MSL', nameEn: 'Medical science liaison', grants: [...FIELD, 'doctor', 'medicine'], dataScope: 'all' },
  { name: 'MAF', nameEn: 'Medical affairs', grants: [...FIELD, 'doctor'], dataScope: 'all' },
  {
    name: 'MANGA',
    nameEn: 'Team manager',
    grants: [
      ...FIELD,
      'effectiveVisit',
      'effectiveMeeting',
      'reachDoctor',
      'recruitDoctor',
      'rdRelation',
      'telephoneVisit',
      'multimediaVisit',
      'onlineGraphicVisit',
    ],
    dataScope: 'all',
  },
  {
    name: 'MKT',
    nameEn: 'Marketing',
    grants: [
      'dashboard',
      'appCentre',
      'personalcenter',
      'downloadCentre',
      'informationDynamics',
      'news',
      'contentCenter',
      'medicine',
      ...MORE,
      'pushArticles',
      'articleLists',
      'readData',
      'meeting',
      'cityMeetingDetails',
    ],
    dataScope: 'all',
  },
  { name: 'CRC&OVERSEAS', nameEn: 'CRC and overseas', grants: FIELD, dataScope: 'all' },
];

/** A menu row as a fresh install writes it: `index` is the entry's place among its siblings in the menu list. */
export function menuValues(item: MenuSeed, parent: { id: number; router: string } | undefined, index: number): typeof menus.$inferInsert {
  return {
    parentId: parent?.id ?? null,
    name: item.name,
    nameEn: item.nameEn,
    path: item.path,
    router: item.router,
    code: authorityOf(item.router, parent?.router),
    sort: item.sort ?? index + 1,
    icon: item.icon ?? '',
    hidden: item.hidden ?? false,
    watermark: item.watermark ?? false,
    secondaryMenu: item.secondaryMenu ?? false,
  };
}

async function insertMenus(tx: Tx, items: MenuSeed[], parent: { id: number; router: string } | undefined, ids: Map<string, number>) {
  for (const [index, item] of items.entries()) {
    const [row] = await tx
      .insert(menus)
      .values(menuValues(item, parent, index))
      .returning({ id: menus.id });
    ids.set(item.router, row!.id);
    if (item.children) await insertMenus(tx, item.children, { id: row!.id, router: item.router }, ids);
  }
}

/** Routers granted by a role, each with its whole subtree. */
export function grantedRouters(grants: string[]): Set<string> {
  const out = new Set<string>();
  const walk = (items: MenuSeed[], inherited: boolean) => {
    for (const item of items) {
      const granted = inherited || grants.includes('*') || grants.includes(item.router);
      if (granted) out.add(item.router);
      if (item.children) walk(item.children, granted);
    }
  };
  walk(MENU_TREE, false);
  return out;
}

/** The menus and the built-in roles with their grants; gives the roles' ids by name. `orgId` is the roles' organisation, if any. */
export async function writeMenusAndRoles(tx: Tx, orgId: number | null): Promise<Map<string, number>> {
  const menuIds = new Map<string, number>();
  await insertMenus(tx, MENU_TREE, undefined, menuIds);
  const roleIds = new Map<string, number>();
  for (const role of BUILT_IN_ROLES) {
    const [row] = await tx
      .insert(roles)
      .values({ name: role.name, nameEn: role.nameEn, orgId, dataScope: role.dataScope, roleType: role.name === ADMIN_ROLE ? 'system' : 'business' })
      .returning();
    roleIds.set(role.name, row!.id);
    const grants = [...grantedRouters(role.grants)].map((router) => ({ roleId: row!.id, menuId: menuIds.get(router)! }));
    await tx.insert(roleMenus).values(grants);
  }
  return roleIds;
}

/** The text catalogue of system administration: every shared message in zh and en. */
export async function writeTextCatalogue(tx: Tx): Promise<void> {
  const entries = Object.entries(MESSAGES).flatMap(([key, text]) =>
    LANGS.map((langType) => ({ langType, key, content: (text as Record<string, string>)[langType]! })),
  );
  for (let i = 0; i < entries.length; i += 500) await tx.insert(langEntries).values(entries.slice(i, i + 500));
}

/** Labels of the built-in home figures, so data management shows them by name. */
export const HOME_FIGURE_NAMES: Record<string, [string, string]> = {
  daysOnline: ['平台上线天数', 'Days online'],
  collectionPoints: ['数据采集点', 'Collection points'],
  dataVolume: ['数据量', 'Data volume'],
  algorithmModels: ['算法模型', 'Algorithm models'],
  hospitals: ['覆盖医院', 'Hospitals'],
  doctors: ['覆盖医生', 'Doctors'],
  drugs: ['药品', 'Drugs'],
};

/** The home figures the portal counts from its rows on every read (the others are the demo's, or an administrator's). */
const COUNTED_FIGURES = ['hospitals', 'doctors', 'drugs'] as const;

/**
 * Seeds the system data on an empty database (no menus yet), in one transaction; gives whether it
 * did. A portal started with demo data has it from the demo seed.
 */
export async function seedSystemData(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(menus);
  if ((existing?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await writeMenusAndRoles(tx, null);
    await ensureReferenceData(tx);
    await writeTextCatalogue(tx);
    await addKeywords(tx, DEFAULT_LEXICON);
    await tx
      .insert(enterprises)
      .values({ ...DEFAULT_ENTERPRISE })
      .onConflictDoNothing();
    await tx
      .insert(homeStatistics)
      .values(COUNTED_FIGURES.map((key, i) => ({ key, value: 0, unit: '', sort: i + 1, name: HOME_FIGURE_NAMES[key]![0], nameEn: HOME_FIGURE_NAMES[key]![1] })))
      .onConflictDoNothing();
  });
  return true;
}
