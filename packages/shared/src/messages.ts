import { PASSWORD, type Lang } from './constants.js';

type Text = { zh: string; en: string };

/**
 * Every message the server or the web shows, in zh and en. The spec's own
 * wording is kept where it gives one (spec 001 sections 2.1, 5 and 8).
 * `{name}` marks a parameter.
 */
export const MESSAGES = {
  // spec 001 section 8: login page messages by HTTP reason
  'http.403': { zh: '会话已失效,您可以取消或继续登录', en: 'The session is invalid, you can cancel it or continue login' },
  'http.401': { zh: '没有权限', en: 'No authority' },
  'http.404': { zh: '资源未找到', en: 'Resources not found' },
  'http.500': { zh: '服务器出现问题,请稍后重试', en: 'The server is experiencing problems. Please try again later' },
  'http.network': { zh: '请检查网络', en: 'Please check the network' },
  'http.timeout': { zh: '请求超时,请稍后重试', en: 'Request timed out, please try again later' },
  'http.error': { zh: '请求失败', en: 'Request failed' },
  // spec 001 sections 2.1, 4 and 8
  'session.relogin': { zh: '获取用户信息失败,正在重新登录', en: 'fetching user info failed, logging you in again' },
  'session.comFail': { zh: '获取租户信息失败', en: 'failed to obtain tenant info' },
  'session.loginInvalid': { zh: '登录已失效,请重新登录', en: 'Login is invalid, please log in again' },
  'session.userInfoFailed': { zh: '获取用户信息出错', en: 'failed to get user info' },
  'session.confirmLogout': { zh: '确认退出登录?', en: 'confirm log out' },
  'session.loggedOut': { zh: '您已退出登录', en: 'You have logged out' },
  'session.unsaved': { zh: '未保存的信息将会丢失,是否继续?', en: 'Unsaved information will be lost. Continue?' },
  // spec 001 section 5: password change
  'password.sameAsOld': { zh: '原密码和新密码不能相同', en: 'The new password must differ from the old password' },
  'password.mismatch': { zh: '新密码和确认密码不一致', en: 'The new password and the confirmation do not match' },
  'password.required': { zh: '请输入密码', en: 'Please enter a password' },
  'password.length': { zh: `密码长度为 ${PASSWORD.min} 到 ${PASSWORD.max} 个字符`, en: `The password must be ${PASSWORD.min} to ${PASSWORD.max} characters` },
  'password.common': { zh: '密码过于常见,请换一个', en: 'This password is too common, choose another' },
  'password.oldWrong': { zh: '原密码不正确', en: 'The old password is incorrect' },
  'password.changed': { zh: '密码修改成功', en: 'Password changed' },
  'user.roleRequired': { zh: '用户角色必选', en: 'A user role is required' },
  // sign-in
  'login.failed': { zh: '用户名或密码错误', en: 'Incorrect username or password' },
  'login.locked': { zh: '账号已临时锁定,请 {seconds} 秒后再试', en: 'The account is temporarily locked, try again in {seconds} seconds' },
  'login.disabled': { zh: '账号已停用', en: 'This account is disabled' },
  'login.tooMany': { zh: '尝试次数过多,请稍后再试', en: 'Too many attempts, please try again later' },
  'login.usernameRequired': { zh: '请输入用户名', en: 'Please enter the username' },
  'login.passwordRequired': { zh: '请输入密码', en: 'Please enter the password' },
  'token.invalid': { zh: '令牌无效或已过期', en: 'The token is invalid or has expired' },
  'token.refreshInvalid': { zh: '刷新令牌无效', en: 'The refresh token is invalid' },
  'auth.required': { zh: '请先登录', en: 'Please sign in first' },
  'auth.forbidden': { zh: '没有权限', en: 'No permission' },
  // generic request errors
  'request.invalid': { zh: '请求参数错误', en: 'Invalid request' },
  'request.notFound': { zh: '资源不存在', en: 'Not found' },
  'request.tooLarge': { zh: '内容过大', en: 'The content is too large' },
  'request.unsupportedType': { zh: '不支持的内容类型', en: 'Unsupported content type' },
  'request.conflict': { zh: '数据冲突', en: 'Conflict' },
  'request.serverError': { zh: '服务器内部错误', en: 'Internal server error' },
  'request.ok': { zh: '成功', en: 'Success' },
  'field.required': { zh: '{field} 不能为空', en: '{field} is required' },
  'field.invalid': { zh: '{field} 格式不正确', en: '{field} is invalid' },
  'field.tooLong': { zh: '{field} 最多 {max} 个字符', en: '{field} must be at most {max} characters' },
  'field.tooShort': { zh: '{field} 至少 {min} 个字符', en: '{field} must be at least {min} characters' },
  'field.unknown': { zh: '不允许的字段 {field}', en: 'Unknown field {field}' },
  'field.tooSmall': { zh: '{field} 不能小于 {min}', en: '{field} must be at least {min}' },
  'field.tooBig': { zh: '{field} 不能大于 {max}', en: '{field} must be at most {max}' },
  // pages and empty states (spec 001 section 8)
  'page.notYetAvailable': { zh: '此页面尚未开放', en: 'This page is not yet available' },
  'empty.noData': { zh: '暂无数据', en: 'No data' },
  'empty.noMessages': { zh: '暂无消息', en: 'No messages' },
  'notice.dataUse': {
    zh: '本平台数据采集自互联网公开数据,仅供内部使用,请勿截屏或外传。',
    en: 'The data is collected from public internet data, is for internal use only and must not be screenshotted or shared.',
  },
} as const satisfies Record<string, Text>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/** The message in the given language with `{name}` parameters filled in. */
export function message(key: MessageKey, lang: Lang, params: Record<string, string | number> = {}): string {
  return MESSAGES[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
