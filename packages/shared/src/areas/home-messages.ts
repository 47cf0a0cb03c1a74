import type { MessageText } from '../message-text.js';
import { APPS_LIMITS } from './apps.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

/** Messages of the home page's data and charts, zh and en (merged into MESSAGES). */
export const HOME_MESSAGES = {
  'data.homeData.keyInvalid': {
    zh: '数据标识须以字母开头,只含字母和数字,最多 40 个字符',
    en: 'The data key starts with a letter and holds only letters and digits (at most 40 characters)',
  },
  'data.homeData.keyTaken': { zh: '数据标识已存在', en: 'This data key is already in use' },
  'data.homeData.nameRequired': { zh: '请输入数据名称', en: 'Please enter the data name' },
  'data.homeData.valueRequired': { zh: '请输入数值(不小于 0 的整数)', en: 'Please enter the value (a whole number, at least 0)' },
  'data.chart.nameRequired': { zh: '请输入图表名称', en: 'Please enter the chart name' },
  'data.chart.contentRequired': { zh: '请输入图表内容', en: 'Please enter the chart content' },
  'data.chart.contentFormat': {
    zh: '图表内容格式为 时间/数值,两边均为数字,多项以逗号分隔,如 2023/120,2024/156',
    en: "Chart content is time/value with numbers on both sides of '/', items separated by commas, e.g. 2023/120,2024/156",
  },
  'data.chart.duplicateTime': { zh: '图表内容中的时间 {time} 重复', en: 'The time {time} appears twice in the chart content' },
  'data.chart.tooManyPoints': { zh: `图表内容最多 ${APPS_LIMITS.chartPointsMax} 项`, en: `At most ${APPS_LIMITS.chartPointsMax} chart items` },
} as const satisfies Record<string, MessageText>;

export type HomeMessageKey = keyof typeof HOME_MESSAGES;
