import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import {
  appClassifications,
  appMenus,
  appRoles,
  apps,
  carousels,
  homeStatistics,
  messageGroupMembers,
  messageGroups,
  openingScreens,
  roles,
  userAppMessages,
  users,
} from '../db/schema/index.js';
import { seedMedicineCatalogue } from '../modules/reference/index.js';
import { HOME_FIGURE_NAMES } from './system.js';

/** Demo data of app management and data management; runs inside the demo seed's transaction, after the users and the directory. */
export async function seedApps(tx: Tx): Promise<void> {
  for (const [key, [name, nameEn]] of Object.entries(HOME_FIGURE_NAMES)) {
    await tx.update(homeStatistics).set({ name, nameEn }).where(eq(homeStatistics.key, key));
  }

  const classes = await tx
    .insert(appClassifications)
    .values([
      { name: '办公协同', nameEn: 'Office', sort: 1 },
      { name: '医学支持', nameEn: 'Medical', sort: 2 },
      { name: '数据分析', nameEn: 'Analytics', sort: 3 },
    ])
    .returning();
  const [office, medical, analytics] = classes;
  const created = await tx
    .insert(apps)
    .values([
      {
        appKey: 'wxwork',
        name: '企业微信拜访',
        nameEn: 'Enterprise-chat visit',
        classificationId: office!.id,
        url: 'https://work.example.com/visit',
        description: '通过企业微信拜访医生',
        sort: 1,
      },
      {
        appKey: 'bizconf',
        name: '会议创建',
        nameEn: 'Meeting creation',
        classificationId: office!.id,
        url: 'https://meeting.example.com',
        description: '创建线上学术会议',
        sort: 2,
      },
      {
        appKey: 'survey',
        name: '问卷调研',
        nameEn: 'Surveys',
        classificationId: medical!.id,
        url: 'https://survey.example.com',
        description: '面向医生的问卷',
        sort: 1,
      },
      {
        appKey: 'medlive',
        name: '医学门户',
        nameEn: 'Medical portal',
        classificationId: medical!.id,
        url: 'https://medlive.example.com',
        description: '医学资讯与文献',
        sort: 2,
      },
      {
        appKey: 'xjp-msl',
        name: 'MSL 工作台',
        nameEn: 'MSL workbench',
        classificationId: analytics!.id,
        url: 'https://msl.example.com',
        description: '医学联络官专用',
        sort: 1,
      },
    ])
    .returning();
  await tx.insert(appMenus).values([
    { appId: created[0]!.id, name: '拜访记录', nameEn: 'Visit records', path: '/visits', type: 'MENU', sort: 1 },
    { appId: created[0]!.id, name: '新建拜访', nameEn: 'New visit', path: '/visits/new', type: 'MENU', sort: 2 },
    { appId: created[0]!.id, name: '导出', nameEn: 'Export', path: 'visit:export', type: 'BUTTON', sort: 3 },
    { appId: created[1]!.id, name: '我的会议', nameEn: 'My meetings', path: '/meetings', type: 'MENU', sort: 1 },
  ]);
  const [msl] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'MSL')).limit(1);
  if (msl) await tx.insert(appRoles).values({ appId: created[4]!.id, roleId: msl.id });
  // rep01 has three surveys waiting: the app centre shows the count on the app
  const [rep] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'rep01')).limit(1);
  if (rep) await tx.insert(userAppMessages).values({ userId: rep.id, appId: created[2]!.id, value: 3 });

  await tx.insert(carousels).values([
    { title: '新品上市学术周', image: '', link: 'https://news.example.com/launch', sort: 1 },
    { title: '合规培训提醒', image: '', link: '', sort: 2 },
    { title: '医学季度报告', image: '', link: 'https://news.example.com/report', sort: 3 },
  ]);
  await tx.insert(openingScreens).values({ id: 1, image: '', link: '', durationSeconds: 3, enabled: false });

  await seedMedicineCatalogue(tx);

  const [group] = await tx.insert(messageGroups).values({ name: '全国代表', description: '所有销售代表' }).returning();
  const reps = await tx.select({ id: users.id, username: users.username }).from(users);
  const members = reps.filter((u) => /^rep0[1-3]$/.test(u.username));
  if (members.length > 0) await tx.insert(messageGroupMembers).values(members.map((u) => ({ groupId: group!.id, userId: u.id })));
}
