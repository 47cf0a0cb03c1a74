import { eq, inArray } from 'drizzle-orm';
import { LANGS, MESSAGES } from '@field-portal/shared';
import type { Tx } from '../db/client.js';
import { dataPermissions, hospitals, langEntries, roles, users } from '../db/schema/index.js';

/** Demo hospitals: [name, province, city, level]. */
export const DEMO_HOSPITALS: [string, string, string, string][] = [
  ['复旦大学附属中山医院', '上海市', '上海市', '三级甲等'],
  ['上海交通大学医学院附属瑞金医院', '上海市', '上海市', '三级甲等'],
  ['复旦大学附属华山医院', '上海市', '上海市', '三级甲等'],
  ['上海市第六人民医院', '上海市', '上海市', '三级甲等'],
  ['上海市浦东新区人民医院', '上海市', '上海市', '二级甲等'],
  ['北京协和医院', '北京市', '北京市', '三级甲等'],
  ['北京大学第一医院', '北京市', '北京市', '三级甲等'],
  ['中国人民解放军总医院', '北京市', '北京市', '三级甲等'],
  ['北京朝阳医院', '北京市', '北京市', '三级甲等'],
  ['北京市海淀医院', '北京市', '北京市', '二级甲等'],
  ['中山大学附属第一医院', '广东省', '广州市', '三级甲等'],
  ['南方医科大学南方医院', '广东省', '广州市', '三级甲等'],
  ['广东省人民医院', '广东省', '广州市', '三级甲等'],
  ['深圳市人民医院', '广东省', '深圳市', '三级甲等'],
  ['佛山市第一人民医院', '广东省', '佛山市', '三级甲等'],
  ['浙江大学医学院附属第一医院', '浙江省', '杭州市', '三级甲等'],
  ['浙江省人民医院', '浙江省', '杭州市', '三级甲等'],
  ['宁波市第一医院', '浙江省', '宁波市', '三级甲等'],
  ['温州医科大学附属第一医院', '浙江省', '温州市', '三级甲等'],
  ['江苏省人民医院', '江苏省', '南京市', '三级甲等'],
  ['南京鼓楼医院', '江苏省', '南京市', '三级甲等'],
  ['苏州大学附属第一医院', '江苏省', '苏州市', '三级甲等'],
  ['无锡市人民医院', '江苏省', '无锡市', '三级甲等'],
  ['四川大学华西医院', '四川省', '成都市', '三级甲等'],
  ['四川省人民医院', '四川省', '成都市', '三级甲等'],
  ['绵阳市中心医院', '四川省', '绵阳市', '三级甲等'],
  ['华中科技大学同济医学院附属同济医院', '湖北省', '武汉市', '三级甲等'],
  ['武汉大学人民医院', '湖北省', '武汉市', '三级甲等'],
  ['宜昌市中心人民医院', '湖北省', '宜昌市', '三级甲等'],
  ['山东大学齐鲁医院', '山东省', '济南市', '三级甲等'],
  ['青岛大学附属医院', '山东省', '青岛市', '三级甲等'],
  ['烟台毓璜顶医院', '山东省', '烟台市', '三级甲等'],
  ['西安交通大学第一附属医院', '陕西省', '西安市', '三级甲等'],
  ['空军军医大学西京医院', '陕西省', '西安市', '三级甲等'],
  ['重庆医科大学附属第一医院', '重庆市', '重庆市', '三级甲等'],
  ['陆军军医大学第一附属医院', '重庆市', '重庆市', '三级甲等'],
];

/**
 * Demo data of system administration; runs inside the demo seed's transaction, after the users
 * and the directory: the text catalogue (every shared message in zh and en), the hospitals, and
 * data permissions for the field roles (Sales reps see only their provinces or hospitals).
 */
export async function seedAdmin(tx: Tx): Promise<void> {
  const entries = Object.entries(MESSAGES).flatMap(([key, text]) => LANGS.map((langType) => ({ langType, key, content: (text as Record<string, string>)[langType]! })));
  for (let i = 0; i < entries.length; i += 500) await tx.insert(langEntries).values(entries.slice(i, i + 500));

  const inserted = await tx
    .insert(hospitals)
    .values(DEMO_HOSPITALS.map(([name, province, city, level]) => ({ name, province, city, level })))
    .returning({ id: hospitals.id, province: hospitals.province });

  // Sales representatives see only what their data permissions name.
  await tx.update(roles).set({ dataScope: 'custom' }).where(eq(roles.name, 'Sales'));
  const reps = await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, ['rep01', 'rep02', 'rep03']));
  const byName = new Map(reps.map((u) => [u.username, u.id]));
  const beijing = inserted.filter((h) => h.province === '北京市').map((h) => h.id);
  const grants = [
    { username: 'rep01', permissionType: 'province', permissionValue: '上海市' },
    { username: 'rep01', permissionType: 'province', permissionValue: '浙江省' },
    { username: 'rep02', permissionType: 'hospital', permissionValue: String(beijing[0]) },
    { username: 'rep02', permissionType: 'hospital', permissionValue: String(beijing[1]) },
    { username: 'rep03', permissionType: 'province', permissionValue: '广东省' },
  ];
  const rows = grants.filter((g) => byName.has(g.username)).map((g) => ({ userId: byName.get(g.username)!, permissionType: g.permissionType, permissionValue: g.permissionValue }));
  if (rows.length > 0) await tx.insert(dataPermissions).values(rows);
}
