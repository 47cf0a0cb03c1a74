import { buildLexicon, cutWords, scoreText } from '../apps/server/src/modules/market/index.js';
import { DEFAULT_LEXICON } from '../apps/server/src/modules/market/index.js';
import { median, report, SMALL } from './lib.js';

const ITEMS = SMALL ? 2_000 : 100_000;

const OPENERS = ['患者反映', '有网友说', '医生分享：', '病友群里提到', '复诊时发现', ''];
const BODIES = [
  '服用后血压控制得非常稳定，没有明显的不良反应',
  '这个药副作用太明显了，效果也不太好',
  '今天门诊开了这个药，下个月复查',
  '换药后症状明显好转，值得推荐，但价格偏高',
  '听说最近断货，买药很麻烦，有点担心',
  '耐受性好，老年患者也比较安全',
];

/**
 * Issue 17: sentiment of 100,000 opinion items ≤ 2 s (word segmentation with jieba, then the
 * lexicon's scoring with negation and degree words), next to segmentation alone of the same texts
 * in the same run: the scoring's own cost is the difference.
 */
export async function run() {
  console.log(`\nmarket intelligence: sentiment (${ITEMS} items)`);
  const lexicon = buildLexicon(DEFAULT_LEXICON);
  const texts = Array.from({ length: ITEMS }, (_, i) => `${OPENERS[i % OPENERS.length]}${BODIES[(i * 7) % BODIES.length]}${i}`);
  cutWords('预热分词词典'); // the dictionary loads once, outside the timings
  const cutTimes: number[] = [];
  const scoreTimes: number[] = [];
  let negative = 0;
  for (let round = 0; round < (SMALL ? 1 : 3); round++) {
    let started = performance.now();
    for (const text of texts) cutWords(text);
    cutTimes.push(performance.now() - started);
    started = performance.now();
    negative = 0;
    for (const text of texts) if (scoreText(text, lexicon).sentiment === 'negative') negative++;
    scoreTimes.push(performance.now() - started);
  }
  const cut = median(cutTimes);
  const scored = median(scoreTimes);
  report({
    name: `sentiment of ${ITEMS.toLocaleString('en')} items (${negative.toLocaleString('en')} negative)`,
    value: scored / 1000,
    unit: 's',
    budget: '<= 2 s',
    reference: `segmentation alone ${(cut / 1000).toFixed(2)} s`,
    ok: scored <= 2000,
  });
}
