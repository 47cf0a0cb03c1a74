import type { MessageText } from '../message-text.js';
import { APPS_LIMITS } from './apps.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

/** Messages of the app centre and app management, zh and en (merged into MESSAGES); the lists' search, save and delete are LIST_MESSAGES. */
export const APPS_MESSAGES = {
  'apps.app.keyRequired': { zh: '请输入应用标识', en: 'Please enter the app key' },
  'apps.app.keyInvalid': {
    zh: '应用标识须以小写字母开头,只含小写字母、数字、- 和 _,最多 50 个字符',
    en: 'The app key starts with a lower-case letter and holds only lower-case letters, digits, - and _ (at most 50 characters)',
  },
  'apps.app.keyTaken': { zh: '应用标识已存在', en: 'This app key is already in use' },
  'apps.app.nameRequired': { zh: '请输入应用名称', en: 'Please enter the app name' },
  'apps.app.classificationRequired': { zh: '请选择应用分类', en: 'Please choose the app classification' },
  'apps.app.classificationMissing': { zh: '应用分类不存在', en: 'The app classification does not exist' },
  'apps.app.urlInvalid': { zh: '请输入正确的链接地址(http、https 或 ftp)', en: 'Please enter a valid link (http, https or ftp)' },
  'apps.app.roleMissing': { zh: '所选角色不存在', en: 'A chosen role does not exist' },
  'apps.app.menuNameRequired': { zh: '请输入菜单名称', en: 'Please enter the menu name' },
  'apps.app.menuDuplicate': { zh: '菜单路径重复: {path}', en: 'Duplicate menu path: {path}' },
  'apps.app.notFound': { zh: '应用不存在', en: 'The app does not exist' },
  'apps.app.noLink': { zh: '该应用没有可打开的链接', en: 'This app has no link to open' },
  'apps.sign.invalid': { zh: '签名无效', en: 'The signature is invalid' },
  'apps.sign.expired': { zh: '签名已过期', en: 'The signature has expired' },
  'apps.sign.used': { zh: '签名已使用', en: 'The signature has already been used' },
  'apps.classification.nameRequired': { zh: '请输入分类名称', en: 'Please enter the classification name' },
  'apps.classification.nameTaken': { zh: '分类名称已存在', en: 'This classification name is already in use' },
  'apps.classification.inUse': { zh: '该分类下还有 {count} 个应用,不能删除', en: 'This classification still holds {count} apps and cannot be deleted' },
  'apps.image.type': { zh: '图片只能是 PNG、JPG 或 GIF 格式', en: 'The image must be a PNG, JPG or GIF file' },
  'apps.image.tooLarge': { zh: '图片大小不得超过 2M', en: 'The image must not exceed 2 MB' },
  'apps.carousel.titleRequired': { zh: '请输入轮播标题', en: 'Please enter the carousel title' },
  'apps.carousel.imageRequired': { zh: '请上传轮播图片', en: 'Please upload the carousel image' },
  'apps.carousel.sortMismatch': { zh: '排序须包含全部轮播图,且每项只出现一次', en: 'The order must list every carousel item exactly once' },
  'apps.frequent.tooMany': { zh: `常用应用最多 ${APPS_LIMITS.frequentMax} 个`, en: `At most ${APPS_LIMITS.frequentMax} frequently used apps` },
  'apps.opening.imageRequired': { zh: '请上传开屏图片', en: 'Please upload the opening-screen image' },
  'apps.opening.seconds': {
    zh: `展示时长为 ${APPS_LIMITS.openingSecondsMin} 到 ${APPS_LIMITS.openingSecondsMax} 秒`,
    en: `The display time is ${APPS_LIMITS.openingSecondsMin} to ${APPS_LIMITS.openingSecondsMax} seconds`,
  },
  'apps.import.type': { zh: '只能导入 .xlsx、.xls 或 .csv 文件', en: 'Only .xlsx, .xls or .csv files can be imported' },
  'apps.import.tooLarge': { zh: '文件大小不得超过1M', en: 'The file must not exceed 1 MB' },
  'apps.import.unreadable': { zh: '无法读取文件,请使用导入模板', en: 'The file cannot be read; please use the import template' },
  'apps.import.header': {
    zh: '表头须为: name, nameEn, code, parentCode, sort, grade, leader',
    en: 'The header must be: name, nameEn, code, parentCode, sort, grade, leader',
  },
  'apps.import.empty': { zh: '文件中没有数据行', en: 'The file holds no data rows' },
  'apps.import.tooManyRows': { zh: `最多导入 ${APPS_LIMITS.importMaxRows} 行`, en: `At most ${APPS_LIMITS.importMaxRows} rows can be imported` },
  'apps.import.invalidRows': { zh: '有 {count} 行数据有误,未导入任何数据', en: '{count} rows are invalid; nothing was imported' },
  'apps.import.typeInvalid': { zh: '组织类型只能包含字母、数字、- 和 _', en: 'The organisation type holds only letters, digits, - and _' },
  'apps.import.nameRequired': { zh: '组织名称不能为空', en: 'The organisation name is required' },
  'apps.import.codeRequired': { zh: '组织编码不能为空', en: 'The organisation code is required' },
  'apps.import.codeTaken': { zh: '组织编码已存在', en: 'The organisation code already exists' },
  'apps.import.codeDuplicate': { zh: '组织编码在文件中重复', en: 'The organisation code appears twice in the file' },
  'apps.import.parentMissing': { zh: '上级组织编码不存在', en: 'The parent organisation code does not exist' },
  'apps.import.number': { zh: '{field} 须为 0 到 9999 的整数', en: '{field} must be a whole number from 0 to 9999' },
} as const satisfies Record<string, MessageText>;

export type AppsMessageKey = keyof typeof APPS_MESSAGES;
