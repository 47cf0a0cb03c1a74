import type { MessageText } from '../message-text.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

/** Messages of system administration, zh and en (merged into MESSAGES). */
export const ADMIN_MESSAGES = {
  'sys.save.success': { zh: '保存成功', en: 'Saved' },
  'sys.delete.success': { zh: '删除成功', en: 'Deleted' },
  'sys.lang.keyFormat': {
    zh: '键只能由字母、数字、下划线和短横线组成,以点分隔',
    en: 'The key may only contain letters, digits, underscores and hyphens, separated by dots',
  },
  'sys.lang.duplicate': { zh: '该语言下已存在此键', en: 'This key already exists for this language' },
  'sys.tree.hasChildren': { zh: '有 {count} 个下级将一并删除,请确认', en: '{count} children will be deleted too; please confirm' },
  'sys.tree.parentLoop': { zh: '上级不能是自己或自己的下级', en: 'The parent cannot be the item itself or one of its descendants' },
  'sys.tree.parentMissing': { zh: '上级不存在', en: 'The parent does not exist' },
  'sys.org.leaderMissing': { zh: '负责人不存在', en: 'The leader does not exist' },
  'sys.menu.routerDuplicate': { zh: '路由名称已存在', en: 'This route name already exists' },
  'sys.role.nameDuplicate': { zh: '角色名称已存在', en: 'This role name already exists' },
  'sys.role.menuMissing': { zh: '菜单不存在', en: 'A menu does not exist' },
  'sys.role.own': { zh: '不能删除自己拥有的角色', en: 'You cannot delete a role you hold yourself' },
  'sys.role.orgMissing': { zh: '所属组织不存在', en: 'The organisation does not exist' },
  'sys.invite.idsRequired': { zh: '请选择要邀请的用户', en: 'Choose the users to invite' },
  'sys.invite.tooMany': { zh: '一次最多邀请 {max} 个用户', en: 'At most {max} users can be invited at once' },
  'sys.invite.subject': { zh: '{company}门户:设置您的密码', en: '{company} portal: set your password' },
  'sys.invite.body': {
    zh: '{name},您好:\n\n{inviter}邀请您使用{company}门户,您的登录名是 {username}。\n请在 {days} 天内打开下面的链接设置密码(链接只能使用一次):\n\n{link}\n\n如果这不是您本人的账号,请忽略本邮件。',
    en: 'Hello {name},\n\n{inviter} has invited you to the {company} portal; your login name is {username}.\nOpen the link below within {days} days to set your password (it works once):\n\n{link}\n\nIf this is not your account, ignore this message.',
  },
  'passwordLink.invalid': {
    zh: '链接无效或已过期,请联系管理员重新发送邀请',
    en: 'The link is not valid or has expired; ask an administrator to send the invitation again',
  },
  'sys.user.roleRequired': { zh: '用户角色必选', en: 'A user role is required' },
  'sys.user.roleMissing': { zh: '角色不存在', en: 'A role does not exist' },
  'sys.user.passwordRequired': { zh: '新用户必须设置密码', en: 'A password is required for a new user' },
  'sys.user.usernameFormat': {
    zh: '登录名只能由字母、数字、点、下划线和短横线组成',
    en: 'The login name may only contain letters, digits, dots, underscores and hyphens',
  },
  'sys.user.usernameReserved': { zh: '该登录名为系统保留名称', en: 'This login name is reserved' },
  'sys.user.usernameDuplicate': { zh: '登录名已存在', en: 'This login name already exists' },
  'sys.user.mobileFormat': { zh: '请填写正确的手机号码', en: 'Please enter a valid mobile number' },
  'sys.user.emailFormat': { zh: '请填写正确的邮箱', en: 'Please enter a valid email address' },
  'sys.user.self': { zh: '不能停用或删除自己的账号', en: 'You cannot disable or delete your own account' },
  'sys.perm.duplicate': { zh: '该数据权限已存在', en: 'This data permission already exists' },
  'sys.perm.hospitalMissing': { zh: '医院不存在', en: 'The hospital does not exist' },
  'sys.perm.userMissing': { zh: '用户不存在', en: 'The user does not exist' },
  'sys.perm.fileRequired': { zh: '请选择文件', en: 'Please choose a file' },
  'sys.perm.fileTooLarge': { zh: '文件大小不得超过1M', en: 'The file must not be larger than 1M' },
  'sys.perm.fileType': { zh: '只能导入 csv 或 xlsx 文件', en: 'Only csv or xlsx files can be imported' },
  'sys.perm.fileOne': { zh: '只能上传一个文件', en: 'Only one file can be uploaded' },
  'sys.perm.fileUnreadable': { zh: '无法读取文件', en: 'The file cannot be read' },
  'sys.perm.fileHeader': {
    zh: '表头必须包含 username、permissionType、permissionValue',
    en: 'The header must contain username, permissionType and permissionValue',
  },
  'sys.perm.fileEmpty': { zh: '文件中没有数据', en: 'The file has no data' },
  'sys.perm.fileTooLong': { zh: '最多导入 {max} 行', en: 'At most {max} rows can be imported' },
  'sys.perm.rowUser': { zh: '第 {row} 行:用户 {value} 不存在', en: 'Row {row}: user {value} does not exist' },
  'sys.perm.rowType': { zh: '第 {row} 行:权限类型必须是 hospital 或 province', en: 'Row {row}: the permission type must be hospital or province' },
  'sys.perm.rowHospital': { zh: '第 {row} 行:医院 {value} 不存在', en: 'Row {row}: hospital {value} does not exist' },
  'sys.perm.rowValue': { zh: '第 {row} 行:权限值不能为空', en: 'Row {row}: the permission value is required' },
  'sys.perm.noHospital': { zh: '您没有该医院的数据权限', en: 'You have no data permission on this hospital' },
  // enterprise settings and message groups (served under /API-APPS)
  'group.nameRequired': { zh: '请输入消息组名称', en: 'Please enter the message group name' },
  'group.nameTaken': { zh: '消息组名称已存在', en: 'This message group name is already in use' },
  'group.memberMissing': { zh: '所选成员不存在', en: 'A chosen member does not exist' },
  'group.memberDuplicate': { zh: '成员重复', en: 'A member is listed twice' },
  'enterprise.nameRequired': { zh: '请输入系统名称', en: 'Please enter the system name' },
  'enterprise.enterpriseNameRequired': { zh: '请输入企业名称', en: 'Please enter the enterprise name' },
  'enterprise.domainInvalid': { zh: '请输入正确的域名', en: 'Please enter a valid domain' },
} as const satisfies Record<string, MessageText>;
