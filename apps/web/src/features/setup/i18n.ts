import { SETUP_MESSAGES } from '@field-portal/shared';
import { defineWords, wordsHook, type CoreLabelKey, type CoreMessageKey } from '@/lib/i18n';

/** Interface labels of the first start's setup page and the first password change, zh and en (added when the first screen that imports this area's hook loads). */
const zh = {
  'setupPage.title': '设置门户',
  'setupPage.intro': '这是门户的第一次启动。请填写公司名称并创建第一位管理员,完成后将以管理员身份登录。',
  'setupPage.company': '公司',
  'setupPage.companyName': '公司名称',
  'setupPage.companyNameHelp': '显示在登录页和页脚',
  'setupPage.administrator': '第一位管理员',
  'setupPage.username': '登录名',
  'setupPage.displayName': '姓名',
  'setupPage.email': '邮箱',
  'setupPage.password': '密码',
  'setupPage.passwordHelp': '{{min}} 到 {{max}} 个字符,不能是常见密码',
  'setupPage.confirmPassword': '确认密码',
  'setupPage.submit': '完成设置并登录',
  'setupPage.checking': '正在检查设置链接',
  'setupPage.doneTitle': '门户已设置完成',
  'setupPage.doneHint': '设置链接只能使用一次,现已失效。请用管理员账号登录。',
  'setupPage.invalidHint': '请使用服务器控制台打印的完整链接(也写在数据目录的 setup-link.txt 中)。',
  'setupPage.invalidTitle': '设置链接无效',
  'setupPage.toLogin': '前往登录',
  'setupPage.checkFailed': '无法检查设置链接',
  'firstPassword.title': '请设置新密码',
  'firstPassword.intro': '您使用的是初始密码。设置新密码后即可使用门户。',
  'firstPassword.logout': '退出登录',
  'passwordLink.title': '设置密码',
  'passwordLink.intro': '为登录名 {{username}} 设置密码,之后即可用它登录门户。',
  'passwordLink.checking': '正在检查链接',
  'passwordLink.checkFailed': '无法检查链接',
  'passwordLink.invalidTitle': '链接无效或已过期',
  'passwordLink.invalidHint': '邀请链接只能使用一次,{{days}} 天内有效。请联系管理员重新发送邀请。',
  'passwordLink.doneTitle': '密码已设置',
  'passwordLink.doneHint': '请用登录名 {{username}} 和新密码登录。',
  'passwordLink.submit': '设置密码',
} as const;

const en: Record<keyof typeof zh, string> = {
  'setupPage.title': 'Set up the portal',
  'setupPage.intro':
    "This is the portal's first start. Enter the company's name and create the first administrator; you are then signed in as the administrator.",
  'setupPage.company': 'Company',
  'setupPage.companyName': 'Company name',
  'setupPage.companyNameHelp': 'Shown on the sign-in page and in the footer',
  'setupPage.administrator': 'First administrator',
  'setupPage.username': 'Login name',
  'setupPage.displayName': 'Name',
  'setupPage.email': 'E-mail',
  'setupPage.password': 'Password',
  'setupPage.passwordHelp': '{{min}} to {{max}} characters, not a common password',
  'setupPage.confirmPassword': 'Confirm password',
  'setupPage.submit': 'Finish and sign in',
  'setupPage.checking': 'Checking the setup link',
  'setupPage.doneTitle': 'The portal is set up',
  'setupPage.doneHint': "A setup link works once and this one is used. Sign in with the administrator's account.",
  'setupPage.invalidHint': "Use the whole link the server's console printed (it is also in setup-link.txt in the data folder).",
  'setupPage.invalidTitle': 'The setup link is not valid',
  'setupPage.toLogin': 'Go to sign-in',
  'setupPage.checkFailed': 'The setup link could not be checked',
  'firstPassword.title': 'Choose a new password',
  'firstPassword.intro': 'You signed in with an initial password. Choose a new one to use the portal.',
  'firstPassword.logout': 'Sign out',
  'passwordLink.title': 'Set your password',
  'passwordLink.intro': 'Choose the password of the login name {{username}}; you then sign in to the portal with it.',
  'passwordLink.checking': 'Checking the link',
  'passwordLink.checkFailed': 'The link could not be checked',
  'passwordLink.invalidTitle': 'The link is not valid or has expired',
  'passwordLink.invalidHint': "An invitation's link works once, for {{days}} days. Ask an administrator to send the invitation again.",
  'passwordLink.doneTitle': 'Your password is set',
  'passwordLink.doneHint': 'Sign in with the login name {{username}} and your new password.',
  'passwordLink.submit': 'Set the password',
};

/** The words of this area, added as this file loads; its screens take `t` and `msg` from the hook (docs/decisions/0048). */
export const setupWords = defineWords({ zh, en }, SETUP_MESSAGES);
export const useSetupWords = wordsHook(setupWords);
export type SetupLabelKey = CoreLabelKey | keyof typeof zh;
export type SetupMessageKey = CoreMessageKey | keyof typeof SETUP_MESSAGES;
