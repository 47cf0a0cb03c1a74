import { CARD_LIMITS, CARD_TYPES } from './areas/cards.js';
import { PASSWORD, type Lang } from './constants.js';
import { SSO_MESSAGES } from './areas/sso.js';
import { INPUT_LIMITS } from './input-limits.js';
import type { MessageText } from './message-text.js';

const MB = 1024 * 1024;

export type { MessageText };
type Text = MessageText;

/**
 * The messages every page may show (sign-in, sessions, HTTP failures, passwords, cards, files,
 * single sign-on), in zh and en; merged with every area's into MESSAGES (./messages.ts). The web
 * entry needs only these, so the areas' messages load with their screens (docs/decisions/0016).
 * The spec's own wording is kept where it gives one (spec 001 sections 2.1, 5 and 8). `{name}`
 * marks a parameter.
 */
export const CORE_MESSAGES = {
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
  // ours: an account made with a temporary password (ADMIN_PASSWORD) changes it before anything else (docs/decisions/0041)
  'password.mustChange': { zh: '请先修改初始密码', en: 'Please change the initial password first' },
  'user.roleRequired': { zh: '用户角色必选', en: 'A user role is required' },
  // sign-in
  'login.failed': { zh: '用户名或密码错误', en: 'Incorrect username or password' },
  'login.locked': { zh: '登录失败次数过多,请 {seconds} 秒后再试', en: 'Too many failed sign-ins, try again in {seconds} seconds' },
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
  // docs/decisions/0047: one cursor for every keyset list
  'page.cursorInvalid': { zh: '分页位置无效,请从第一页重新查询', en: 'The page position is invalid; start again from the first page' },
  'field.required': { zh: '{field} 不能为空', en: '{field} is required' },
  'field.invalid': { zh: '{field} 格式不正确', en: '{field} is invalid' },
  'field.tooLong': { zh: '{field} 最多 {max} 个字符', en: '{field} must be at most {max} characters' },
  'field.tooShort': { zh: '{field} 至少 {min} 个字符', en: '{field} must be at least {min} characters' },
  'field.unknown': { zh: '不允许的字段 {field}', en: 'Unknown field {field}' },
  'field.tooSmall': { zh: '{field} 不能小于 {min}', en: '{field} must be at least {min}' },
  'field.tooBig': { zh: '{field} 不能大于 {max}', en: '{field} must be at most {max}' },
  'field.unstorable': {
    zh: '{field} 含有无法保存的字符（如 NUL 或不成对的代理字符）',
    en: '{field} contains a character that cannot be stored (such as NUL or an unpaired surrogate)',
  },
  // docs/decisions/0037: the nesting and size of structured input
  'field.tooDeep': {
    zh: `{field} 的嵌套不能超过 ${INPUT_LIMITS.depthMax} 层`,
    en: `{field} must not be nested more than ${INPUT_LIMITS.depthMax} levels deep`,
  },
  'field.tooManyValues': { zh: '{field} 最多含 {max} 个值', en: '{field} may hold at most {max} values' },
  'request.serverClosing': { zh: '服务正在重启，请稍后重试', en: 'The server is restarting; please try again shortly' },
  'request.databaseUnavailable': { zh: '数据库暂时无法访问，请稍后重试', en: 'The database cannot be reached right now; please try again shortly' },
  // spec 000 section 5: the card form and its uploads
  'card.titleRequired': { zh: '请输入标题名称', en: 'please enter title name' },
  'card.titleLength': { zh: `长度在 1 到 ${CARD_LIMITS.titleMax} 个字符`, en: `Length should be 1 to ${CARD_LIMITS.titleMax} characters` },
  'card.summaryLength': { zh: `摘要最多 ${CARD_LIMITS.summaryMax} 个字符`, en: `The summary must be at most ${CARD_LIMITS.summaryMax} characters` },
  'card.authorRequired': { zh: '请输入作者', en: 'Please enter the author' },
  'card.createIncomplete': { zh: '创建卡片失败,请检查未填写的内容', en: 'Card creation failed, check for unfilled content' },
  'card.previewIncomplete': { zh: '预览失败,请检查未填写的内容', en: 'Preview failed, check for unfilled content' },
  'card.fileLimit': { zh: `当前限制选择 ${CARD_LIMITS.attachmentMaxFiles} 个文件`, en: `currently limited to ${CARD_LIMITS.attachmentMaxFiles} file` },
  'card.attachmentTooLarge': {
    zh: `附件大小不能超过 ${CARD_LIMITS.attachmentMaxBytes / MB}M`,
    en: `attachment cannot exceed ${CARD_LIMITS.attachmentMaxBytes / MB}M`,
  },
  'card.avatarType': { zh: '上传头像图片只能是 JPG 或 PNG 格式', en: 'The avatar image must be a JPG or PNG file' },
  'card.avatarTooLarge': {
    zh: `上传头像图片大小不能超过 ${CARD_LIMITS.avatarMaxBytes / MB}MB`,
    en: `The avatar image cannot exceed ${CARD_LIMITS.avatarMaxBytes / MB} MB`,
  },
  'card.imageType': { zh: '上传图片只能是 JPG 或 PNG 格式', en: 'The image must be a JPG or PNG file' },
  'card.imageTooLarge': { zh: `上传图片大小不能超过 ${CARD_LIMITS.imageMaxBytes / MB}MB`, en: `The image cannot exceed ${CARD_LIMITS.imageMaxBytes / MB} MB` },
  'card.linkScheme': {
    zh: '链接必须是以 http:// 或 https:// 开头的完整网址',
    en: 'The link must be a full web address starting with http:// or https://',
  },
  'card.linkOrAttachment': { zh: '链接和附件只能选择其一', en: 'Choose either a link or an attachment, not both' },
  'card.categoryInvalid': { zh: '请选择列表中的分类', en: 'Choose one of the listed categories' },
  'card.typeInvalid': {
    zh: `卡片类型必须是 ${CARD_TYPES[0]} 到 ${CARD_TYPES[CARD_TYPES.length - 1]}`,
    en: `The card type must be ${CARD_TYPES[0]} to ${CARD_TYPES[CARD_TYPES.length - 1]}`,
  },
  'card.buNotAllowed': { zh: '只能选择您自己的 BU', en: 'Choose a BU from your own BU list' },
  'card.contentInvalid': { zh: '卡片内容不是有效的 JSON 对象', en: 'The card content is not a valid JSON object' },
  'card.fileUrlInvalid': { zh: '文件地址无效,请重新上传', en: 'The file address is not valid, upload the file again' },
  'card.fileMissing': { zh: '文件不存在或用途不符,请重新上传', en: 'The file does not exist or was uploaded for another use, upload it again' },
  'card.notEditable': { zh: '只有草稿可以修改,已创建的卡片请复制后编辑', en: 'Only a draft can be changed; copy a created card to edit it' },
  'card.createByNotYou': { zh: '创建人必须是当前登录用户', en: 'createBy must be the signed-in user' },
  'card.fileInUse': { zh: '该文件属于已创建的卡片,不能删除', en: 'The file belongs to a created card and cannot be deleted' },
  'card.tooManyFiles': {
    zh: `每张卡片最多上传 ${CARD_LIMITS.filesPerCard} 个文件`,
    en: `At most ${CARD_LIMITS.filesPerCard} files can be uploaded for one card`,
  },
  // spec 000 section 5: push settings; sections 4 and 8: list actions
  'push.selectCard': { zh: '请至少选择一张卡片', en: 'select at least one card' },
  'push.selectTime': { zh: '请选择上传时间', en: 'select upload time' },
  'push.timeTooEarly': { zh: '推送时间不能早于昨天', en: 'The push time cannot be before yesterday' },
  'push.unreadTime': { zh: '请正确填写未读时间', en: 'fill in unread time correctly' },
  'push.maxPushTimes': { zh: '请正确填写最大推送次数', en: 'fill in max push times correctly' },
  'push.selectPinPeriod': { zh: '请选择置顶时间段', en: 'select pin period' },
  'push.pinPeriodInvalid': {
    zh: '置顶开始时间不能早于昨天,且结束时间须晚于开始时间',
    en: 'The pin period must start no earlier than yesterday and end after it starts',
  },
  'push.checkList': { zh: '请检查是否上传名单', en: 'check that you uploaded the list' },
  'push.addPersons': { zh: '请添加指定人员', en: 'add designated persons' },
  'push.scopeInvalid': { zh: '推送范围必须是 0、1 或 2', en: 'The push scope must be 0, 1 or 2' },
  'push.remarkInvalid': { zh: '推送备注不是有效的 JSON 对象', en: 'The push remark is not a valid JSON object' },
  'push.unknownReceiver': { zh: '员工 {wwid} 不在通讯录中', en: 'Employee {wwid} is not in the directory' },
  'push.cardNotPushable': {
    zh: '卡片 {id} 不能推送:只能推送已创建或已发布的卡片',
    en: 'Card {id} cannot be pushed: only created or published cards can be pushed',
  },
  'push.notQueued': { zh: '该推送已发出或已取消,不能取消', en: 'This push has already been sent or cancelled and cannot be cancelled' },
  'push.notPublished': { zh: '只有已发布的卡片可以置顶或取消置顶', en: 'Only a published card can be pinned or unpinned' },
  'push.permanentUnsupported': { zh: '不支持永久置顶', en: 'Permanent pinning is not supported' },
  'card.deleteRefused': { zh: '已发布或队列中的卡片不能删除', en: 'published or queued cards cannot be deleted' },
  'push.listFormat': { zh: '附件格式错误,请重新上传', en: 'attachment format wrong, re-upload' },
  'push.listOneFile': { zh: '当前限制选择 1 个文件', en: 'limited to 1 file' },
  'push.listRequired': { zh: '请上传附件', en: 'please upload attachment' },
  'push.listTooLarge': { zh: '名单文件不能超过 10M', en: 'The list file cannot exceed 10M' },
  'push.listHeader': { zh: '名单第一行须有 wwid 和 name 两列', en: 'The first row of the list must have the columns wwid and name' },
  'push.listInflatedTooLarge': {
    zh: '文件解压后超过 {max}M 或与其目录不符,请检查后重新上传',
    en: 'Unpacked, the file exceeds {max} MB or does not match its own directory; check it and upload it again',
  },
  'push.listUnreadable': { zh: '名单文件无法读取,请检查后重新上传', en: 'The list file cannot be read, check it and upload it again' },
  'push.listTooLong': { zh: '名单最多 {max} 行', en: 'The list can have at most {max} rows' },
  'push.ok': { zh: '推送成功!', en: 'Push successful!' },
  // spec 000 sections 2 and 8: the card renderer and the success dialog
  'card.formatWrong': { zh: '卡片格式错误', en: 'card format is wrong' },
  'card.created': { zh: '创建成功', en: 'created successfully' },
  'file.required': { zh: '请选择要上传的文件', en: 'Please choose a file to upload' },
  'file.fieldsFirst': { zh: '表单字段 id 和 kind 须在文件之前发送', en: 'Send the form fields id and kind before the file' },
  'file.extensionMismatch': { zh: '文件扩展名与文件内容不符', en: "The file name's extension does not match its content" },
  // pages and empty states (spec 001 section 8)
  'page.notYetAvailable': { zh: '此页面尚未开放', en: 'This page is not yet available' },
  'empty.noData': { zh: '暂无数据', en: 'No data' },
  'empty.noMessages': { zh: '暂无消息', en: 'No messages' },
  // one pager for every numbered list (docs/decisions/0061)
  'pager.total': { zh: '共 {n} 条', en: 'Total {n}' },
  'pager.pageSize': { zh: '{n} 条/页', en: '{n} / page' },
  'pager.pageSizeLabel': { zh: '每页条数', en: 'Page size' },
  'pager.page': { zh: '第 {n} 页', en: 'Page {n}' },
  'pager.previous': { zh: '上一页', en: 'Previous' },
  'pager.next': { zh: '下一页', en: 'Next' },
  'pager.more': { zh: '加载更多', en: 'Load more' },
  'notice.dataUse': {
    zh: '本平台数据采集自互联网公开数据,仅供内部使用,请勿截屏或外传。',
    en: 'The data is collected from public internet data, is for internal use only and must not be screenshotted or shared.',
  },
  ...SSO_MESSAGES,
} as const satisfies Record<string, Text>;

export type CoreMessageKey = keyof typeof CORE_MESSAGES;

/** `{name}` parameters filled in. */
export function fillMessage(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** A core message in the given language with `{name}` parameters filled in. */
export function coreMessage(key: CoreMessageKey, lang: Lang, params: Record<string, string | number> = {}): string {
  return fillMessage(CORE_MESSAGES[key][lang], params);
}
