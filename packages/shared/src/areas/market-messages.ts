import type { MessageText } from '../message-text.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

export const MARKET_MESSAGES = {
  // spec 001 section 5
  'market.competitorRequired': { zh: '请选择竞品并点击查询', en: 'Choose a competitor and click query' },
  'market.drugIndicationRequired': { zh: '请选择药品和适应症', en: 'Choose a drug and an indication' },
  'market.medicineRequired': { zh: '请选择药品', en: 'Choose a drug' },
  'market.indicationRequired': { zh: '请选择适应症', en: 'Choose an indication' },
  'market.productRequired': { zh: '请选择产品', en: 'Choose a product' },
  'market.medicineUnknown': { zh: '数据管理中没有药品「{name}」', en: 'Data management has no drug "{name}"' },
  'market.competitorUnknown': { zh: '「{name}」不是该药品的竞品', en: '"{name}" is not a competitor of this drug' },
  'market.indicationUnknown': { zh: '该药品没有适应症「{name}」', en: 'The drug has no indication "{name}"' },
  'market.eventNotFound': { zh: '舆情事件不存在', en: 'The opinion event does not exist' },
  'market.noLecturerData': { zh: '该产品暂无讲者评级数据', en: 'no lecturer-rating data for this product' },
} as const satisfies Record<string, MessageText>;
