import { count } from 'drizzle-orm';
import { DEFAULT_BU_LIST } from '@field-portal/shared';
import type { Db } from '../db/client.js';
import { employees, enterprises, homeStatistics, organisations, userRoles, users } from '../db/schema/index.js';
import { hashPassword } from '../platform/passwords.js';
import { writeMenusAndRoles } from './system.js';
import { seedMessaging } from './messaging.js';
import { seedFeed } from './feed.js';
import { seedAnalytics } from './analytics.js';
import { seedAdmin } from './admin.js';
import { seedCorrections, seedCustomers, seedMoreDoctors } from './customers.js';
import { seedIntelligence, seedSuggestions } from './intelligence.js';
import { seedApps } from './apps.js';
import { seedActivity } from './activity.js';
import { seedMeetingsContent } from './meetings-content.js';
import { seedHomeFigures } from './home-figures.js';
import { DEMO_MARKET, writeMarketData } from '../modules/market/index.js';
import { seedReports } from './reports.js';
import { randomSource } from '../platform/random.js';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_EMPLOYEES = 2000;

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
  '晨',
  '宇',
  '欣',
  '佳',
];
const PINYIN: Record<string, string> = {
  王: 'wang',
  李: 'li',
  张: 'zhang',
  刘: 'liu',
  陈: 'chen',
  杨: 'yang',
  赵: 'zhao',
  黄: 'huang',
  周: 'zhou',
  吴: 'wu',
  徐: 'xu',
  孙: 'sun',
  胡: 'hu',
  朱: 'zhu',
  高: 'gao',
  林: 'lin',
  何: 'he',
  郭: 'guo',
  马: 'ma',
  罗: 'luo',
};

/** wwid of the n-th employee of the directory (1-based). */
export const wwidOf = (n: number) => String(10000000 + n);

interface UserSeed {
  username: string;
  firstName: string;
  roles: string[];
  bu: string[];
  org: string;
}

function demoUsers(): UserSeed[] {
  const list: UserSeed[] = [
    { username: 'admin', firstName: '管理员', roles: ['admin'], bu: [...DEFAULT_BU_LIST], org: 'IT' },
    { username: 'operator', firstName: '运营', roles: ['card manager'], bu: ['D&A_All', 'Neuro_ALL', 'PC_All', 'IM_IBD'], org: 'Marketing' },
    { username: 'operator2', firstName: '运营二', roles: ['card manager'], bu: ['HEMA_LL', 'HEMA_MM', 'ST_All'], org: 'Marketing' },
  ];
  const regions = ['East', 'North', 'South', 'West'];
  for (let i = 1; i <= 8; i++) {
    list.push({
      username: `rep${String(i).padStart(2, '0')}`,
      firstName: `代表${i}`,
      roles: ['Sales'],
      bu: [DEFAULT_BU_LIST[i % DEFAULT_BU_LIST.length]!],
      org: regions[i % 4]!,
    });
  }
  for (let i = 1; i <= 3; i++) list.push({ username: `msl0${i}`, firstName: `医学${i}`, roles: ['MSL'], bu: ['Neuro_ALL', 'PSY_NC'], org: 'Medical' });
  for (let i = 1; i <= 2; i++) list.push({ username: `mgr0${i}`, firstName: `经理${i}`, roles: ['MANGA'], bu: ['IM_IBD', 'IM_IDV'], org: regions[i]! });
  for (let i = 1; i <= 2; i++) list.push({ username: `mkt0${i}`, firstName: `市场${i}`, roles: ['MKT'], bu: ['PC_All'], org: 'Marketing' });
  list.push({ username: 'maf01', firstName: '医务', roles: ['MAF'], bu: ['IM_PAH'], org: 'Medical' });
  list.push({ username: 'crc01', firstName: '海外', roles: ['CRC&OVERSEAS'], bu: ['IM_RP'], org: 'Medical' });
  return list;
}

/**
 * Seeds the demo data once, in one transaction, when the database has no users; `doctors`
 * (DEMO_DOCTORS) past the demo's 20,000 adds the dataset's next doctors last (seedMoreDoctors).
 */
