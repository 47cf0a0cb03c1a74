import type { MessageText } from '../messages.js';
import { INTELLIGENCE_LIMITS } from './intelligence.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

/* ---------- messages ---------- */

export const INTELLIGENCE_MESSAGES = {
  'intel.indication.required': { zh: '请选择适应症', en: 'Please choose an indication' },
  'intel.compare.tooFew': { zh: 'KOL 对比至少需要选择两位医生', en: 'KOL comparison needs at least two doctors' },
  'intel.compare.tooMany': { zh: `KOL 对比最多选择 ${INTELLIGENCE_LIMITS.compareMax} 位医生`, en: `KOL comparison takes at most ${INTELLIGENCE_LIMITS.compareMax} doctors` },
  'intel.weight.invalid': {
    zh: `{field} 的权重须为 0 到 ${INTELLIGENCE_LIMITS.weightMax} 之间的数字`,
    en: `The weight of {field} must be a number from 0 to ${INTELLIGENCE_LIMITS.weightMax}`,
  },
  'intel.weight.allZero': { zh: '至少一个维度的权重须大于 0', en: 'At least one dimension needs a weight above 0' },
  'intel.cursor.invalid': { zh: '分页位置无效,请从第一页重新查询', en: 'The page position is invalid; start again from the first page' },
  'intel.notScored': { zh: '该医生在此适应症下暂无 KOL 评分', en: 'This doctor has no KOL score for this indication yet' },
  // The 360 view's impact section (a doctor's scores, their trend and explanation).
  'intel.impact.noRun': {
    zh: '暂无 KOL 评分:尚未运行过评分计算,管理员在 KOL 权重处重新计算后显示',
    en: 'No KOL score yet: no score computation has run; scores appear once an administrator runs the recompute',
  },
  'intel.impact.noIndication': {
    zh: '暂无 KOL 评分:该医生没有适应症,KOL 评分按适应症计算',
    en: 'No KOL score: this doctor has no indication, and KOL scores are computed per indication',
  },
  'intel.impact.notYet': {
    zh: '暂无 KOL 评分:适应症({indications})在最近一次计算({at})之后才登记,下次重新计算后显示',
    en: 'No KOL score yet: the indications ({indications}) were recorded after the last computation ({at}); scores appear after the next recompute',
  },
  'intel.impact.unscored': {
    zh: '未评分的适应症:{indications}(最近一次计算 {at} 之后登记,下次重新计算后显示)',
    en: 'Indications without a score: {indications} (recorded after the last computation, {at}; scored at the next recompute)',
  },
  'intel.impact.trend': { zh: '趋势(近 {runs} 次计算)', en: 'Trend (last {runs} computations)' },
  'intel.impact.delta': { zh: '较 {at} {delta}', en: '{delta} since {at}' },
  'intel.impact.flat': { zh: '自 {at} 起未变', en: 'unchanged since {at}' },
  'intel.impact.single': { zh: '仅计算过一次({at}),暂无趋势', en: 'Computed once so far ({at}): no trend yet' },
  'intel.impact.explain': { zh: '解释得分', en: 'Explain score' },
  'intel.job.queued': { zh: '已加入重新计算队列', en: 'A recompute has been queued' },
} as const satisfies Record<string, MessageText>;
