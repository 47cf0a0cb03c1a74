import { defineWords, wordsHook, type CoreLabelKey, type CoreMessageKey } from '@/lib/i18n';

/** Interface labels of the personal centre (profile and the password form), zh and en (added when the first screen that imports this area's hook loads). */
const zh = {
  'personal.profile': '个人信息',
  'personal.username': '用户名',
  'personal.firstName': '姓名',
  'personal.email': '邮箱',
  'personal.phone': '电话',
  'personal.enterprise': '企业',
  'personal.roles': '角色',
  'personal.groups': '组织',
  'personal.buList': 'BU',
  'personal.products': '产品',
  'personal.password': '修改密码',
  'personal.passwordHint': '修改后,您在其他设备上的登录将失效。',
  'personal.oldPassword': '原密码',
  'personal.newPassword': '新密码',
  'personal.confirmPassword': '确认新密码',
  'personal.submit': '保存新密码',
} as const;

const en: Record<keyof typeof zh, string> = {
  'personal.profile': 'Profile',
  'personal.username': 'Username',
  'personal.firstName': 'Name',
  'personal.email': 'Email',
  'personal.phone': 'Phone',
  'personal.enterprise': 'Company',
  'personal.roles': 'Roles',
  'personal.groups': 'Groups',
  'personal.buList': 'BU',
  'personal.products': 'Products',
  'personal.password': 'Change password',
  'personal.passwordHint': 'After the change, your sign-ins on other devices end.',
  'personal.oldPassword': 'Current password',
  'personal.newPassword': 'New password',
  'personal.confirmPassword': 'Confirm new password',
  'personal.submit': 'Save new password',
};

/** The words of this area, added as this file loads; its screens take `t` and `msg` from the hook (docs/decisions/0048). */
export const personalCentreWords = defineWords({ zh, en });
export const usePersonalCentreWords = wordsHook(personalCentreWords);
export type PersonalCentreLabelKey = CoreLabelKey | keyof typeof zh;
export type PersonalCentreMessageKey = CoreMessageKey;
