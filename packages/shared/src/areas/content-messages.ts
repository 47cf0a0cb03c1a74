import type { MessageText } from '../message-text.js';
import { CONTENT_LIMITS } from './content.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

export const CONTENT_MESSAGES = {
  'content.titleRequired': { zh: '请输入文章标题', en: 'Please enter the article title' },
  'content.bodyRequired': { zh: '请输入正文', en: 'Please enter the article body' },
  'content.channelInvalid': { zh: '请选择栏目', en: 'Choose a channel' },
  'content.departmentRequired': { zh: '部门动态须选择部门', en: 'Department news needs a department' },
  'content.departmentOnlyDynamics': { zh: '只有部门动态可以选择部门', en: 'Only department news has a department' },
  'content.sourceUrlInvalid': { zh: '来源链接必须以 http:// 或 https:// 开头', en: 'The source link must start with http:// or https://' },
  'content.sourceNameRequired': { zh: '外部来源须填写来源名称', en: 'External material needs the name of its source' },
  'content.notFound': { zh: '文章不存在或尚未发布', en: 'The article does not exist or is not published' },
  'content.coverType': { zh: '封面只能是 JPG 或 PNG 图片', en: 'The cover must be a JPG or PNG image' },
  'content.coverTooLarge': {
    zh: `封面大小不能超过 ${CONTENT_LIMITS.coverMaxBytes / 1024 / 1024}MB`,
    en: `The cover cannot exceed ${CONTENT_LIMITS.coverMaxBytes / 1024 / 1024} MB`,
  },
  'content.coverMissing': { zh: '封面不存在,请重新上传', en: 'The cover does not exist, upload it again' },
  'content.bodyEmptyAfterClean': {
    zh: '正文清理后为空(不允许脚本、事件属性和非 http/https 链接)',
    en: 'The body is empty once cleaned (no scripts, event handlers or links other than http/https)',
  },
  /** Spec 001 section 1: external material carries the compliance notice. */
  'content.complianceNotice': {
    zh: '本内容采集自互联网公开数据,仅供内部使用,请勿截屏或外传。',
    en: 'This material is collected from public internet data, is for internal use only and must not be screenshotted or shared.',
  },
} as const satisfies Record<string, MessageText>;
