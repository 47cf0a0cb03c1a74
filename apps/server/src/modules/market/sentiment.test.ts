import { describe, expect, it } from 'vitest';
import { LEXICON_CATEGORIES } from '@field-portal/shared';
import { buildLexicon, lexiconWords, scoreText, scoreWords } from './sentiment.js';
import { DEFAULT_LEXICON } from './lexicon-seed.js';

const lexicon = buildLexicon(DEFAULT_LEXICON);

describe('sentiment scoring (hand-checked)', () => {
  it('a positive word alone scores +1', () => {
    const r = scoreWords(['降压', '效果', '稳定'], lexicon);
    expect(r).toMatchObject({ score: 1, sentiment: 'positive' });
    expect(r.hits).toEqual([{ word: '稳定', polarity: 1, negations: [], degrees: [], contribution: 1 }]);
  });

  it('a negation flips the word: 不 稳定 = −1', () => {
    const r = scoreWords(['血压', '不', '稳定'], lexicon);
    expect(r.score).toBe(-1);
    expect(r.sentiment).toBe('negative');
    expect(r.hits[0]!.negations).toEqual(['不']);
  });

  it('two negations cancel: 不是 没 效果… 没有 无效 → +1', () => {
    const r = scoreWords(['并非', '没有', '有效'], lexicon);
    expect(r.score).toBe(1);
    expect(r.hits[0]!.negations).toEqual(['并非', '没有']);
  });

  it('degree words multiply: 非常 有效 = 2, 有点 贵 = −0.5, 非常 不 满意 = −2', () => {
    expect(scoreWords(['非常', '有效'], lexicon).score).toBe(2);
    expect(scoreWords(['有点', '贵'], lexicon).score).toBe(-0.5);
    const r = scoreWords(['非常', '不', '满意'], lexicon);
    expect(r.score).toBe(-2);
    expect(r.hits[0]).toMatchObject({ negations: ['不'], degrees: [{ word: '非常', weight: 2 }] });
  });

  it('negation and degree stay inside their clause and look back at most three words', () => {
    // "不" ends the first clause: it does not reach 有效 after the comma
    expect(scoreWords(['不', '，', '有效'], lexicon).score).toBe(1);
    // four words between 不 and 有效: too far
    expect(scoreWords(['不', '一', '二', '三', '四', '有效'], lexicon).score).toBe(1);
  });

  it('mixed items sum their clauses; equal weight is neutral', () => {
    expect(scoreWords(['有效', '，', '但', '副作用'], lexicon)).toMatchObject({ score: 0, sentiment: 'neutral' });
    expect(scoreWords(['今天', '门诊'], lexicon)).toMatchObject({ score: 0, sentiment: 'neutral', hits: [] });
  });

  it('a token jieba keeps whole is split into lexicon words: 不太好 → 不 太 好', () => {
    expect(lexiconWords('不太好', lexicon)).toEqual(['不', '太', '好']);
    expect(lexiconWords('门诊', lexicon)).toEqual(['门诊']);
    expect(scoreWords(['不太好'], lexicon).score).toBe(-2);
  });

  it('real sentences through jieba', () => {
    expect(scoreText('服用后血压控制得非常稳定，没有明显的不良反应', lexicon)).toMatchObject({ sentiment: 'positive' });
    const bad = scoreText('这个药副作用太明显了，效果也不太好', lexicon);
    expect(bad.sentiment).toBe('negative');
    expect(bad.hits.map((h) => h.word)).toEqual(['副作用', '好']);
    expect(scoreText('今天在门诊开了这个药', lexicon).sentiment).toBe('neutral');
  });

  it('the lexicon version changes with the lexicon and ignores other categories', () => {
    const withOther = buildLexicon([...DEFAULT_LEXICON, { keyword: '高血压', category: '疾病' }]);
    expect(withOther.version).toBe(lexicon.version);
    const changed = buildLexicon([...DEFAULT_LEXICON, { keyword: '惊喜', category: LEXICON_CATEGORIES.positive }]);
    expect(changed.version).not.toBe(lexicon.version);
  });
});