export async function seedDemoData(db: Db, options: { doctors?: number } = {}): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const people = demoUsers();
  const hashes = await Promise.all(people.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    const [root] = await tx
      .insert(organisations)
      .values({ name: '菲尔德医药中国', nameEn: 'Field Pharma China', code: 'FP', type: '公司', grade: 1 })
      .returning();
    const orgIds = new Map<string, number>();
    const orgNames: [string, string][] = [
      ['East', '华东区'],
      ['North', '华北区'],
      ['South', '华南区'],
      ['West', '西部区'],
      ['Medical', '医学部'],
      ['Marketing', '市场部'],
      ['IT', '信息技术部'],
    ];
    for (const [i, [en, zh]] of orgNames.entries()) {
      const [org] = await tx
        .insert(organisations)
        .values({ parentId: root!.id, name: zh, nameEn: en, code: `FP-${en.toUpperCase()}`, type: '部门', grade: 2, sort: i + 1 })
        .returning();
      orgIds.set(en, org!.id);
    }
    const roleIds = await writeMenusAndRoles(tx, root!.id);
    const random = randomSource(20261122); // the same names on every machine
    const directory = Array.from({ length: DEMO_EMPLOYEES }, (_, i) => {
      const surname = SURNAMES[Math.floor(random() * SURNAMES.length)]!;
      const given = GIVEN[Math.floor(random() * GIVEN.length)]!;
      const n = i + 1;
      return {
        wwid: wwidOf(n),
        name: surname + given,
        email: `${PINYIN[surname]}.${n}@fieldportal.example`,
        bu: DEFAULT_BU_LIST[Math.floor(random() * DEFAULT_BU_LIST.length)]!,
        orgId: orgIds.get(orgNames[n % orgNames.length]![0])!,
      };
    });
    // The demo accounts are employees too (the first ones of the directory), so pushes can reach them.
    for (const [i, person] of people.entries()) {
      directory[i] = { ...directory[i]!, name: person.firstName, email: `${person.username}@fieldportal.example` };
    }
    for (let i = 0; i < directory.length; i += 500) await tx.insert(employees).values(directory.slice(i, i + 500));
    for (const [i, person] of people.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          username: person.username,
          passwordHash: hashes[i]!,
          firstName: person.firstName,
          realName: person.firstName,
          email: `${person.username}@fieldportal.example`,
          mobile: `1380000${String(i + 1).padStart(4, '0')}`,
          employeeNo: wwidOf(i + 1),
          company: '菲尔德医药',
          department: person.org,
          orgId: orgIds.get(person.org) ?? null,
          userType: person.roles.includes('admin') ? 'system' : 'internal',
          buList: person.bu,
          groups: [person.org],
          products: person.bu,
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values(person.roles.map((r) => ({ userId: user!.id, roleId: roleIds.get(r)! })));
    }
    await tx.insert(enterprises).values({
      tenantId: 'field-pharma',
      name: 'Field Portal',
      enterpriseName: '菲尔德医药',
      domain: 'localhost',
      copyright: 'Copyright © 2026 Field Pharma China. All rights reserved.',
      filingNumber: '沪ICP备00000000号-1 (demo)',
    });
    await tx.insert(homeStatistics).values([
      { key: 'daysOnline', value: 1268, unit: 'day', sort: 1 },
      { key: 'collectionPoints', value: 356, unit: '', sort: 2 },
      { key: 'dataVolume', value: 68, unit: 'TB', sort: 3 },
      { key: 'algorithmModels', value: 42, unit: '', sort: 4 },
      { key: 'hospitals', value: 31250, unit: '', sort: 5 },
      { key: 'doctors', value: 1284300, unit: '', sort: 6 },
      { key: 'drugs', value: 5630, unit: '', sort: 7 },
    ]);
    // the areas' own demo data (seed/<area>.ts)
    await seedMessaging(tx);
    await seedFeed(tx);
    await seedAnalytics(tx);
    await seedCustomers(tx);
    await seedAdmin(tx);
    await seedApps(tx);
    await seedActivity(tx);
    await seedMeetingsContent(tx);
    await writeMarketData(tx, { ...DEMO_MARKET, now: Date.now() });
    await seedIntelligence(tx);
    await seedReports(tx);
    await seedSuggestions(tx);
    // last, so the other areas' demo data is made as it was before these
    await seedCorrections(tx);
    await seedHomeFigures(tx);
    if (options.doctors) await seedMoreDoctors(tx, options.doctors);
  });
  return true;
}
