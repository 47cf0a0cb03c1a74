import { LEXICON_CATEGORIES, type LexiconRole } from '@field-portal/shared';

/**
 * The starting sentiment lexicon of the pharmaceutical domain, written into data management's
 * keywords by the demo seed (and by `npm run seed:scale`); administrators change it there and the
 * sentiment job rescores every item.
 */
const WORDS: Record<LexiconRole, string[]> = {
  positive: [
    '有效',
    '显著',
    '稳定',
    '改善',
    '好转',
    '满意',
    '推荐',
    '安全',
    '方便',
    '便宜',
    '实惠',
    '缓解',
    '认可',
    '放心',
    '突破',
    '获批',
    '纳入',
    '优秀',
    '好',
    '耐受',
  ],
  negative: [
    '副作用',
    '不良反应',
    '无效',
    '昂贵',
    '担心',
    '失望',
    '风险',
    '投诉',
    '召回',
    '短缺',
    '过敏',
    '头晕',
    '恶心',
    '反弹',
    '差',
    '麻烦',
    '贵',
    '断货',
    '质疑',
    '偏高',
  ],
  negation: ['不', '没', '没有', '无', '未', '并非', '不是', '别', '难以'],
  stronger: ['非常', '很', '特别', '十分', '极其', '明显', '太', '最', '相当', '格外'],
  weaker: ['有点', '略', '稍微', '比较', '一些', '略微', '有些'],
};

export const DEFAULT_LEXICON: { keyword: string; category: string }[] = (Object.keys(WORDS) as LexiconRole[]).flatMap((role) =>
  WORDS[role].map((keyword) => ({ keyword, category: LEXICON_CATEGORIES[role] })),
);
