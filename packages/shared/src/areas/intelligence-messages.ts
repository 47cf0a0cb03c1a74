import type { MessageText } from '../message-text.js';
import { INTELLIGENCE_LIMITS } from './intelligence.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

/* ---------- messages ---------- */

export const INTELLIGENCE_MESSAGES = {
  'intel.indication.required': { zh: '请选择适应症', en: 'Please choose an indication' },
  'intel.compare.tooFew': { zh: 'KOL 对比至少需要选择两位医生', en: 'KOL comparison needs at least two doctors' },
  'intel.compare.tooMany': {
    zh: `KOL 对比最多选择 ${INTELLIGENCE_LIMITS.compareMax} 位医生`,
    en: `KOL comparison takes at most ${INTELLIGENCE_LIMITS.compareMax} doctors`,
  },
  'intel.weight.invalid': {
    zh: `{field} 的权重须为 0 到 ${INTELLIGENCE_LIMITS.weightMax} 之间的数字`,
    en: `The weight of {field} must be a number from 0 to ${INTELLIGENCE_LIMITS.weightMax}`,
  },
  'intel.weight.allZero': { zh: '至少一个维度的权重须大于 0', en: 'At least one dimension needs a weight above 0' },
  'intel.notScored': { zh: '该医生在此适应症下暂无 KOL 评分', en: 'This doctor has no KOL score for this indication yet' },
  'intel.job.queued': { zh: '已加入重新计算队列', en: 'A recompute has been queued' },
} as const satisfies Record<string, MessageText>;
