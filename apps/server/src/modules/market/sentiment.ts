import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { LEXICON_CATEGORIES, MARKET_LIMITS, type LexiconRole, type Sentiment, type SentimentExplanation, type SentimentHit } from '@field-portal/shared';

/**
 * Sentiment of a public-opinion item (docs/decisions/0025): the text is cut into words with jieba,
 * each sentiment word of the lexicon scores ±1, multiplied by the degree words and flipped by each
 * negation among the few words before it in the same clause. A positive sum is positive, a negative
 * one negative, zero neutral. The lexicon is data management's keywords (LEXICON_CATEGORIES).
 */

export interface Lexicon {
  roles: Map<string, LexiconRole>;
  /** Longest word, for splitting a token jieba kept whole ("不太好") into lexicon words. */
  longest: number;
  version: string;
}

export interface LexiconEntry {
  keyword: string;
  category: string;
}

const ROLE_OF_CATEGORY = new Map<string, LexiconRole>(Object.entries(LEXICON_CATEGORIES).map(([role, category]) => [category, role as LexiconRole]));

/** The lexicon from data management's keywords; other categories are ignored. Its version is a hash of the entries. */
export function buildLexicon(entries: readonly LexiconEntry[]): Lexicon {
  const roles = new Map<string, LexiconRole>();
  for (const e of entries) {
    const role = ROLE_OF_CATEGORY.get(e.category);
    if (role && e.keyword) roles.set(e.keyword, role);
  }
  const sorted = [...roles.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const version = createHash('sha1').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
  return { roles, longest: Math.max(1, ...[...roles.keys()].map((w) => w.length)), version };
}

const CLAUSE_END = /^[，,。.！!？?；;：:\s、]+$/;

/** A token jieba kept whole is split by forward maximum matching over the lexicon, when it is not a lexicon word itself. */
export function lexiconWords(token: string, lexicon: Lexicon): string[] {
  if (token.length < 2 || lexicon.roles.has(token)) return [token];
  const out: string[] = [];
  let i = 0;
  let matched = false;
  while (i < token.length) {
    let len = Math.min(lexicon.longest, token.length - i);
    while (len > 1 && !lexicon.roles.has(token.slice(i, i + len))) len--;
    const piece = token.slice(i, i + len);
    if (lexicon.roles.has(piece)) matched = true;
    out.push(piece);
    i += len;
  }
  return matched ? out : [token];
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Scores cut words. */
export function scoreWords(tokens: readonly string[], lexicon: Lexicon): SentimentExplanation & { sentiment: Sentiment } {
  const words = tokens.flatMap((t) => lexiconWords(t, lexicon));
  const hits: SentimentHit[] = [];
  let score = 0;
  let clauseStart = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (CLAUSE_END.test(word)) {
      clauseStart = i + 1;
      continue;
    }
    const role = lexicon.roles.get(word);
    if (role !== 'positive' && role !== 'negative') continue;
    const negations: string[] = [];
    const degrees: { word: string; weight: number }[] = [];
    let weight = 1;
    let seen = 0;
    for (let j = i - 1; j >= clauseStart && seen < MARKET_LIMITS.lookBack; j--) {
      const before = words[j]!;
      const r = lexicon.roles.get(before);
      if (r === 'positive' || r === 'negative') break;
      seen++;
      if (r === 'negation') negations.unshift(before);
      else if (r === 'stronger' || r === 'weaker') {
        const w = r === 'stronger' ? MARKET_LIMITS.strongerWeight : MARKET_LIMITS.weakerWeight;
        degrees.unshift({ word: before, weight: w });
        weight *= w;
      }
    }
    const polarity = role === 'positive' ? 1 : -1;
    const contribution = round(polarity * weight * (negations.length % 2 === 1 ? -1 : 1));
    score += contribution;
    hits.push({ word, polarity, negations, degrees, contribution });
  }
  score = round(score);
  return { hits, score, sentiment: score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral' };
}

interface JiebaLike {
  cut(text: string, hmm?: boolean): string[];
}
let jieba: JiebaLike | undefined;

/** jieba with its default dictionary, loaded once (about half a second). */
export function segmenter(): JiebaLike {
  if (!jieba) {
    const require = createRequire(import.meta.url);
    const { Jieba } = require('@node-rs/jieba') as { Jieba: { withDict(dict: Uint8Array): JiebaLike } };
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
    jieba = Jieba.withDict(dict);
  }
  return jieba;
}

/** Cuts a text into words. */
export function cutWords(text: string): string[] {
  return segmenter().cut(text, false);
}

/** The sentiment of a text under a lexicon, with its explanation. */
export function scoreText(text: string, lexicon: Lexicon): SentimentExplanation & { sentiment: Sentiment } {
  return scoreWords(cutWords(text), lexicon);
}
