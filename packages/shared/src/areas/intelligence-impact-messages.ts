import type { MessageText } from '../message-text.js';

/**
 * The messages of the doctor 360 view's impact section (zh and en): why a doctor has no KOL score,
 * how a score moved over the kept recompute runs (docs/decisions/0024, "the trend on the 360
 * view"). Merged into MESSAGES like every area's; the web adds them with the intelligence screens
 * (apps/web/src/features/intelligence/i18n.ts), so the layout does not carry them.
 */
export const INTELLIGENCE_IMPACT_MESSAGES = {
  'intel.impact.noRun': {
    zh: '暂无 KOL 评分:尚未运行过评分计算,管理员运行重新计算后显示',
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
  'intel.impact.close': { zh: '收起', en: 'Close' },
} as const satisfies Record<string, MessageText>;

export type ImpactTextKey = keyof typeof INTELLIGENCE_IMPACT_MESSAGES;
